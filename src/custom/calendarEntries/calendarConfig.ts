/**
 * The shapes the configurable calendar reads (spec §3 Calendar entry, entry type, calendar config;
 * DESIGN §12). The config is JSON an administrator edits in Configuration, so the screen reads it
 * through `readCalendarConfig`, which keeps what it understands and drops the rest.
 */

export interface CalendarEntry {
  _id: string;
  start: number;
  end: number;
  /** Entry type id. */
  type: string;
  customAttributes: Record<string, CustomAttributeValue>;
  color?: string | null;
  /** A timed entry has times of day; otherwise it spans whole days. */
  timed: boolean;
  name?: string | null;
  disableDelete?: boolean;
}

/** What a custom attribute holds: text, a number, a YYYY-MM-DD day, or the options of a multi-select. */
export type CustomAttributeValue = string | number | string[] | null;

export interface CalendarEntryType {
  _id: string;
  name: string;
  color?: string;
}

export interface FilterOption {
  value: string;
  label: string;
}

export interface CalendarFilter {
  key: string;
  label: string;
  values: FilterOption[];
  defaultValue?: string;
}

export interface CalendarActionButton {
  label: string;
  clickFunctionName: string;
  functionBody: string;
}

export interface LegendItem {
  label: string;
  color: string;
}

export type CustomFieldType = 'text' | 'number' | 'date' | 'dropdown';

export interface CustomFieldDefinition {
  key: string;
  label: string;
  type: CustomFieldType;
  /** Dropdowns: several options may be chosen. */
  multiSelect: boolean;
  /** Dropdowns: the options (when no dependsOn). */
  values: string[];
  /** Dropdowns: the key of the attribute whose value picks the options. */
  dependsOn?: string;
  /** Dropdowns with dependsOn: that attribute's value → the options offered. */
  dependentMappings: Record<string, string[]>;
  /** Text and number fields: the text a new entry starts with. */
  defaultText?: string;
}

export interface CalendarConfig {
  filters: CalendarFilter[];
  actionButtons: CalendarActionButton[];
  legend: LegendItem[];
  customFields: {
    definitions: CustomFieldDefinition[];
    /** Keys of custom attributes that cannot be changed once an entry exists. */
    updateReadOnlyFields: string[];
  };
}

type Loose = Record<string, unknown>;

const isObject = (value: unknown): value is Loose => typeof value === 'object' && value !== null && !Array.isArray(value);
const listOf = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
const text = (value: unknown): string | undefined => (typeof value === 'string' ? value : typeof value === 'number' ? String(value) : undefined);
const texts = (value: unknown): string[] => listOf(value).map(text).filter((item): item is string => item !== undefined);

function filterOption(value: unknown): FilterOption | null {
  if (isObject(value)) {
    const optionValue = text(value.value);
    return optionValue === undefined ? null : { value: optionValue, label: text(value.label) ?? optionValue };
  }
  const plain = text(value);
  return plain === undefined ? null : { value: plain, label: plain };
}

function filterOf(value: unknown): CalendarFilter | null {
  if (!isObject(value) || !text(value.key)) return null;
  const key = text(value.key) as string;
  const defaultValue = text(value.defaultValue);
  return {
    key,
    label: text(value.label) ?? key,
    values: listOf(value.values).map(filterOption).filter((option): option is FilterOption => option !== null),
    ...(defaultValue ? { defaultValue } : {}),
  };
}

function actionButtonOf(value: unknown): CalendarActionButton | null {
  if (!isObject(value) || !text(value.label)) return null;
  return { label: text(value.label) as string, clickFunctionName: text(value.clickFunctionName) ?? '', functionBody: text(value.functionBody) ?? '' };
}

function legendItemOf(value: unknown): LegendItem | null {
  if (!isObject(value)) return null;
  const label = text(value.label) ?? text(value.name);
  const color = text(value.color);
  return label && color ? { label, color } : null;
}

const FIELD_TYPES: readonly CustomFieldType[] = ['text', 'number', 'date', 'dropdown'];

function fieldTypeOf(value: Loose): CustomFieldType {
  const given = text(value.type);
  if (FIELD_TYPES.includes(given as CustomFieldType)) return given as CustomFieldType;
  // A definition with options (or depending on another) is a dropdown; anything else a text field.
  if (Array.isArray(value.values) || text(value.dependsOn)) return 'dropdown';
  return 'text';
}

function definitionOf(value: unknown): CustomFieldDefinition | null {
  if (!isObject(value) || !text(value.key)) return null;
  const key = text(value.key) as string;
  const mappings: Record<string, string[]> = {};
  if (isObject(value.dependentMappings)) {
    for (const [parent, options] of Object.entries(value.dependentMappings)) mappings[parent] = texts(options);
  }
  const dependsOn = text(value.dependsOn);
  const defaultText = text(value.defaultText);
  return {
    key,
    label: text(value.label) ?? key,
    type: fieldTypeOf(value),
    multiSelect: value.multiSelect === true,
    values: texts(value.values),
    dependentMappings: mappings,
    ...(dependsOn ? { dependsOn } : {}),
    ...(defaultText !== undefined ? { defaultText } : {}),
  };
}

const kept = <T>(items: unknown, read: (item: unknown) => T | null): T[] => listOf(items).map(read).filter((item): item is T => item !== null);

/** The calendar config as served by GET /calendarEntry/calendarConfig, with missing parts empty. */
export function readCalendarConfig(value: unknown): CalendarConfig {
  const config = isObject(value) ? value : {};
  const customFields = isObject(config.customFields) ? config.customFields : {};
  return {
    filters: kept(config.filters, filterOf),
    actionButtons: kept(config.actionButtons, actionButtonOf),
    legend: kept(config.legend, legendItemOf),
    customFields: {
      definitions: kept(customFields.definitions, definitionOf),
      updateReadOnlyFields: texts(customFields.updateReadOnlyFields),
    },
  };
}
