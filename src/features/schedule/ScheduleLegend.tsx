import { Box, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { LEGEND_ORDER, SCHEDULE_STATUS_COLOURS } from './scheduleStatus';

/** Spec §2.6's legend: red Overdue, green Completed, blue Pending. */
export function ScheduleLegend() {
  const translate = useTranslate();
  return (
    <Box component="ul" aria-label={translate('app.schedule.legend')} sx={{ display: 'flex', gap: 2, listStyle: 'none', m: 0, p: 0 }}>
      {LEGEND_ORDER.map((status) => (
        <Box component="li" key={status} sx={{ display: 'flex', alignItems: 'center', gap: 0.75 }}>
          <Box aria-hidden sx={{ width: 12, height: 12, borderRadius: '50%', bgcolor: SCHEDULE_STATUS_COLOURS[status] }} />
          <Typography variant="body2">{translate(`app.schedule.${status}`)}</Typography>
        </Box>
      ))}
    </Box>
  );
}
