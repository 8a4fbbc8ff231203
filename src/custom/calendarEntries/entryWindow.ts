import type { TimeWindow } from '../calendar';
import type { CalendarEntry } from './calendarConfig';
import type { CalendarEntryBody } from './useCalendarEntryApi';

/**
 * The body of the PUT after a drag (spec §4, §7: the whole entry): everything the entry holds,
 * with the dragged start and end; the server's own fields (id, timestamps) stay out.
 */
export function entryWithWindow(entry: CalendarEntry, window: TimeWindow): CalendarEntryBody {
  const { _id: _ignoredId, ...rest } = entry;
  const stored = rest as CalendarEntryBody & { createdAt?: unknown; updatedAt?: unknown };
  const { createdAt: _ignoredCreated, updatedAt: _ignoredUpdated, ...body } = stored;
  return { ...body, start: window.start, end: window.end };
}
