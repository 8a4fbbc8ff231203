import { Box, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { TrendWidgetData } from '../../../../common/dashboards/widgetData';
import { formatTimestamp } from '../../../../common/formatTime';
import { withUnit } from '../../../../common/monitoring/pointAlertView';
import { TrendChart } from '../../monitoring/TrendChart';

/**
 * A trend widget (issue 44 §5): a measurement point's trend as its script's `query.trend` answered
 * it — the point's name and latest reading on one line, then the asset detail's chart (TrendChart:
 * mean, min–max band, level lines) filling the item, and the forecast's line under it.
 */
export function TrendWidget({ data }: { data: TrendWidgetData }) {
  const translate = useTranslate();
  const { point, latest } = data;
  return (
    <Box sx={{ height: '100%', display: 'flex', flexDirection: 'column', minWidth: 0 }}>
      <Typography
        variant="body2"
        data-testid="trend-point"
        title={latest ? formatTimestamp(latest.ts) : undefined}
        sx={{ color: 'text.secondary', flexShrink: 0, whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' }}
      >
        {latest ? translate('app.dashboard.trend_point_latest', { name: point.name, value: withUnit(latest.value, point.unit) }) : point.name}
      </Typography>
      <TrendChart trend={data} />
    </Box>
  );
}
