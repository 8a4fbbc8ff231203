/** Spec §9's calendar constants, shared by every screen built on EventCalendar. */
export const CALENDAR_HEIGHT_PX = 600;
/** Sunday (spec §9: days 0 to 6). */
export const FIRST_DAY_OF_WEEK = 0;
/** A drag lands on a quarter hour, rounded down (spec §4). */
export const DRAG_SNAP_MINUTES = 15;
/** An event without an end lasts an hour (spec §4, §9). */
export const DEFAULT_EVENT_DURATION_MINUTES = 60;
/**
 * Two events starting within this many minutes of each other are laid out as overlapping
 * (spec §9, the schedule calendar's threshold): every event is drawn at least this tall.
 */
export const OVERLAP_THRESHOLD_MINUTES = 30;

export const MINUTE_MS = 60_000;
