import { eq, getTableColumns, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client';
import { pointStates } from '../../db/schema';
import { measurementPoints } from './measurementPoint.resource';
import { forecastCrossing, FORECAST_DAYS, type Forecast } from '../../../common/monitoring/forecast';
import type { Direction } from '../../../common/monitoring/alertRule';
import { DEFAULT_TREND_BUCKETS, MAX_TREND_BUCKETS, type PointTrend, type TrendBucket, type TrendPointLevels } from '../../../common/monitoring/trend';

export type { TrendBucket };

const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;
/** The longest range a trend draws: ten years. */
export const MAX_TREND_RANGE_MS = 10 * 366 * DAY_MS;
/** Buckets a trend holds by default, and at most (common/monitoring/trend.ts). */
export const DEFAULT_BUCKETS = DEFAULT_TREND_BUCKETS;
export const MAX_BUCKETS = MAX_TREND_BUCKETS;

export interface TrendPoint {
  _id: string;
  direction: Direction;
  warning: number | null;
  critical: number | null;
}

type Rows<T> = { rows: T[] };
const num = (value: unknown): number => Number(value);

/** A bucket width for `buckets` over the range: whole seconds, at least one. */
export const bucketWidth = (from: number, to: number, buckets: number): number => Math.max(1_000, Math.ceil((to - from) / buckets / 1_000) * 1_000);

/**
 * A point's readings over [from, to) in at most `buckets` buckets (DESIGN §17): min, max, mean and
 * count each, computed by the database — raw readings where they are kept, hourly aggregates before
 * (`rawSince`, the retention's start), so a 90-day chart reads one range of the (point, time) key.
 */
export async function trendBuckets(db: Database, pointId: string, from: number, to: number, buckets: number, rawSince: number): Promise<{ bucketMs: number; buckets: TrendBucket[] }> {
  const width = bucketWidth(from, to, buckets);
  const rawFrom = Math.max(from, rawSince);
  const parts: TrendBucket[] = [];
  if (from < rawSince) {
    const { rows } = (await db.execute(sql`
      select ${from}::bigint + ((hour - ${from}::bigint) / ${width}::bigint) * ${width}::bigint as ts,
        min(min) as min, max(max) as max, sum(sum) / sum(count) as mean, sum(count) as count
      from reading_hours where point_id = ${pointId} and hour >= ${from} and hour < ${Math.min(to, rawSince)}
      group by 1 order by 1`)) as unknown as Rows<Record<string, unknown>>;
    parts.push(...rows.map((row) => ({ ts: num(row.ts), min: num(row.min), max: num(row.max), mean: num(row.mean), count: num(row.count) })));
  }
  if (rawFrom < to) {
    const { rows } = (await db.execute(sql`
      select ${from}::bigint + ((ts - ${from}::bigint) / ${width}::bigint) * ${width}::bigint as ts,
        min(value) as min, max(value) as max, avg(value) as mean, count(*) as count
      from readings where point_id = ${pointId} and ts >= ${rawFrom} and ts < ${to}
      group by 1 order by 1`)) as unknown as Rows<Record<string, unknown>>;
    const raw = rows.map((row) => ({ ts: num(row.ts), min: num(row.min), max: num(row.max), mean: num(row.mean), count: num(row.count) }));
    // The bucket the retention's start falls in may hold both: merged.
    const last = parts[parts.length - 1];
    if (last && raw[0] && raw[0].ts === last.ts) {
      const first = raw.shift() as TrendBucket;
      const count = last.count + first.count;
      parts[parts.length - 1] = { ts: last.ts, min: Math.min(last.min, first.min), max: Math.max(last.max, first.max), mean: (last.mean * last.count + first.mean * first.count) / count, count };
    }
    parts.push(...raw);
  }
  return { bucketMs: width, buckets: parts };
}

/** The point's forecast (common/monitoring/forecast.ts) from the hourly means of the last FORECAST_DAYS. */
export async function pointForecast(db: Database, point: TrendPoint, now: number): Promise<Forecast | null> {
  if (point.warning === null && point.critical === null) return null;
  const since = now - FORECAST_DAYS * DAY_MS;
  const { rows } = (await db.execute(sql`
    select (ts / ${HOUR_MS}::bigint) * ${HOUR_MS}::bigint as ts, avg(value) as value
    from readings where point_id = ${point._id} and ts >= ${since} and ts <= ${now}
    group by 1 order by 1`)) as unknown as Rows<{ ts: unknown; value: unknown }>;
  return forecastCrossing(rows.map((row) => ({ ts: num(row.ts) + HOUR_MS / 2, value: num(row.value) })), point, now);
}

/** A trend's point as the route and `query.trend` answer it: its id, name, unit, kind and levels. */
export type PointTrendPoint = TrendPointLevels & { _id: string; kind: string };

const point = getTableColumns(measurementPoints) as unknown as Record<'_id' | 'name' | 'unit' | 'kind' | 'direction' | 'warning' | 'critical', PgColumn>;
const numberOrNull = (value: unknown) => (value === null || value === undefined ? null : Number(value));

/**
 * A point's trend over [from, to) in at most `buckets` buckets, with its levels, latest reading and
 * forecast at `now` — the one place the route and the scripts' `query.trend` get it from. Raw
 * readings are read within the retention (`retentionDays` before `now`), hourly aggregates before.
 * Null when no point has the id. The range is the caller's to check (from < to, at most ten years).
 */
export async function pointTrend(
  db: Database,
  pointId: string,
  range: { from: number; to: number; buckets: number },
  retentionDays: number,
  now: number,
): Promise<PointTrend<PointTrendPoint> | null> {
  const [row] = await db
    .select({ _id: point._id, name: point.name, unit: point.unit, direction: point.direction, warning: point.warning, critical: point.critical, kind: point.kind })
    .from(measurementPoints)
    .where(eq(point._id, pointId));
  if (!row) return null;
  const levels = { _id: row._id as string, direction: row.direction as Direction, warning: numberOrNull(row.warning), critical: numberOrNull(row.critical) };
  const [trend, latest, forecast] = await Promise.all([
    trendBuckets(db, levels._id, range.from, range.to, range.buckets, now - retentionDays * DAY_MS),
    db.select().from(pointStates).where(eq(pointStates.point, levels._id)),
    pointForecast(db, levels, now),
  ]);
  const state = latest[0];
  return {
    point: { ...(row as { _id: string; name: string; unit: string; kind: string }), ...levels },
    from: range.from,
    to: range.to,
    ...trend,
    latest: state?.lastTs ? { ts: state.lastTs, value: state.lastValue as number } : null,
    forecast,
  };
}
