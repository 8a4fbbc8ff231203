import { useMemo } from 'react';
import { Box, Typography, useTheme } from '@mui/material';
import { Chart, Filler, LineController, LineElement, PointElement, type ChartData, type ChartOptions } from 'chart.js';
import { Line } from 'react-chartjs-2';
import { useTranslate } from 'react-admin';
import { formatDate, formatTimestamp } from '../../../common/formatTime';
import { withUnit } from '../../../common/monitoring/pointAlertView';
import type { PointTrend } from '../../../common/monitoring/trend';
import { setUpCharts } from '../../shared/ui/chartSetup';

// A line with a min–max band (Filler) beyond the dashboard's bar and doughnut (registering twice is harmless).
Chart.register(LineController, LineElement, PointElement, Filler);

const DAY_MS = 86_400_000;
/** The levels' colours: the lines and the forecast's text. */
export const LEVEL_COLORS = { warning: '#f57c00', critical: '#d32f2f' } as const;

/** The chart's series: the mean, the min–max band, and each level as a flat line across the period. */
export function trendChartData(trend: PointTrend, labels: { mean: string; range: string; warning: string; critical: string }): ChartData<'line', { x: number; y: number }[]> {
  const { buckets, point, from, to } = trend;
  const centre = (bucket: { ts: number }) => Math.min(bucket.ts + trend.bucketMs / 2, to);
  const level = (value: number | null, label: string, color: string) =>
    value === null ? [] : [{ label, data: [{ x: from, y: value }, { x: to, y: value }], borderColor: color, backgroundColor: color, borderDash: [6, 4], pointRadius: 0, borderWidth: 1.5 }];
  return {
    datasets: [
      { label: labels.range, data: buckets.map((b) => ({ x: centre(b), y: b.max })), borderColor: 'transparent', backgroundColor: 'rgba(66,165,245,0.18)', pointRadius: 0, fill: '+1' },
      { label: `${labels.range} min`, data: buckets.map((b) => ({ x: centre(b), y: b.min })), borderColor: 'transparent', backgroundColor: 'transparent', pointRadius: 0, fill: false },
      { label: labels.mean, data: buckets.map((b) => ({ x: centre(b), y: b.mean })), borderColor: '#42a5f5', backgroundColor: '#42a5f5', pointRadius: 0, borderWidth: 2, tension: 0 },
      ...level(point.warning, labels.warning, LEVEL_COLORS.warning),
      ...level(point.critical, labels.critical, LEVEL_COLORS.critical),
    ],
  };
}

export interface TrendChartProps {
  trend: PointTrend;
  /** The chart's height in pixels; none: it fills what its parent (a column of fixed height) leaves below the text. */
  height?: number;
}

/**
 * A measurement point's trend (DESIGN §17) as the asset detail and a trend widget draw it: the mean
 * and the min–max band over the period, the warning and critical levels as dashed lines, "No
 * readings in this period" when there are none, and the forecast when the trend heads for a level.
 */
export function TrendChart({ trend, height }: TrendChartProps) {
  const translate = useTranslate();
  const theme = useTheme();
  setUpCharts(theme.palette.text.secondary, theme.palette.divider);
  const { from, to } = trend;
  const unit = trend.point.unit;
  const data = useMemo(
    () =>
      trendChartData(trend, {
        mean: translate('app.monitoring.mean'),
        range: translate('app.monitoring.range'),
        warning: translate('app.monitoring.level.warning'),
        critical: translate('app.monitoring.level.critical'),
      }),
    [trend, translate],
  );
  const options = useMemo<ChartOptions<'line'>>(
    () => ({
      responsive: true,
      maintainAspectRatio: false,
      animation: false,
      parsing: false,
      scales: {
        x: { type: 'linear', min: from, max: to, ticks: { callback: (value) => (to - from <= DAY_MS ? formatTimestamp(Number(value)).slice(-5) : formatDate(Number(value))), maxTicksLimit: 6 } },
        y: { title: { display: Boolean(unit), text: unit } },
      },
      plugins: {
        legend: { position: 'bottom', labels: { filter: (item) => !item.text.endsWith(' min') } },
        tooltip: { callbacks: { title: (items) => (items[0] ? formatTimestamp(Number(items[0].parsed.x)) : ''), label: (item) => `${item.dataset.label ?? ''}: ${withUnit(Number(item.parsed.y), unit)}` } },
      },
    }),
    [from, to, unit],
  );
  const forecast = trend.forecast;
  return (
    <>
      <Box sx={height === undefined ? { position: 'relative', flex: 1, minHeight: 0 } : { position: 'relative', height }}>
        <Line data={data} options={options} role="img" aria-label={translate('app.monitoring.trend_of', { name: trend.point.name })} />
      </Box>
      {trend.buckets.length === 0 && (
        <Typography variant="body2" sx={{ color: 'text.secondary', flexShrink: 0 }}>
          {translate('app.monitoring.no_readings')}
        </Typography>
      )}
      {forecast && (
        <Typography variant="body2" data-testid="point-forecast" sx={{ mt: 1, color: LEVEL_COLORS[forecast.level], flexShrink: 0 }}>
          {translate('app.monitoring.forecast', {
            level: translate(`app.monitoring.level.${forecast.level}`),
            threshold: withUnit(forecast.threshold, unit),
            smart_count: forecast.inDays,
            date: formatDate(forecast.at),
          })}
        </Typography>
      )}
    </>
  );
}
