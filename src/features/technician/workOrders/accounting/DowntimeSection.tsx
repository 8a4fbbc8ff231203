import { Button, Stack, Typography } from '@mui/material';
import PowerOffIcon from '@mui/icons-material/PowerOff';
import PowerIcon from '@mui/icons-material/Power';
import { useTranslate } from 'react-admin';
import { formatTimestamp } from '../../../../../common/formatTime';
import { hoursBetween } from '../../../../../common/resources/workAccounting';
import type { WorkOrder } from '../../../../../common/resources/workOrder';
import type { PendingMark } from './pendingWork';
import { PendingNote, WorkSection } from './WorkSection';
import { hoursText, spanText } from './workTimes';

interface Props {
  order: Pick<WorkOrder, 'downtimeStart' | 'downtimeEnd'>;
  /** A downtime change waiting on the phone. */
  pending: PendingMark | null;
  readOnly: boolean;
  busy: boolean;
  onStopped: () => Promise<boolean>;
  onRunning: () => Promise<boolean>;
}

/**
 * The asset's downtime for this work (DESIGN §18): 'Asset stopped' when the technician takes it
 * out of service, 'Running again' when it is back — each the phone's time of the press, saved
 * through the order's PUT. One window per order: once it ran again the window is shown, not reopened.
 */
export function DowntimeSection({ order, pending, readOnly, busy, onStopped, onRunning }: Props) {
  const translate = useTranslate();
  const { downtimeStart: start, downtimeEnd: end } = order;
  let line: string;
  if (start === null) line = translate('app.technician.work_order.downtime_none');
  else if (end === null) line = translate('app.technician.work_order.downtime_since', { time: formatTimestamp(start) });
  else line = translate('app.technician.work_order.downtime_span', { span: spanText(start, end), hours: hoursText(hoursBetween(start, end)) });

  return (
    <WorkSection title={translate('app.technician.work_order.downtime_title')}>
      <Stack direction="row" sx={{ flexWrap: 'wrap', alignItems: 'center', columnGap: 1, rowGap: 0.5 }}>
        <Typography>{line}</Typography>
        <PendingNote mark={pending} />
      </Stack>
      {!readOnly && start === null && (
        <Button variant="outlined" color="warning" size="large" startIcon={<PowerOffIcon />} disabled={busy} onClick={() => void onStopped()} sx={{ minHeight: 48 }}>
          {translate('app.technician.work_order.asset_stopped')}
        </Button>
      )}
      {!readOnly && start !== null && end === null && (
        <Button variant="contained" color="success" size="large" startIcon={<PowerIcon />} disabled={busy} onClick={() => void onRunning()} sx={{ minHeight: 48 }}>
          {translate('app.technician.work_order.running_again')}
        </Button>
      )}
    </WorkSection>
  );
}
