import { useMemo } from 'react';
import { Box, Typography, useTheme } from '@mui/material';
import { Chart, Filler, LineController, LineElement, PointElement, type ChartData, type ChartOptions } from 'chart.js';
import { Line } from 'react-chartjs-2';
import { useTranslate } from 'react-admin';
import { formatDate, formatTimeOfDay, formatTimestamp } from '../../../common/formatTime';
import { withUnit } from '../../../common/monitoring/pointAlertView';
import type { PointTrend } from '../../../common/monitoring/trend';
import { LINE_CHART_BASE, setUpCharts } from '../../shared/ui/chartSetup';
import { ChartTurn } from '../../shared/ui/ChartTurn';

// A line with a min–max band (Filler) beyond the dashboard's bar and doughnut (registering twice is harmless).
Chart.register(LineController, LineElement, PointElement, Filler);

const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;
/** The most ticks the time axis shows, and the room each tick's label takes (a date, 'YYYY/MM/DD', is some 70 px). */
const MAX_TICKS = 6;
const TICK_ROOM_PX = 90;
type TickStep = { hours: number } | { days: number };
/** Steps between the time axis's ticks, shortest first: whole hours or whole days. */
const TICK_STEPS: readonly TickStep[] = [
  ...[1, 2, 3, 6, 12].map((hours) => ({ hours })),
  ...[1, 2, 7, 14, 30, 61, 91, 182, 365, 730, 1826].map((days) => ({ days })),
];
const stepMs = (step: TickStep) => ('hours' in step ? step.hours * HOUR_MS : step.days * DAY_MS);

/**
 * The time axis's ticks over [from, to]: at most `maxTicks`, evenly spaced by the shortest step of
 * whole hours or days that allows it: hours from the local midnight before `from`, days from the
 * first local midnight in the period — so a month is ticked weekly at midnights from its first, and
 * a day every 6 hours on the hour. (chart.js's own ticks with a
 * step size and a set min and max divide the range evenly instead: 7.5 days, at any hour.)
 */
export function timeTicks(from: number, to: number, maxTicks: number = MAX_TICKS): number[] {
  const step = TICK_STEPS.find((candidate) => (to - from) / stepMs(candidate) <= maxTicks) ?? TICK_STEPS[TICK_STEPS.length - 1]!;
  const start = new Date(from);
  const [year, month] = [start.getFullYear(), start.getMonth()];
  // Hours count from the day's midnight, days from the first midnight of the period.
  const day = start.getDate() + ('days' in step && new Date(year, month, start.getDate()).getTime() < from ? 1 : 0);
  const ticks: number[] = [];
  for (let k = 0; ; k += 1) {
    // Wall-clock hours and calendar days: a day with a clock change keeps its ticks on the hour and at midnight.
    const at = 'hours' in step ? new Date(year, month, day, k * step.hours).getTime() : new Date(year, month, day + k * step.days).getTime();
    if (at > to) return ticks;
    if (at >= from) ticks.push(at);
  }
}

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
      ...LINE_CHART_BASE,
      scales: {
        x: {
          type: 'linear',
          min: from,
          max: to,
          // Evenly spaced ticks at whole hours or days (timeTicks), not at the period's own ends, which fall
          // anywhere; as many as the axis has room for (a phone's takes three).
          afterBuildTicks: (axis) => {
            const room = axis.width > 0 ? Math.floor(axis.width / TICK_ROOM_PX) : MAX_TICKS;
            axis.ticks = timeTicks(from, to, Math.min(MAX_TICKS, Math.max(2, room))).map((value) => ({ value }));
          },
          ticks: { callback: (value) => (to - from <= DAY_MS ? formatTimeOfDay(Number(value)) : formatDate(Number(value))) },
        },
        y: { title: { display: Boolean(unit), text: unit } },
      },
      plugins: {
        // Each series' box is drawn solid: a level line's dash made its box look frayed.
        legend: {
          position: 'bottom',
          labels: {
            filter: (item) => !item.text.endsWith(' min'),
            generateLabels: (chart) => Chart.defaults.plugins.legend.labels.generateLabels(chart).map((item) => ({ ...item, lineDash: [] })),
          },
        },
        tooltip: { callbacks: { title: (items) => (items[0] ? formatTimestamp(Number(items[0].parsed.x)) : ''), label: (item) => `${item.dataset.label ?? ''}: ${withUnit(Number(item.parsed.y), unit)}` } },
      },
    }),
    [from, to, unit],
  );
  const forecast = trend.forecast;
  const label = translate('app.monitoring.trend_of', { name: trend.point.name });
  return (
    <>
      <Box sx={height === undefined ? { position: 'relative', flex: 1, minHeight: 0 } : { position: 'relative', height }}>
        <ChartTurn label={label}>
          <Line data={data} options={options} role="img" aria-label={label} />
        </ChartTurn>
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
