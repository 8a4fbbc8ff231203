import { useId } from 'react';
import { Box, Chip, Paper, Stack, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { cssColorOrNone } from '../../../../common/cssColor';
import type { WorkOrderAlertSummary } from '../../../../common/resources/workOrder';
import { formatTimestamp } from '../../../../common/formatTime';
import { SafeHtml } from '../../../shared/ui/SafeHtml';
import { readableTextColor } from '../../../shared/ui/readableTextColor';
import { AttributeValueTable } from '../../tables/details/AttributeValueTable';
import { DetailFacts } from '../../../shared/ui/DetailFacts';

/**
 * The alert an order was opened for (DESIGN §11), as the order brings it — technicians cannot read
 * alerts themselves: its level in the level's colour, when, its message (HTML from data, so
 * sanitised), the checklist and who inspected, and the inspection values that raised it.
 */
export function WorkOrderAlertSection({ alert }: { alert: WorkOrderAlertSummary }) {
  const translate = useTranslate();
  const titleId = useId();
  // Colours from data are used only when they are CSS colours (DESIGN §7).
  const colour = cssColorOrNone(alert.color);
  return (
    <Paper component="section" variant="outlined" aria-labelledby={titleId} sx={{ p: 2 }}>
      <Stack spacing={1.5}>
        <Typography id={titleId} variant="h6" component="h2">
          {translate('app.technician.work_order.alert_title')}
        </Typography>
        <Stack direction="row" sx={{ flexWrap: 'wrap', alignItems: 'center', columnGap: 1, rowGap: 0.5 }}>
          <Chip
            size="small"
            label={alert.levelName}
            data-color={colour}
            sx={colour ? { bgcolor: colour, color: (theme) => readableTextColor(theme, colour), fontWeight: 600 } : { fontWeight: 600 }}
          />
          <Typography variant="body2" component="span">
            {formatTimestamp(alert.timestamp)}
          </Typography>
          {alert.resolvedAt !== null && (
            <Chip size="small" variant="outlined" color="success" label={translate('app.technician.work_order.resolved_at', { time: formatTimestamp(alert.resolvedAt) })} />
          )}
        </Stack>
        <SafeHtml html={alert.message} sx={{ '& p': { m: 0 } }} />
        {(alert.checklistName || alert.inspectedByName) && (
          <DetailFacts
            facts={[
              { label: translate('app.detail.checklist'), value: alert.checklistName },
              { label: translate('app.detail.inspected_by'), value: alert.inspectedByName },
            ]}
          />
        )}
        {alert.values.length > 0 && (
          <Box>
            <Typography variant="subtitle2" component="h3" gutterBottom>
              {translate('app.technician.work_order.inspection_values')}
            </Typography>
            <AttributeValueTable rows={alert.values.map((item) => ({ id: item.attribute, name: item.name, type: item.type, value: item.value }))} />
          </Box>
        )}
      </Stack>
    </Paper>
  );
}
