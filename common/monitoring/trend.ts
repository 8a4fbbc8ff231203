import type { Direction } from './alertRule';
import type { Forecast } from './forecast';

/** Buckets a trend holds by default, and at most: about a screen's width of pixels (docs/monitoring.md). */
export const DEFAULT_TREND_BUCKETS = 500;
export const MAX_TREND_BUCKETS = 2_000;

/** One bucket of a trend: the readings from `ts` for the trend's `bucketMs`. */
export interface TrendBucket {
  /** The bucket's start, epoch ms. */
  ts: number;
  min: number;
  max: number;
  mean: number;
  count: number;
}

/** What a trend says of its point: enough to draw it with its levels. */
export interface TrendPointLevels {
  name: string;
  unit: string;
  direction: Direction;
  warning: number | null;
  critical: number | null;
}

/**
 * A measurement point's trend (DESIGN §17): what GET /measurementPoint/:id/trend and the scripts'
 * `query.trend` answer, what a trend widget draws, and what the asset detail draws.
 */
export interface PointTrend<Point extends TrendPointLevels = TrendPointLevels> {
  point: Point;
  /** The range drawn, [from, to), epoch ms. */
  from: number;
  to: number;
  bucketMs: number;
  buckets: TrendBucket[];
  latest: { ts: number; value: number } | null;
  forecast: Forecast | null;
}
