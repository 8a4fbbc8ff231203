import dayjs from 'dayjs';
import { DEFAULT_EVENT_DURATION_MINUTES, DRAG_SNAP_MINUTES, MINUTE_MS } from './calendarConstants';
import type { TimeWindow } from './types';

/**
 * The maths of a drag (spec §4 "Calendar drag"), kept apart from FullCalendar so it can be
 * checked by hand: the event keeps its length, its new start is rounded down to a quarter hour,
 * and one without an end lasts an hour.
 */

/** How far a drag moved an event, as FullCalendar reports it (its `delta` / `endDelta`). */
export interface CalendarShift {
  years?: number;
  months?: number;
  days?: number;
  milliseconds?: number;
}

/**
 * Rounds down to the quarter hour. Done on epoch ms: every time zone's offset from UTC is a
 * whole number of quarter hours, so a UTC quarter is a local one too.
 */
export function snapDown(ms: number, minutes: number = DRAG_SNAP_MINUTES): number {
  const step = minutes * MINUTE_MS;
  return Math.floor(ms / step) * step;
}

/** The end of an event, or an hour after its start when it has none. */
export function endOrDefault(event: { start: number; end?: number | null }): number {
  return event.end ?? event.start + DEFAULT_EVENT_DURATION_MINUTES * MINUTE_MS;
}

/**
 * A moment moved by a shift the way a calendar moves it: whole days on the local calendar (a day
 * later is the same clock time the next day, across a change to summer time too), then the time.
 */
export function shiftBy(ms: number, shift: CalendarShift): number {
  const moved = dayjs(ms)
    .add(shift.years ?? 0, 'year')
    .add(shift.months ?? 0, 'month')
    .add(shift.days ?? 0, 'day');
  return moved.valueOf() + (shift.milliseconds ?? 0);
}

/**
 * Where a dragged event lands: start and end moved by the same shift, then both moved back by
 * what rounding the start down to a quarter hour took off, so the event keeps its length.
 */
export function movedWindow(original: { start: number; end?: number | null }, shift: CalendarShift): TimeWindow {
  const shiftedStart = shiftBy(original.start, shift);
  const start = snapDown(shiftedStart);
  const end = shiftBy(endOrDefault(original), shift) - (shiftedStart - start);
  return { start, end };
}

/** Where a resized event lands: its end (and, from the start edge, its start) moved by the drag. */
export function resizedWindow(original: { start: number; end?: number | null }, startShift: CalendarShift, endShift: CalendarShift): TimeWindow {
  return { start: shiftBy(original.start, startShift), end: shiftBy(endOrDefault(original), endShift) };
}
