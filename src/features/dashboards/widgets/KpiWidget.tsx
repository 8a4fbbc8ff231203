import { Box, Link, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import { kpiParts, kpiRowsPath, kpiValueText } from '../../../../common/kpis/kpiDefinitions';
import type { KpiWidgetData } from '../../../../common/dashboards/widgetData';
import { CAPTION_TEXT_SIZE, valueTextSize } from './widgetSizes';

/**
 * A maintenance KPI (docs/kpis.md): its formula in one line, the figure, and what it divided;
 * where rows can be opened (the engineer's dashboards), the figure links to exactly the rows it
 * counted, over the same period and assets.
 */
export function KpiWidget({ data, color, linked }: { data: KpiWidgetData; color?: string; linked: boolean }) {
  const value = kpiValueText(data);
  return (
    <Box sx={{ height: '100%', display: 'flex', flexDirection: 'column', minWidth: 0 }}>
      <Typography color="text.secondary" sx={{ ...CAPTION_TEXT_SIZE, lineHeight: 1.3 }} data-testid="kpi-formula" title={`${data.formula} (${data.source})`}>
        {data.formula}
      </Typography>
      <Box sx={{ flex: 1, display: 'flex', flexDirection: 'column', alignItems: 'center', justifyContent: 'center', textAlign: 'center', minHeight: 0 }}>
        <Typography component="div" data-testid="widget-value" sx={{ ...valueTextSize(value), fontWeight: 600, lineHeight: 1.1, color: color ?? 'text.primary', fontVariantNumeric: 'tabular-nums' }}>
          {value}
        </Typography>
        {linked ? (
          <Link component={RouterLink} to={kpiRowsPath(data)} sx={CAPTION_TEXT_SIZE} underline="hover">
            {kpiParts(data)}
          </Link>
        ) : (
          <Typography color="text.secondary" sx={CAPTION_TEXT_SIZE}>
            {kpiParts(data)}
          </Typography>
        )}
      </Box>
    </Box>
  );
}
