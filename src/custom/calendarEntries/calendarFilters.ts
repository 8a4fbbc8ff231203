import type { CalendarFilter } from './calendarConfig';

/** Chosen filter values by filter key; '' is "all". */
export type CalendarFilterValues = Record<string, string>;

/** Spec §2.7: the filters start at their default values ('' or none: all). */
export function initialFilterValues(filters: readonly CalendarFilter[]): CalendarFilterValues {
  return Object.fromEntries(filters.map((filter) => [filter.key, filter.defaultValue ?? '']));
}

/** The query of GET /calendarEntry beside start and end: `<key>=<value>` for each chosen filter (spec §7). */
export function filterQuery(values: CalendarFilterValues): Record<string, string> {
  return Object.fromEntries(Object.entries(values).filter(([, value]) => value !== ''));
}
