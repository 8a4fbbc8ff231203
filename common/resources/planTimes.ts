/**
 * When planned work may lie (docs/schedules-calendar.md, docs/work-orders.md): inspection
 * schedules, calendar entries and work orders start and end between 2000-01-01 and 2100-01-01
 * (UTC), and last a bounded number of days. A date outside is a slip of the picker or of a client
 * (1969 is epoch 0 seen west of Greenwich), never a plan; within them every date of a plant's
 * records, its history included, and the next decades' plans fit.
 */
export const EARLIEST_PLAN_TIME = Date.UTC(2000, 0, 1);
export const LATEST_PLAN_TIME = Date.UTC(2100, 0, 1);
export const EARLIEST_PLAN_DAY = '2000-01-01';
export const LATEST_PLAN_DAY = '2100-01-01';
const DAY_MS = 86_400_000;

/** A calendar entry or a work order: a shutdown or a long contract visit, three years at most. */
export const MAX_ENTRY_DAYS = 1096;
/**
 * An inspection schedule: the longest window the planner plans ('every 120 months', ten years of
 * up to 3,653 days), with its dates picked as local days (up to 14 hours off UTC at either end).
 */
export const MAX_SCHEDULE_DAYS = 3655;

/** Null when the time lies within the bounds; otherwise '<label> must lie between 2000-01-01 and 2100-01-01 (UTC)'. */
export function planTimeProblem(label: string, time: number): string | null {
  return time < EARLIEST_PLAN_TIME || time > LATEST_PLAN_TIME ? `${label} must lie between ${EARLIEST_PLAN_DAY} and ${LATEST_PLAN_DAY} (UTC)` : null;
}

/** Null when the end lies at most `maxDays` after the start; otherwise '<end> must be at most N days after <start>'. */
export function planSpanProblem(labels: { start: string; end: string }, start: number, end: number, maxDays: number): string | null {
  return end - start > maxDays * DAY_MS ? `${labels.end} must be at most ${maxDays} days after ${labels.start}` : null;
}
