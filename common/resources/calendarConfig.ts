import { isCssColor, isThemeColourName } from '../cssColor';

/**
 * Spec §3 Calendar config and Calendar entry type, as the config entries `calendar.config` and
 * `calendar.entryTypes` hold them (JSON, edited in Configuration; DESIGN §12), with the checks
 * the server makes when they are saved and the rules the entry dialog and the server share:
 * which options a dropdown offers (dependsOn / dependentMappings) and what a custom attribute
 * value must be. docs/schedules-calendar.md describes the shape with an example.
 */

export const CALENDAR_CONFIG_KEY = 'calendar.config';
export const CALENDAR_ENTRY_TYPES_KEY = 'calendar.entryTypes';

export interface CalendarEntryType {
  _id: string;
  name: string;
  /** CSS colour of its entries unless an entry has its own. */
  color?: string;
}

export type CalendarFieldType = 'text' | 'number' | 'date';

export interface CalendarFieldDefinition {
  /** The customAttributes key; also the query parameter when a filter names it. */
  key: string;
  label: string;
  /** Default 'text'. A date is epoch ms. Dropdowns (values or dependsOn) hold text. */
  type?: CalendarFieldType;
  /** A dropdown's options; with multiSelect its value is a list of them. */
  values?: string[];
  multiSelect?: boolean;
  /** Key of another dropdown: this one's options are dependentMappings[that one's value]. */
  dependsOn?: string;
  dependentMappings?: Record<string, string[]>;
}

export interface CalendarFilter {
  /** 'type' or a custom field's key. */
  key: string;
  label: string;
  /** Served filled in: a field's options, or the entry type names for 'type'. '' stands for all. */
  values: string[];
  defaultValue: string;
}

export interface CalendarActionButton {
  label: string;
  clickFunctionName: string;
  /** Client script, run as a table action's is (docs/scripts.md, "Table actions"). */
  functionBody: string;
  color?: string;
}

export interface CalendarLegendItem {
  label: string;
  color: string;
}

export interface CalendarConfig {
  filters: CalendarFilter[];
  actionButtons: CalendarActionButton[];
  legend: CalendarLegendItem[];
  customFields: {
    definitions: CalendarFieldDefinition[];
    /** Keys shown read-only once an entry exists, and refused when a PUT changes them. */
    updateReadOnlyFields: string[];
  };
}

export const EMPTY_CALENDAR_CONFIG: CalendarConfig = {
  filters: [],
  actionButtons: [],
  legend: [],
  customFields: { definitions: [], updateReadOnlyFields: [] },
};

/** Query parameters GET /calendarEntry takes itself: a field may not be named so. */
export const RESERVED_FIELD_KEYS = ['start', 'end', 'range', 'type'] as const;
const KEY_PATTERN = /^[A-Za-z][A-Za-z0-9_]{0,63}$/;
const MAX_TEXT = 2000;
const MAX_SCRIPT = 100_000;

/** A config that failed its checks: the path of the first problem and what is wrong there. */
export class CalendarConfigError extends Error {
  constructor(
    readonly path: string,
    problem: string,
  ) {
    super(path ? `${path} ${problem}` : problem);
  }
}

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);
function fail(path: string, problem: string): never {
  throw new CalendarConfigError(path, problem);
}

function objectAt(value: unknown, path: string, allowed: readonly string[]): Json {
  if (!isObject(value)) fail(path, 'must be an object');
  const object = value as Json;
  const unknown = Object.keys(object).find((key) => !allowed.includes(key));
  if (unknown !== undefined) fail(path ? `${path}.${unknown}` : unknown, 'is not allowed');
  return object;
}

function listAt(value: unknown, path: string): unknown[] {
  if (value === undefined) return [];
  if (!Array.isArray(value)) fail(path, 'must be a list');
  return value as unknown[];
}

function textAt(value: unknown, path: string, { required = false, max = 200 } = {}): string {
  if (value === undefined || value === null) {
    if (required) fail(path, 'is required');
    return '';
  }
  if (typeof value !== 'string') fail(path, 'must be text');
  const text = value as string;
  if (required && text.trim() === '') fail(path, 'must not be blank');
  if (text.length > max) fail(path, `must be at most ${max} characters`);
  return text;
}

function optionsAt(value: unknown, path: string): string[] {
  const list = listAt(value, path);
  const options = list.map((item, i) => textAt(item, `${path}.${i}`, { required: true }));
  const twice = options.find((option, i) => options.indexOf(option) !== i);
  if (twice !== undefined) fail(path, `holds "${twice}" twice`);
  return options;
}

function booleanAt(value: unknown, path: string): boolean {
  if (value === undefined) return false;
  if (typeof value !== 'boolean') fail(path, 'must be true or false');
  return value as boolean;
}

function colourAt(value: unknown, path: string, { theme = false } = {}): string {
  if (!isCssColor(value) && !(theme && isThemeColourName(value))) fail(path, 'must be a CSS colour: a name such as red, #rrggbb, rgb(…) or hsl(…)');
  return value as string;
}

export function isDropdown(definition: CalendarFieldDefinition): boolean {
  return (definition.values?.length ?? 0) > 0 || definition.dependsOn !== undefined;
}

function parseDefinition(value: unknown, path: string): CalendarFieldDefinition {
  const raw = objectAt(value, path, ['key', 'label', 'type', 'values', 'multiSelect', 'dependsOn', 'dependentMappings']);
  const key = textAt(raw.key, `${path}.key`, { required: true, max: 64 });
  if (!KEY_PATTERN.test(key)) fail(`${path}.key`, 'must start with a letter and hold only letters, digits and _');
  if ((RESERVED_FIELD_KEYS as readonly string[]).includes(key)) fail(`${path}.key`, `must not be ${key}: GET /calendarEntry takes ${key} itself`);
  const type = raw.type === undefined ? 'text' : raw.type;
  if (type !== 'text' && type !== 'number' && type !== 'date') fail(`${path}.type`, 'must be text, number or date');
  const definition: CalendarFieldDefinition = { key, label: textAt(raw.label, `${path}.label`, { required: true }), type: type as CalendarFieldType };
  const values = optionsAt(raw.values, `${path}.values`);
  if (values.length > 0) definition.values = values;
  if (raw.multiSelect !== undefined) definition.multiSelect = booleanAt(raw.multiSelect, `${path}.multiSelect`);
  if (raw.dependsOn !== undefined && raw.dependsOn !== null && raw.dependsOn !== '') {
    definition.dependsOn = textAt(raw.dependsOn, `${path}.dependsOn`, { required: true, max: 64 });
    const mappings = raw.dependentMappings ?? {};
    if (!isObject(mappings)) fail(`${path}.dependentMappings`, 'must be an object of option → list of options');
    definition.dependentMappings = Object.fromEntries(Object.entries(mappings).map(([parent, options]) => [parent, optionsAt(options, `${path}.dependentMappings.${parent}`)]));
  } else if (raw.dependentMappings !== undefined) {
    fail(`${path}.dependentMappings`, 'needs dependsOn');
  }
  if (isDropdown(definition) && definition.type !== 'text') fail(`${path}.type`, 'must be text for a dropdown (values or dependsOn)');
  if (definition.multiSelect && !isDropdown(definition)) fail(`${path}.multiSelect`, 'needs values or dependsOn');
  return definition;
}

/** Every value a dropdown can take: its values, or all the options of its mappings. */
function possibleValues(definition: CalendarFieldDefinition): string[] {
  if (definition.dependsOn === undefined) return definition.values ?? [];
  return [...new Set(Object.values(definition.dependentMappings ?? {}).flat())];
}

function checkDependencies(definitions: readonly CalendarFieldDefinition[]) {
  const byKey = new Map(definitions.map((d) => [d.key, d]));
  definitions.forEach((definition, i) => {
    if (definition.dependsOn === undefined) return;
    const path = `customFields.definitions.${i}`;
    const parent = byKey.get(definition.dependsOn);
    if (!parent || !isDropdown(parent)) fail(`${path}.dependsOn`, `names no dropdown field ("${definition.dependsOn}")`);
    const seen = new Set<string>([definition.key]);
    for (let up: CalendarFieldDefinition | undefined = parent; up?.dependsOn !== undefined; up = byKey.get(up.dependsOn)) {
      if (seen.has(up.key)) fail(`${path}.dependsOn`, 'makes a circle of dependencies');
      seen.add(up.key);
    }
    const parentValues = possibleValues(parent as CalendarFieldDefinition);
    const stray = Object.keys(definition.dependentMappings ?? {}).find((value) => !parentValues.includes(value));
    if (stray !== undefined) fail(`${path}.dependentMappings.${stray}`, `is no option of "${definition.dependsOn}"`);
  });
}

/**
 * A `calendar.config` value (already JSON-parsed) as a complete config, or a CalendarConfigError
 * naming the first problem. Missing parts are empty lists; a filter's values left out are served
 * from its field (see withFilterValues).
 */
export function parseCalendarConfig(value: unknown): CalendarConfig {
  const raw = objectAt(value, '', ['filters', 'actionButtons', 'legend', 'customFields']);
  const fields = objectAt(raw.customFields ?? {}, 'customFields', ['definitions', 'updateReadOnlyFields']);
  const definitions = listAt(fields.definitions, 'customFields.definitions').map((d, i) => parseDefinition(d, `customFields.definitions.${i}`));
  const keys = definitions.map((d) => d.key);
  const twice = keys.find((key, i) => keys.indexOf(key) !== i);
  if (twice !== undefined) fail('customFields.definitions', `holds the key "${twice}" twice`);
  checkDependencies(definitions);
  const readOnly = optionsAt(fields.updateReadOnlyFields, 'customFields.updateReadOnlyFields');
  readOnly.forEach((key, i) => {
    if (!keys.includes(key)) fail(`customFields.updateReadOnlyFields.${i}`, `names no field ("${key}")`);
  });

  const filters = listAt(raw.filters, 'filters').map((f, i): CalendarFilter => {
    const path = `filters.${i}`;
    const filter = objectAt(f, path, ['key', 'label', 'values', 'defaultValue']);
    const key = textAt(filter.key, `${path}.key`, { required: true, max: 64 });
    const definition = definitions.find((d) => d.key === key);
    if (key !== 'type' && !definition) fail(`${path}.key`, `must be type or a custom field's key ("${key}" is neither)`);
    if (definition?.type === 'date') fail(`${path}.key`, 'names a date field, which cannot be a filter');
    const values = optionsAt(filter.values, `${path}.values`);
    const defaultValue = textAt(filter.defaultValue, `${path}.defaultValue`);
    if (defaultValue !== '' && values.length > 0 && !values.includes(defaultValue)) fail(`${path}.defaultValue`, 'must be one of the values (or empty, for all)');
    return { key, label: textAt(filter.label, `${path}.label`) || definition?.label || 'Type', values, defaultValue };
  });
  const filterKeys = filters.map((f) => f.key);
  const twiceFiltered = filterKeys.find((key, i) => filterKeys.indexOf(key) !== i);
  if (twiceFiltered !== undefined) fail('filters', `holds the key "${twiceFiltered}" twice`);

  const actionButtons = listAt(raw.actionButtons, 'actionButtons').map((b, i): CalendarActionButton => {
    const path = `actionButtons.${i}`;
    const button = objectAt(b, path, ['label', 'clickFunctionName', 'functionBody', 'color']);
    const parsed: CalendarActionButton = {
      label: textAt(button.label, `${path}.label`, { required: true }),
      clickFunctionName: textAt(button.clickFunctionName, `${path}.clickFunctionName`),
      functionBody: textAt(button.functionBody, `${path}.functionBody`, { required: true, max: MAX_SCRIPT }),
    };
    if (button.color !== undefined) parsed.color = colourAt(button.color, `${path}.color`, { theme: true });
    return parsed;
  });

  const legend = listAt(raw.legend, 'legend').map((l, i): CalendarLegendItem => {
    const path = `legend.${i}`;
    const item = objectAt(l, path, ['label', 'color']);
    return { label: textAt(item.label, `${path}.label`, { required: true }), color: colourAt(item.color, `${path}.color`) };
  });

  return { filters, actionButtons, legend, customFields: { definitions, updateReadOnlyFields: readOnly } };
}

/** A `calendar.entryTypes` value (JSON-parsed): a list of {_id, name, color?}, ids and names unique. */
export function parseCalendarEntryTypes(value: unknown): CalendarEntryType[] {
  if (!Array.isArray(value)) fail('', 'must be a list of {_id, name, color}');
  const types = listAt(value, '').map((t, i): CalendarEntryType => {
    const path = String(i);
    const raw = objectAt(t, path, ['_id', 'name', 'color']);
    const type: CalendarEntryType = { _id: textAt(raw._id, `${path}._id`, { required: true, max: 64 }), name: textAt(raw.name, `${path}.name`, { required: true }) };
    if (raw.color !== undefined) type.color = colourAt(raw.color, `${path}.color`);
    return type;
  });
  const ids = types.map((t) => t._id);
  const twiceId = ids.find((id, i) => ids.indexOf(id) !== i);
  if (twiceId !== undefined) fail('', `holds the _id "${twiceId}" twice`);
  const names = types.map((t) => t.name.trim().toLowerCase());
  const twiceName = names.findIndex((name, i) => names.indexOf(name) !== i);
  if (twiceName >= 0) fail('', `holds the name "${types[twiceName]?.name}" twice`);
  return types;
}

/**
 * The config as served: a filter without values offers its field's options (or the entry type
 * names for 'type'), and an empty legend shows the entry types that have a colour.
 */
export function withFilterValues(config: CalendarConfig, types: readonly CalendarEntryType[]): CalendarConfig {
  const byKey = new Map(config.customFields.definitions.map((d) => [d.key, d]));
  const filters = config.filters.map((filter) => {
    if (filter.values.length > 0) return filter;
    const definition = byKey.get(filter.key);
    const values = filter.key === 'type' && !definition ? types.map((t) => t.name) : definition ? possibleValues(definition) : [];
    return { ...filter, values };
  });
  const legend = config.legend.length > 0 ? config.legend : types.filter((t) => t.color).map((t) => ({ label: t.name, color: t.color as string }));
  return { ...config, filters, legend };
}

/** The values of an attribute as a list: a multi-select's list, a single value, or none. */
function chosen(value: unknown): string[] {
  if (Array.isArray(value)) return value.filter((v): v is string => typeof v === 'string');
  return typeof value === 'string' && value !== '' ? [value] : [];
}

/**
 * The options a dropdown offers given the other attributes' values: its values, or the mappings
 * of the value(s) chosen for the field it depends on (none while that one is empty).
 */
export function dropdownOptions(definition: CalendarFieldDefinition, attributes: Readonly<Record<string, unknown>>): string[] {
  if (definition.dependsOn === undefined) return definition.values ?? [];
  const mappings = definition.dependentMappings ?? {};
  const options = chosen(attributes[definition.dependsOn]).flatMap((parent) => (Object.hasOwn(mappings, parent) ? mappings[parent] ?? [] : []));
  return [...new Set(options)];
}

/** A value that counts as not filled in: it is dropped rather than stored. */
export const isEmptyAttribute = (value: unknown): boolean => value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0);

/**
 * What is wrong with one custom attribute's value given the definition and the other attributes,
 * or null. Empty values are fine (nothing is required).
 */
export function attributeProblem(definition: CalendarFieldDefinition, value: unknown, attributes: Readonly<Record<string, unknown>>): string | null {
  if (isEmptyAttribute(value)) return null;
  if (isDropdown(definition)) {
    const options = dropdownOptions(definition, attributes);
    const values = definition.multiSelect ? value : [value];
    if (definition.multiSelect && !Array.isArray(value)) return 'must be a list of options';
    if (!Array.isArray(values) || values.some((v) => typeof v !== 'string')) return 'must be one of the options';
    if (new Set(values).size !== values.length) return 'holds an option twice';
    const wrong = (values as string[]).find((v) => !options.includes(v));
    if (wrong === undefined) return null;
    if (definition.dependsOn !== undefined && options.length === 0) return `has no options until ${definition.dependsOn} is chosen`;
    const listed = options.length > 8 ? `${options.slice(0, 8).join(', ')}, …` : options.join(', ');
    return `"${wrong}" is not an option${definition.dependsOn !== undefined ? ` for this ${definition.dependsOn}` : ''} (${listed})`;
  }
  switch (definition.type ?? 'text') {
    case 'number':
      return typeof value === 'number' && Number.isFinite(value) ? null : 'must be a number';
    case 'date':
      return typeof value === 'number' && Number.isSafeInteger(value) && Math.abs(value) <= 8.64e15 ? null : 'must be a date in epoch milliseconds';
    default:
      if (typeof value !== 'string') return 'must be text';
      return value.length > MAX_TEXT ? `must be at most ${MAX_TEXT} characters` : null;
  }
}
