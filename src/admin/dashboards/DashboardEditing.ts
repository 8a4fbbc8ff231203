import { moveItem, nextSequenceId, orderedItems } from '../../../common/resources/checklist';
import { daysOf, FILTER_OPTION_NAMES, splitFilterValues, type DashboardFilter, type DashboardSection } from '../../../common/resources/dashboard';

type Sequenced = { sequenceId: number };

export { nextSequenceId, orderedItems };

/**
 * Moves an entry up (-1) or down (+1) by swapping sequence ids with its neighbour (as checklist
 * items move). Stored lists may carry the same id twice (the schema's default is 0); they are
 * numbered 1…n in their current order first, so the move is always visible.
 */
export function moveInSequence<T extends Sequenced>(list: readonly T[], entry: T, direction: -1 | 1): T[] {
  const index = list.indexOf(entry);
  if (index < 0) return [...list];
  const distinct = new Set(list.map((x) => x.sequenceId)).size === list.length;
  const ordered = orderedItems(list);
  const numbered = distinct ? [...list] : list.map((x) => ({ ...x, sequenceId: ordered.indexOf(x) + 1 }));
  return moveItem(numbered, (numbered[index] as T).sequenceId, direction);
}

/** Indexes of a list in sequence order: editing keeps the array order, only sequence ids change. */
export function sequenceOrder<T extends Sequenced>(list: readonly T[]): number[] {
  return orderedItems(list.map((entry, index) => ({ index, sequenceId: entry.sequenceId }))).map((entry) => entry.index);
}

/** A filter's option names as shown: label, defaultValue, values first, then the others by name. */
export function filterOptionNames(options: Record<string, string>): string[] {
  const known = FILTER_OPTION_NAMES.filter((name) => Object.hasOwn(options, name));
  const others = Object.keys(options)
    .filter((name) => !(FILTER_OPTION_NAMES as readonly string[]).includes(name))
    .sort((a, b) => a.localeCompare(b));
  return [...known, ...others];
}

/** A new filter: labelled with its name, no default, no values yet. */
export function newFilter(name: string): DashboardFilter {
  return { name, type: 'select', options: { label: name, defaultValue: '', values: '' } };
}

/** The sections after a filter was renamed (to) or deleted (to null): the server refuses unknown names. */
export function sectionsWithFilterRenamed(sections: readonly DashboardSection[], from: string, to: string | null): DashboardSection[] {
  const wanted = from.trim();
  return sections.map((section) => {
    const filters = section.filters ?? [];
    if (!filters.some((name) => name.trim() === wanted)) return section;
    const renamed = filters.flatMap((name) => (name.trim() === wanted ? (to === null ? [] : [to]) : [name]));
    return { ...section, filters: [...new Set(renamed)] };
  });
}


/**
 * What is off about a filter option's value, as an i18n key, or null. Not a save blocker (the
 * server takes any text), a hint: a date range counts whole days, a select's default is one of
 * its values.
 */
export function filterOptionProblem(filter: DashboardFilter, name: string): string | null {
  const value = (filter.options[name] ?? '').trim();
  if (value === '') return null;
  const wholeDays = (text: string) => daysOf(text) !== null;
  if (filter.type === 'date-range') {
    if (name === 'defaultValue' && !wholeDays(value)) return 'app.dashboard_admin.hints.days_number';
    if (name === 'values' && !splitFilterValues(value).every(wholeDays)) return 'app.dashboard_admin.hints.days_list';
    return null;
  }
  if (name === 'defaultValue' && !splitFilterValues(filter.options.values).includes(value)) return 'app.dashboard_admin.hints.default_not_in_values';
  return null;
}

/** The first message in a nested react-hook-form error (a list's rule, or one of its entries'). */
export function firstErrorMessage(error: unknown): string | null {
  if (!error || typeof error !== 'object') return null;
  const message = (error as { message?: unknown }).message;
  if (typeof message === 'string' && message !== '') return message;
  for (const [key, inner] of Object.entries(error)) {
    if (key === 'ref' || key === 'type' || key === 'types') continue;
    const found = firstErrorMessage(inner);
    if (found) return found;
  }
  return null;
}
