import type { VisiblePeriod } from './types';

/**
 * The period to fetch for what the calendar shows. FullCalendar gives the range with an
 * exclusive end (the first day after it); the API is asked with inclusive ends, so a month is
 * its first millisecond to its last (spec §7: "epoch ms of the month").
 */
export function visiblePeriodOf(rangeStart: Date, rangeEndExclusive: Date): VisiblePeriod {
  return { start: rangeStart.getTime(), end: rangeEndExclusive.getTime() - 1 };
}

