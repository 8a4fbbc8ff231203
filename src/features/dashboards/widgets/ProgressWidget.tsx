import { Box, CircularProgress, Typography } from '@mui/material';
import { progressPercent, type ProgressWidgetData } from '../../../../common/dashboards/widgetData';
import { PROGRESS_DIAMETER, PROGRESS_TEXT_SIZE } from './widgetSizes';

/** A circle filled to the value's share of max (65% of the item's smaller side, spec §9), the percentage inside. */
export function ProgressWidget({ data, color }: { data: ProgressWidgetData; color?: string }) {
  const percent = progressPercent(data);
  return (
    <Box sx={{ height: '100%', display: 'flex', flexDirection: 'column', alignItems: 'center', justifyContent: 'center', gap: 0.5 }}>
      <Box sx={{ position: 'relative', width: PROGRESS_DIAMETER, height: PROGRESS_DIAMETER }}>
        {/* The track only: decoration, hidden from assistive technology (a second, unnamed progressbar otherwise). */}
        <CircularProgress aria-hidden variant="determinate" value={100} size={PROGRESS_DIAMETER} thickness={4} sx={{ color: 'action.hover', position: 'absolute', inset: 0 }} />
        <CircularProgress
          variant="determinate"
          value={percent}
          size={PROGRESS_DIAMETER}
          thickness={4}
          aria-label={data.caption || `${Math.round(percent)}%`}
          sx={{ color: color ?? 'primary.main', position: 'absolute', inset: 0 }}
        />
        <Box sx={{ position: 'absolute', inset: 0, display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
          <Typography component="div" sx={{ ...PROGRESS_TEXT_SIZE, fontWeight: 600, fontVariantNumeric: 'tabular-nums' }}>
            {Math.round(percent)}%
          </Typography>
        </Box>
      </Box>
      {data.caption && (
        <Typography variant="body2" color="text.secondary" sx={{ textAlign: 'center' }}>
          {data.caption}
        </Typography>
      )}
    </Box>
  );
}
