import { useMemo, useState } from 'react';
import { Box, Chip, Paper, Stack, ToggleButton, ToggleButtonGroup, Typography, useTheme } from '@mui/material';
import { Chart, Filler, LineController, LineElement, PointElement, type ChartData, type ChartOptions } from 'chart.js';
import { Line } from 'react-chartjs-2';
import { useTranslate } from 'react-admin';
import { formatDate, formatTimestamp } from '../../../common/formatTime';
import type { Forecast } from '../../../common/monitoring/forecast';
import { withUnit } from '../../../common/monitoring/pointAlertView';
import { setUpCharts } from '../../shared/ui/chartSetup';
import { useDetail } from '../tables/details/useDetail';

// A line with a min–max band (Filler) beyond the dashboard's bar and doughnut (registering twice is harmless).
Chart.register(LineController, LineElement, PointElement, Filler);

/** GET /measurementPoint/latest?asset=: an asset's points and their latest readings. */
export interface LatestPoint {
  _id: string;
  name: string;
  unit: string;
  attribute: string | null;
  kind: string;
  direction: 'above' | 'below';
  warning: number | null;
  critical: number | null;
  lastTs: number | null;
  lastValue: number | null;
  /** A counter serviced by its reading: every N units, the next multiple, the last one passed. */
  service: { every: number; task: string; next: number | null; last: { at: number; readingTs: number; workOrder: string | null } | null } | null;
}

/** "Service every 500 h: oil change · next at 19000 h · last passed 18500 h on 12/11/2026". */
function ServiceLine({ point }: { point: LatestPoint }) {
  const translate = useTranslate();
  const { service, unit } = point;
  if (!service) return null;
  const parts = [translate('app.monitoring.service', { every: withUnit(service.every, unit), task: service.task || point.name })];
  if (service.next !== null) parts.push(translate('app.monitoring.service_next', { next: withUnit(service.next, unit) }));
  if (service.last) {
    const key = service.last.workOrder === null ? 'app.monitoring.service_last_unassigned' : 'app.monitoring.service_last';
    parts.push(translate(key, { at: withUnit(service.last.at, unit), date: formatDate(service.last.readingTs) }));
  }
  return (
    <Typography variant="body2" data-testid="point-service" sx={{ mb: 1, color: 'text.secondary' }}>
      {parts.join(' · ')}
    </Typography>
  );
}

/** GET /measurementPoint/:id/trend. */
export interface PointTrend {
  point: { _id: string; name: string; unit: string; direction: 'above' | 'below'; warning: number | null; critical: number | null };
  from: number;
  to: number;
  bucketMs: number;
  buckets: { ts: number; min: number; max: number; mean: number; count: number }[];
  latest: { ts: number; value: number } | null;
  forecast: Forecast | null;
}

const DAY_MS = 86_400_000;
/** The periods offered, in days. */
export const PERIODS = [1, 7, 30, 90] as const;
const LEVEL_COLORS = { warning: '#f57c00', critical: '#d32f2f' } as const;

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

function TrendChart({ pointId, days }: { pointId: string; days: number }) {
  const translate = useTranslate();
  const theme = useTheme();
  setUpCharts(theme.palette.text.secondary, theme.palette.divider);
  // The period ends now at each read; a new alert or reading pushed reloads it.
  const [to] = useState(() => Date.now());
  const trend = useDetail<PointTrend>(`/measurementPoint/${encodeURIComponent(pointId)}/trend?from=${to - days * DAY_MS}&to=${to}&buckets=400`, (event) => event.type === 'alert');
  const unit = trend.data?.point.unit ?? '';
  const data = useMemo(
    () =>
      trend.data
        ? trendChartData(trend.data, {
            mean: translate('app.monitoring.mean'),
            range: translate('app.monitoring.range'),
            warning: translate('app.monitoring.level.warning'),
            critical: translate('app.monitoring.level.critical'),
          })
        : { datasets: [] },
    [trend.data, translate],
  );
  const options = useMemo<ChartOptions<'line'>>(
    () => ({
      responsive: true,
      maintainAspectRatio: false,
      animation: false,
      parsing: false,
      scales: {
        x: { type: 'linear', min: to - days * DAY_MS, max: to, ticks: { callback: (value) => (days <= 1 ? formatTimestamp(Number(value)).slice(-5) : formatDate(Number(value))), maxTicksLimit: 6 } },
        y: { title: { display: Boolean(unit), text: unit } },
      },
      plugins: {
        legend: { position: 'bottom', labels: { filter: (item) => !item.text.endsWith(' min') } },
        tooltip: { callbacks: { title: (items) => (items[0] ? formatTimestamp(Number(items[0].parsed.x)) : ''), label: (item) => `${item.dataset.label ?? ''}: ${withUnit(Number(item.parsed.y), unit)}` } },
      },
    }),
    [days, to, unit],
  );
  const forecast = trend.data?.forecast ?? null;
  return (
    <>
      <Box sx={{ position: 'relative', height: 240 }}>
        {/* Drawn once its data is in: the chart is made with it, not made empty and updated. */}
        {trend.data && <Line data={data} options={options} role="img" aria-label={translate('app.monitoring.trend_of', { name: trend.data.point.name })} />}
      </Box>
      {trend.data && trend.data.buckets.length === 0 && (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {translate('app.monitoring.no_readings')}
        </Typography>
      )}
      {forecast && (
        <Typography variant="body2" data-testid="point-forecast" sx={{ mt: 1, color: LEVEL_COLORS[forecast.level] }}>
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

/**
 * The asset detail's measurement points (DESIGN §17): each point's latest reading, and the chosen
 * point's trend over the chosen period with its levels drawn and, when its trend heads for a level,
 * when it will reach it. Nothing when the asset has no points.
 */
export function PointTrends({ assetId }: { assetId: string }) {
  const translate = useTranslate();
  const points = useDetail<LatestPoint[]>(`/measurementPoint/latest?asset=${encodeURIComponent(assetId)}`, (event) => event.type === 'alert');
  const [chosen, setChosen] = useState<string | null>(null);
  const [days, setDays] = useState<number>(7);
  const list = points.data ?? [];
  if (list.length === 0) return null;
  const selected = list.find((point) => point._id === chosen) ?? list[0]!;
  const title = translate('app.monitoring.points_title');
  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-label={title}>
      <Typography variant="subtitle2" component="h3" sx={{ mb: 1 }}>
        {title}
      </Typography>
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, mb: 1 }}>
        {list.map((point) => (
          <Chip
            key={point._id}
            clickable
            color={point._id === selected._id ? 'primary' : 'default'}
            variant={point._id === selected._id ? 'filled' : 'outlined'}
            onClick={() => setChosen(point._id)}
            label={point.lastValue === null ? point.name : `${point.name}: ${withUnit(point.lastValue, point.unit)}`}
            title={point.lastTs === null ? translate('app.monitoring.no_readings') : formatTimestamp(point.lastTs)}
          />
        ))}
      </Stack>
      <ServiceLine point={selected} />
      <ToggleButtonGroup size="small" exclusive value={days} onChange={(_event, value: number | null) => value !== null && setDays(value)} aria-label={translate('app.monitoring.period')} sx={{ mb: 1 }}>
        {PERIODS.map((period) => (
          <ToggleButton key={period} value={period}>
            {translate('app.monitoring.days', { smart_count: period })}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
      <TrendChart key={`${selected._id}-${days}`} pointId={selected._id} days={days} />
    </Paper>
  );
}
