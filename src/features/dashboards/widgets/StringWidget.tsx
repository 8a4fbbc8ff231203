import { Box, Typography } from '@mui/material';
import type { StringWidgetData } from '../../../../common/dashboards/widgetData';
import { CAPTION_TEXT_SIZE, valueTextSize } from './widgetSizes';

/** A single value, as large as its item allows, in the widget's colour. */
export function StringWidget({ data, color }: { data: StringWidgetData; color?: string }) {
  return (
    <Box sx={{ height: '100%', display: 'flex', flexDirection: 'column', alignItems: 'center', justifyContent: 'center', textAlign: 'center', minWidth: 0 }}>
      <Typography
        component="div"
        data-testid="widget-value"
        sx={{ ...valueTextSize(data.value), fontWeight: 600, lineHeight: 1.1, color: color ?? 'text.primary', fontVariantNumeric: 'tabular-nums' }}
      >
        {data.value}
      </Typography>
      {data.caption && (
        <Typography color="text.secondary" sx={CAPTION_TEXT_SIZE}>
          {data.caption}
        </Typography>
      )}
    </Box>
  );
}
