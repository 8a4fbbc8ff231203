import type { Direction } from './alertRule';

/** A point's value at an instant (epoch ms): an hour's mean, for the forecast. */
export interface TimedValue {
  ts: number;
  value: number;
}

export interface Forecast {
  /** The level the trend reaches first. */
  level: 'warning' | 'critical';
  threshold: number;
  /** When the fitted line crosses it, epoch ms. */
  at: number;
  /** Whole days from `now` (0 within a day). */
  inDays: number;
}

/** Days the forecast looks back, and fewer points than this say nothing. */
export const FORECAST_DAYS = 28;
export const FORECAST_MIN_POINTS = 24;
/** Crossings further ahead than this are not forecast: a line is no guide a year out. */
export const FORECAST_HORIZON_DAYS = 365;

const DAY_MS = 86_400_000;

/** The least-squares line through the values: slope per ms and value at `ts = 0` (null for fewer than two instants). */
export function fitLine(values: readonly TimedValue[]): { slope: number; intercept: number } | null {
  const n = values.length;
  if (n < 2) return null;
  const meanT = values.reduce((sum, v) => sum + v.ts, 0) / n;
  const meanV = values.reduce((sum, v) => sum + v.value, 0) / n;
  let covariance = 0;
  let variance = 0;
  for (const { ts, value } of values) {
    covariance += (ts - meanT) * (value - meanV);
    variance += (ts - meanT) ** 2;
  }
  if (variance === 0) return null;
  const slope = covariance / variance;
  return { slope, intercept: meanV - slope * meanT };
}

/**
 * When the linear trend of the last weeks crosses the point's next level (DESIGN §17 "in ~12 days"):
 * the line fitted to `values`, from `now` on, toward the levels in the alerting direction. Null when
 * it moves away from them, is already past them, has too few values, or crosses beyond the horizon.
 */
export function forecastCrossing(
  values: readonly TimedValue[],
  levels: { direction: Direction; warning: number | null; critical: number | null },
  now: number,
): Forecast | null {
  if (values.length < FORECAST_MIN_POINTS) return null;
  const line = fitLine(values);
  if (!line || line.slope === 0) return null;
  const towards = levels.direction === 'above' ? line.slope > 0 : line.slope < 0;
  if (!towards) return null;
  const fittedNow = line.intercept + line.slope * now;
  const candidates = (['warning', 'critical'] as const).flatMap((level) => {
    const threshold = levels[level];
    if (threshold === null) return [];
    const ahead = levels.direction === 'above' ? threshold > fittedNow : threshold < fittedNow;
    if (!ahead) return [];
    const at = (threshold - line.intercept) / line.slope;
    return at - now <= FORECAST_HORIZON_DAYS * DAY_MS ? [{ level, threshold, at: Math.round(at), inDays: Math.floor((at - now) / DAY_MS) }] : [];
  });
  return candidates.sort((a, b) => a.at - b.at)[0] ?? null;
}
