/** The views a screen may offer (spec §2.8 lists Day, Week, Month and 4 days). */
export type CalendarViewName = 'month' | 'week' | 'day' | 'fourDays';

/** How overlapping timed events share a day's column (spec §9): stacked over each other, or side by side. */
export type OverlapMode = 'stack' | 'columns';

/**
 * The period a calendar shows, in epoch ms, both ends inclusive: for a month, its first
 * millisecond and its last (spec §7, §9: "start-of-period and end-of-period").
 */
export interface VisiblePeriod {
  start: number;
  end: number;
}

/** A start and end in epoch ms; `end` is the last moment the thing lasts (a schedule ends at 23:59:59.999). */
export interface TimeWindow {
  start: number;
  end: number;
}

/** What a screen hands the calendar to draw. `data` comes back in the callbacks untouched. */
export interface CalendarEvent<T = unknown> {
  id: string;
  title: string;
  start: number;
  /** Epoch ms of the last moment; none: a timed event lasts an hour (spec §4). */
  end?: number | null;
  /** Drawn as whole days, from the day of `start` to the day of `end`. */
  allDay?: boolean;
  /** Background colour; the text colour is chosen to be readable on it. */
  color?: string;
  /** Per event: false keeps it where it is even when the calendar is editable. */
  editable?: boolean;
  data: T;
}
