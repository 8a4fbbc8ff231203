import { Box, Stack, Typography } from '@mui/material';
import HistoryIcon from '@mui/icons-material/History';
import NotificationsActiveOutlinedIcon from '@mui/icons-material/NotificationsActiveOutlined';
import { useTranslate } from 'react-admin';
import { describeThreshold, type InspectableAttribute } from '../../../../common/resources/inspection';
import type { Threshold } from '../../../../common/resources/checklist';
import { formatTimestamp } from '../../../../common/formatTime';
import { useTimeZone } from '../../../shared/ui/timeZone';
import { formatValue } from './formatValue';
import { FileThumbnail } from '../../../shared/ui/FileThumbnail';
import type { PreviousValue } from './usePreviousInspections';
import type { SensorValue } from './useSensorValues';
import SensorsIcon from '@mui/icons-material/Sensors';
import { withUnit } from '../../../../common/monitoring/pointAlertView';

interface ItemFactsProps {
  id: string;
  attribute: InspectableAttribute;
  previous: PreviousValue | undefined;
  sensor?: SensorValue | undefined;
  threshold: Threshold | null;
}

/** The lines next to an input: the value at the last inspection (value, time, who), the point's latest sensor reading and the alert limit. */
export const ItemFacts = ({ id, attribute, previous, sensor, threshold }: ItemFactsProps) => {
  const translate = useTranslate();
  const timeZone = useTimeZone();
  if (!previous && !sensor && !threshold) return null;
  const when = previous ? formatTimestamp(previous.timestamp, timeZone) : '';
  const who = previous?.userName ?? translate('app.inspection.unknown_user');
  return (
    <Stack id={id} spacing={0.25} sx={{ color: 'text.secondary' }}>
      {previous ? (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <HistoryIcon fontSize="small" aria-hidden />
          {attribute.type === 'image' && typeof previous.value === 'string' ? (
            <>
              <FileThumbnail fileId={previous.value} alt={translate('app.inspection.previous_photo')} size={40} />
              <Typography variant="body2">{translate('app.inspection.previous_photo_line', { time: when, user: who })}</Typography>
            </>
          ) : (
            <Typography variant="body2" sx={{ overflow: 'hidden', textOverflow: 'ellipsis', display: '-webkit-box', WebkitLineClamp: 2, WebkitBoxOrient: 'vertical' }}>
              {translate('app.inspection.previous')}{' '}
              <Box component="strong" sx={{ color: 'text.primary' }}>
                {formatValue(attribute, previous.value, translate, timeZone)}
              </Box>
              {' · '}
              {translate('app.inspection.previous_by', { time: when, user: who })}
            </Typography>
          )}
        </Stack>
      ) : null}
      {sensor ? (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }} data-testid="sensor-value">
          <SensorsIcon fontSize="small" aria-hidden />
          <Typography variant="body2">
            {translate('app.monitoring.latest_label')}{' '}
            <Box component="strong" sx={{ color: 'text.primary' }}>
              {withUnit(sensor.value, sensor.unit)}
            </Box>
            {' · '}
            {formatTimestamp(sensor.timestamp, timeZone)}
          </Typography>
        </Stack>
      ) : null}
      {threshold ? (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <NotificationsActiveOutlinedIcon fontSize="small" aria-hidden />
          <Typography variant="body2">{translate('app.inspection.threshold', { threshold: describeThreshold(threshold) })}</Typography>
        </Stack>
      ) : null}
    </Stack>
  );
};
