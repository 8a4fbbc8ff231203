import type { CalendarEntryType, CalendarFieldDefinition, CalendarFilter } from './calendarConfig';
import type { CustomAttributes } from './customAttributes';

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

/**
 * What a new entry takes from the filters shown, so it appears in the view it was added to: the
 * chosen entry type, and the chosen value of each filter that is a custom field (a multi-select
 * gets it as its one option).
 */
export function presetsOf(values: CalendarFilterValues, definitions: readonly CalendarFieldDefinition[], types: readonly CalendarEntryType[]): { type?: string; customAttributes: CustomAttributes } {
  const customAttributes: CustomAttributes = {};
  for (const definition of definitions) {
    const value = values[definition.key];
    if (value) customAttributes[definition.key] = definition.multiSelect ? [value] : definition.type === 'number' ? Number(value) : value;
  }
  const typeName = values.type;
  const type = typeName ? types.find((candidate) => candidate.name === typeName || candidate._id === typeName)?._id : undefined;
  return { ...(type ? { type } : {}), customAttributes };
}
