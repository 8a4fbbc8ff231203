import { useState } from 'react';
import { Box, Chip, Paper, Stack, ToggleButton, ToggleButtonGroup, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { formatDate, formatTimestamp } from '../../../common/formatTime';
import { withUnit } from '../../../common/monitoring/pointAlertView';
import type { PointTrend } from '../../../common/monitoring/trend';
import { useDetail } from '../tables/details/useDetail';
import { TrendChart } from './TrendChart';

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

const DAY_MS = 86_400_000;
/** The periods offered, in days. */
export const PERIODS = [1, 7, 30, 90] as const;

/** The chosen point's trend over the chosen period, read from GET /measurementPoint/:id/trend; the chart is TrendChart's. */
function PointTrendChart({ pointId, days }: { pointId: string; days: number }) {
  // The period ends now at each read; a new alert or reading pushed reloads it.
  const [to] = useState(() => Date.now());
  const trend = useDetail<PointTrend>(`/measurementPoint/${encodeURIComponent(pointId)}/trend?from=${to - days * DAY_MS}&to=${to}&buckets=400`, (event) => event.type === 'alert');
  // Drawn once its data is in: the chart is made with it, not made empty and updated.
  return trend.data ? <TrendChart trend={trend.data} height={240} /> : <Box sx={{ height: 240 }} />;
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
      <PointTrendChart key={`${selected._id}-${days}`} pointId={selected._id} days={days} />
    </Paper>
  );
}
