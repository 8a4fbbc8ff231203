import { cssColorOrNone } from '../../../common/cssColor';
import type { CalendarEntry, CalendarEntryType } from './calendarConfig';

/**
 * An entry's colour (spec §2.7): its own colour, else its type's; only CSS colours count
 * (docs/web-shell.md "Colours"). Undefined leaves the calendar's default.
 */
export function entryColor(entry: Pick<CalendarEntry, 'color' | 'type'>, types: readonly CalendarEntryType[]): string | undefined {
  return cssColorOrNone(entry.color) ?? cssColorOrNone(types.find((type) => type._id === entry.type)?.color);
}

/** The event's title: the entry's name, else its type's name. */
export function entryTitle(entry: Pick<CalendarEntry, 'name' | 'type'>, types: readonly CalendarEntryType[]): string {
  return entry.name?.trim() || types.find((type) => type._id === entry.type)?.name || entry.type;
}
