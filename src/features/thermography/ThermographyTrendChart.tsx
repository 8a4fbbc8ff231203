import { useMemo } from 'react';
import { Box, Paper, Typography, useTheme } from '@mui/material';
import { Chart, LineController, LineElement, PointElement, type ChartData, type ChartOptions } from 'chart.js';
import { Line } from 'react-chartjs-2';
import { useTranslate } from 'react-admin';
import { formatDate, formatTimestamp } from '../../../common/formatTime';
import { LINE_CHART_BASE, setUpCharts } from '../../shared/ui/chartSetup';
import { useDetail } from '../tables/details/useDetail';
import type { Severity } from './noteTypes';
import { ChartTurn } from '../../shared/ui/ChartTurn';

/** GET /asset/{id}/thermographyTrend: each approved note's hottest spot, oldest first. */
export interface TrendPoint {
  note: string;
  inspection: string;
  timestamp: number;
  imageNumber: string;
  identification: string;
  severityLevel: Severity | null;
  maxTemperature: number;
}

const SERIES_COLORS = ['#ef5350', '#ffa726', '#42a5f5', '#66bb6a', '#ab47bc', '#26c6da', '#d4e157', '#ec407a'];

// What a line chart needs beyond the dashboard's bar and doughnut (registering twice is harmless).
Chart.register(LineController, LineElement, PointElement);

/** One line per component (the notes' identification): the same spot over the years is what tells a trend. */
export function trendSeries(points: readonly TrendPoint[], unnamed: string): ChartData<'line', { x: number; y: number }[]> {
  const byComponent = new Map<string, { x: number; y: number }[]>();
  for (const point of points) {
    const name = point.identification.trim() || unnamed;
    const series = byComponent.get(name) ?? [];
    series.push({ x: point.timestamp, y: point.maxTemperature });
    byComponent.set(name, series);
  }
  return {
    datasets: [...byComponent.entries()].map(([label, data], index) => {
      const color = SERIES_COLORS[index % SERIES_COLORS.length]!;
      return { label, data, borderColor: color, backgroundColor: color, pointRadius: 4, pointHoverRadius: 6, tension: 0 };
    }),
  };
}

const WEEK_MS = 7 * 86_400_000;

/**
 * The time axis around the points, with a margin of a twentieth of their span and at least a week
 * each side: a single survey sits mid-chart instead of chart.js's years-wide default.
 */
export function timeAxisSpan(points: readonly Pick<TrendPoint, 'timestamp'>[]): { min?: number; max?: number } {
  if (points.length === 0) return {};
  const times = points.map((point) => point.timestamp);
  const first = Math.min(...times);
  const last = Math.max(...times);
  const margin = Math.max(WEEK_MS, (last - first) / 20);
  return { min: first - margin, max: last + margin };
}

/**
 * The asset detail's chart of each approved note's maximum temperature over time (issue 19,
 * beyond the spec), drawn with chart.js as the dashboard's widgets are. Read again when a note is
 * approved (an update-detail push).
 */
export function ThermographyTrendChart({ assetId }: { assetId: string }) {
  const translate = useTranslate();
  const theme = useTheme();
  setUpCharts(theme.palette.text.secondary, theme.palette.divider);
  const trend = useDetail<TrendPoint[]>(`/asset/${encodeURIComponent(assetId)}/thermographyTrend`, (event) => event.type === 'thermographyNote');
  const title = translate('app.thermography.trend_title');
  const data = useMemo(() => trendSeries(trend.data ?? [], translate('app.thermography.unnamed_component')), [trend.data, translate]);
  const span = useMemo(() => timeAxisSpan(trend.data ?? []), [trend.data]);
  const options = useMemo<ChartOptions<'line'>>(
    () => ({
      ...LINE_CHART_BASE,
      scales: {
        x: { type: 'linear', min: span.min, max: span.max, ticks: { callback: (value) => formatDate(Number(value)), maxTicksLimit: 6 } },
        y: { title: { display: true, text: '°C' } },
      },
      plugins: {
        legend: { position: 'bottom' },
        tooltip: {
          callbacks: {
            title: (items) => (items[0] ? formatTimestamp(Number(items[0].parsed.x)) : ''),
            label: (item) => `${item.dataset.label ?? ''}: ${Number(item.parsed.y).toFixed(1)} °C`,
          },
        },
      },
    }),
    [span],
  );
  if (!trend.data || trend.data.length === 0) return null;
  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="figure" aria-label={title} style={{ margin: 0 }}>
      <Typography variant="subtitle2" component="figcaption" sx={{ mb: 1 }}>
        {title}
      </Typography>
      <Box sx={{ position: 'relative', height: 240 }}>
        <ChartTurn label={title}>
          <Line data={data} options={options} role="img" aria-label={title} />
        </ChartTurn>
      </Box>
    </Paper>
  );
}
