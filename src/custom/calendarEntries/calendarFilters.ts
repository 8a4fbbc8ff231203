import type { CalendarEntryType, CalendarFilter, FilterOption } from './calendarConfig';

/** Chosen filter values by filter key; '' is "all". */
export type CalendarFilterValues = Record<string, string>;

/** Spec §2.7: the filters start at their default values (no default: all). */
export function initialFilterValues(filters: readonly CalendarFilter[]): CalendarFilterValues {
  return Object.fromEntries(filters.map((filter) => [filter.key, filter.defaultValue ?? '']));
}

/** The query of GET /calendarEntry beside start and end: `<key>=<value>` for each chosen filter (spec §7). */
export function filterQuery(values: CalendarFilterValues): Record<string, string> {
  return Object.fromEntries(Object.entries(values).filter(([, value]) => value !== ''));
}

/**
 * A filter's options as shown: the entry-type filter (key `type`) names its type ids by the
 * types' names where the config gives only ids, and offers every type when it lists none.
 */
export function filterOptions(filter: CalendarFilter, types: readonly CalendarEntryType[]): FilterOption[] {
  if (filter.key !== 'type') return filter.values;
  if (filter.values.length === 0) return types.map((type) => ({ value: type._id, label: type.name }));
  return filter.values.map((option) => {
    const type = types.find((candidate) => candidate._id === option.value);
    return type && option.label === option.value ? { value: option.value, label: type.name } : option;
  });
}
