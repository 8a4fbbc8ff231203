import { isCssColor, isThemeColourName } from '../cssColor';
import { TABLE_TYPES, type TableType } from '../resources/table';
import { withCssCellColours } from './cellColours';

/**
 * Spec §3 Table definition: what a table record's script returns and GET /table/{tableId}
 * answers. `validateTableDefinition` names the first problem, so an administrator can fix the
 * script (the server answers it as 422), and answers a valid definition with its colours checked.
 */
export const TABLE_FILTER_TYPES = ['date', 'dateRange', 'dropdown'] as const;

export interface TableDefinitionField {
  heading: string;
  dataField: string;
}

export interface TableDefinitionFilter {
  name: string;
  type: (typeof TABLE_FILTER_TYPES)[number];
  options?: unknown[];
  placeholder?: string;
  defaultValue?: unknown;
}

export interface TableDefinitionAction {
  name: string;
  color?: string;
  clickFunctionName?: string;
  functionBody?: string;
}

export interface TableDefinition {
  name: string;
  keyField?: string;
  type?: TableType;
  fields: TableDefinitionField[];
  filters?: TableDefinitionFilter[];
  data: Record<string, unknown>[];
  sort?: Record<string, 'asc' | 'desc'>;
  setSupportRowExpand?: boolean;
  expandCollapseAllRows?: boolean;
  hidePagination?: boolean;
  excelExport?: boolean;
  allowSelection?: boolean;
  bulkActions?: TableDefinitionAction[];
  customActions?: TableDefinitionAction[];
  preTableContent?: string;
  postTableContent?: string;
  preTableContentAfterFilters?: string;
  detailViewAdditionalParameters?: Record<string, unknown>;
  /** All rows when the script paged on the server (input.page); the Content-Range total. */
  total?: number;
}

/** Most rows one ranged GET /table/{tableId} call may ask for (range=[first,last]). */
export const TABLE_RANGE_MAX = 10_000;

export type TableDefinitionCheck = { ok: true; definition: TableDefinition } | { ok: false; problem: string };

const FLAGS = ['setSupportRowExpand', 'expandCollapseAllRows', 'hidePagination', 'excelExport', 'allowSelection'] as const;
const TEXTS = ['keyField', 'preTableContent', 'postTableContent', 'preTableContentAfterFilters'] as const;
const KNOWN = new Set<string>(['name', 'type', 'fields', 'filters', 'data', 'sort', 'bulkActions', 'customActions', 'detailViewAdditionalParameters', 'total', ...FLAGS, ...TEXTS]);

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const kindOf = (value: unknown) => (value === null ? 'null' : Array.isArray(value) ? 'an array' : `a ${typeof value}`);
const nonBlank = (value: unknown) => typeof value === 'string' && value.trim() !== '';

function checkActions(value: unknown, path: string): string | null {
  if (!Array.isArray(value)) return `${path} must be an array, not ${kindOf(value)}`;
  for (const [i, action] of value.entries()) {
    if (!isObject(action)) return `${path}[${i}] must be an object`;
    if (!nonBlank(action.name)) return `${path}[${i}].name must be a non-blank string`;
    for (const key of ['color', 'clickFunctionName', 'functionBody'] as const) {
      if (action[key] !== undefined && action[key] !== null && typeof action[key] !== 'string') return `${path}[${i}].${key} must be a string`;
    }
  }
  return null;
}

function problemOf(value: unknown): string | null {
  if (!isObject(value)) return `the script must return an object with name, fields and data, not ${kindOf(value)}`;
  for (const key of Object.keys(value)) if (!KNOWN.has(key)) return `${key} is not allowed`;
  if (value.name === undefined) return 'name is required';
  if (!nonBlank(value.name)) return 'name must be a non-blank string';
  if (value.type !== undefined && !(TABLE_TYPES as readonly unknown[]).includes(value.type)) return `type must be one of: ${TABLE_TYPES.join(', ')}`;
  for (const key of TEXTS) if (value[key] !== undefined && value[key] !== null && typeof value[key] !== 'string') return `${key} must be a string`;
  for (const key of FLAGS) if (value[key] !== undefined && typeof value[key] !== 'boolean') return `${key} must be true or false`;

  if (value.fields === undefined) return 'fields is required';
  if (!Array.isArray(value.fields)) return `fields must be an array, not ${kindOf(value.fields)}`;
  for (const [i, field] of value.fields.entries()) {
    if (!isObject(field)) return `fields[${i}] must be an object with heading and dataField`;
    if (typeof field.heading !== 'string') return `fields[${i}].heading must be a string`;
    if (!nonBlank(field.dataField)) return `fields[${i}].dataField must be a non-blank string`;
  }

  if (value.filters !== undefined) {
    if (!Array.isArray(value.filters)) return `filters must be an array, not ${kindOf(value.filters)}`;
    for (const [i, filter] of value.filters.entries()) {
      if (!isObject(filter)) return `filters[${i}] must be an object`;
      if (!nonBlank(filter.name)) return `filters[${i}].name must be a non-blank string`;
      if (!(TABLE_FILTER_TYPES as readonly unknown[]).includes(filter.type)) return `filters[${i}].type must be one of: ${TABLE_FILTER_TYPES.join(', ')}`;
      if (filter.options !== undefined && !Array.isArray(filter.options)) return `filters[${i}].options must be an array`;
      if (filter.placeholder !== undefined && filter.placeholder !== null && typeof filter.placeholder !== 'string') return `filters[${i}].placeholder must be a string`;
    }
  }

  if (value.data === undefined) return 'data is required';
  if (!Array.isArray(value.data)) return `data must be an array, not ${kindOf(value.data)}`;
  for (const [i, row] of value.data.entries()) if (!isObject(row)) return `data[${i}] must be an object, not ${kindOf(row)}`;

  if (value.sort !== undefined) {
    if (!isObject(value.sort)) return `sort must be an object of field to asc or desc`;
    for (const [field, direction] of Object.entries(value.sort)) if (direction !== 'asc' && direction !== 'desc') return `sort.${field} must be asc or desc`;
  }
  for (const key of ['bulkActions', 'customActions'] as const) {
    if (value[key] !== undefined) {
      const problem = checkActions(value[key], key);
      if (problem) return problem;
    }
  }
  if (value.detailViewAdditionalParameters !== undefined && !isObject(value.detailViewAdditionalParameters)) return 'detailViewAdditionalParameters must be an object';
  if (value.total !== undefined && !(Number.isInteger(value.total) && (value.total as number) >= 0)) return 'total must be a whole number of rows, 0 or more';
  return null;
}

/** An action's colour: a CSS colour or a theme palette name (the button draws those), else none. */
function withActionColour(action: TableDefinitionAction): TableDefinitionAction {
  if (action.color === undefined || action.color === null || isCssColor(action.color) || isThemeColourName(action.color)) return action;
  const { color: _dropped, ...rest } = action;
  return rest;
}

/**
 * Colours a script returns reach CSS on the table screen (DESIGN §7, issue 16 §4): one that is not a
 * CSS colour is dropped here, once, and the screen draws that cell or button as if none was given.
 */
function withCssColoursOnly(definition: TableDefinition): TableDefinition {
  return {
    ...definition,
    data: definition.data.map(withCssCellColours),
    ...(definition.bulkActions ? { bulkActions: definition.bulkActions.map(withActionColour) } : {}),
    ...(definition.customActions ? { customActions: definition.customActions.map(withActionColour) } : {}),
  };
}

export function validateTableDefinition(value: unknown): TableDefinitionCheck {
  const problem = problemOf(value);
  return problem ? { ok: false, problem } : { ok: true, definition: withCssColoursOnly(value as unknown as TableDefinition) };
}
