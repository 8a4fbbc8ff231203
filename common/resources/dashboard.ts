import * as yup from 'yup';
import { idString, nonBlank, strictObject } from './schemaParts';
import { field } from '../fields';

/** Spec §9: the filters a dashboard offers. */
export const DASHBOARD_FILTER_TYPES = ['date-range', 'select'] as const;
export type DashboardFilterType = (typeof DASHBOARD_FILTER_TYPES)[number];

/** Option names a filter reads (spec §3: label, defaultValue, values comma separated); others are kept. */
export const FILTER_OPTION_NAMES = ['label', 'defaultValue', 'values'] as const;

/**
 * A dashboard filter (spec §3). Its options are a small map: `label`, `defaultValue` (a select's
 * value; a date range's number of days back from today, spec §9 '{n} days'), `values` (a select's
 * choices, or a date range's day presets, comma separated).
 */
export interface DashboardFilter {
  name: string;
  type: DashboardFilterType;
  options: Record<string, string>;
}

/** One widget on the dashboard: `width` in twelfths of the row, `height` in pixels. */
export interface DashboardItem {
  _id: string;
  widget: string;
  width: number;
  height: number;
  sequenceId: number;
}

/** A titled group of widgets; `filters` names the dashboard filters its widgets receive. */
export interface DashboardSection {
  title: string;
  sequenceId: number;
  filters: string[];
  items: DashboardItem[];
}

export interface DashboardRecord {
  _id: string;
  name: string;
  filters: DashboardFilter[];
  sections: DashboardSection[];
}

export const ITEM_WIDTH = { min: 1, max: 12, default: 4 } as const;
export const ITEM_HEIGHT = { min: 80, max: 2000, default: 300 } as const;

const filterOptionsSchema = yup
  .object()
  .default({})
  .test('filter-options', '', function check(value) {
    for (const [name, option] of Object.entries((value ?? {}) as Record<string, unknown>)) {
      // Spec §5: a filter option name must be non-blank.
      if (name.trim() === '') return this.createError({ message: `${this.path}: an option name must not be blank` });
      if (typeof option !== 'string') return this.createError({ message: `${this.path}.${name} must be a text` });
      if (option.length > 2000) return this.createError({ message: `${this.path}.${name} must be at most 2000 characters` });
    }
    return true;
  });

const filterSchema = strictObject({
  name: nonBlank('${path}'),
  type: yup.string().required().oneOf([...DASHBOARD_FILTER_TYPES]),
  options: filterOptionsSchema,
});

const itemSchema = strictObject({
  _id: idString(),
  widget: idString().required(),
  width: yup.number().integer().min(ITEM_WIDTH.min).max(ITEM_WIDTH.max, '${path} must be at most ${max}').default(ITEM_WIDTH.default),
  height: yup.number().integer().min(ITEM_HEIGHT.min).max(ITEM_HEIGHT.max, '${path} must be at most ${max}').default(ITEM_HEIGHT.default),
  sequenceId: yup.number().integer().default(0),
});

const sectionSchema = strictObject({
  title: yup.string().max(200).default(''),
  sequenceId: yup.number().integer().default(0),
  filters: yup.array(yup.string().required()).default([]),
  items: yup.array(itemSchema).default([]),
});

export const dashboardSchema = strictObject({
  name: field.name(),
  filters: yup
    .array(filterSchema)
    .default([])
    .test('distinct-filters', '', function check(filters) {
      const seen = new Set<string>();
      for (const [index, filter] of (filters ?? []).entries()) {
        const name = filter?.name?.trim() ?? '';
        if (seen.has(name)) return this.createError({ path: `filters[${index}].name`, message: `filters[${index}].name: a filter named "${name}" already exists` });
        seen.add(name);
      }
      return true;
    }),
  sections: yup
    .array(sectionSchema)
    .default([])
    .test('known-filters', '', function check(sections) {
      const known = new Set(((this.parent as { filters?: { name?: string }[] }).filters ?? []).map((filter) => filter?.name?.trim()));
      for (const [index, section] of (sections ?? []).entries()) {
        const unknown = (section?.filters ?? []).find((name) => !known.has(name.trim()));
        if (unknown !== undefined) return this.createError({ path: `sections[${index}].filters`, message: `sections[${index}].filters: no dashboard filter is named "${unknown}"` });
      }
      return true;
    }),
});

/** A filter's comma-separated `values` as a list, blanks dropped. */
export function splitFilterValues(values: string | undefined): string[] {
  return (values ?? '')
    .split(',')
    .map((value) => value.trim())
    .filter((value) => value !== '');
}

/** A date range's day count as written: '30', '30 days' or '1 day' → the number; anything else → null. */
export function daysOf(text: string | undefined): number | null {
  const match = /^\s*(\d{1,4})(\s*days?)?\s*$/i.exec(text ?? '');
  return match ? Number(match[1]) : null;
}

/** Sections, and the items of each, in their sequence order (spec §3 sequenceId). */
export function orderedSections(sections: readonly DashboardSection[]): DashboardSection[] {
  const bySequence = <T extends { sequenceId: number }>(list: readonly T[]) => [...list].sort((a, b) => a.sequenceId - b.sequenceId);
  return bySequence(sections).map((section) => ({ ...section, items: bySequence(section.items ?? []) }));
}
