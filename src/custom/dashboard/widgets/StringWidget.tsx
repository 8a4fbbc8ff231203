import { Box, Typography } from '@mui/material';
import type { StringWidgetData } from '../../../../common/dashboards/widgetData';
import type { ElementSize } from '../../../common-ui/useElementSize';
import { remOf, valueFontSize } from './widgetSizes';

/** A single value, as large as its item allows, in the widget's colour. */
export function StringWidget({ data, size, color }: { data: StringWidgetData; size: ElementSize; color?: string }) {
  return (
    <Box sx={{ height: '100%', display: 'flex', flexDirection: 'column', alignItems: 'center', justifyContent: 'center', textAlign: 'center', minWidth: 0 }}>
      <Typography
        component="div"
        data-testid="widget-value"
        sx={{ fontSize: remOf(valueFontSize(size, data.value)), fontWeight: 600, lineHeight: 1.1, color: color ?? 'text.primary', fontVariantNumeric: 'tabular-nums', overflowWrap: 'anywhere' }}
      >
        {data.value}
      </Typography>
      {data.caption && (
        <Typography color="text.secondary" sx={{ fontSize: remOf(Math.max(13, Math.min(28, size.height * 0.09))) }}>
          {data.caption}
        </Typography>
      )}
    </Box>
  );
}
