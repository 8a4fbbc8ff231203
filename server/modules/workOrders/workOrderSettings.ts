import { inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { alertLevels, users } from '../../db/schema';
import { HttpError } from '../../http/errors';
import { createConfigRepository } from '../config/config.repository';
import type { ConfigValueChecker } from '../config/configValueChecker';
import {
  COMPLETED_STATUS,
  WORK_ORDER_CONFIG_KEYS,
  type WorkOrderAutoCreateRule,
  type WorkOrderField,
  type WorkOrderFilter,
} from '../../../common/resources/workOrder';
import { FILTER_KEYS, LIST_FIELDS, SORT_FIELDS, includes, type SortField } from './workOrderFields';

/**
 * The work order config entries (docs/work-orders.md, "Config entries"; DESIGN §11): status and
 * priority values, list columns, filters, sort and the alert → order rule, JSON an administrator
 * edits in Configuration. Saving checks them strictly (an unknown key is refused, so a typo does
 * not silently do nothing); reading is lenient where it can be (a missing or blank entry is its
 * default, unknown keys are ignored) and answers 409 naming the entry where it cannot.
 */

export type SettingName = keyof typeof WORK_ORDER_CONFIG_KEYS;

/** `workOrder.autoCreate` with its defaults filled in. */
export interface AutoCreateRule {
  /** Alert level technical names; empty: the rule is off. */
  levels: string[];
  /** 'inspector' or a username. */
  assignTo: string;
  fallbackAssignee: string | null;
  /** Level technical name → priority value. */
  priorities: Record<string, string>;
  dueHours: number;
}

export interface WorkOrderSettings {
  statusValues: string[];
  priorityValues: string[];
  fields: WorkOrderField[];
  filters: WorkOrderFilter[];
  sort: Partial<Record<SortField, 'asc' | 'desc'>>[];
  autoCreate: AutoCreateRule;
}

export const INSPECTOR = 'inspector';
export const DEFAULT_DUE_HOURS = 24;
const MAX_DUE_HOURS = 24 * 366;
const MAX_NAME = 100;
const MAX_ITEMS = 50;

/** The rule as its entry holds it: only `levels` is required, the rest have defaults. */
type StoredRule = Partial<WorkOrderAutoCreateRule> & Pick<WorkOrderAutoCreateRule, 'levels'>;

export const DEFAULT_WORK_ORDER_SETTINGS: Omit<WorkOrderSettings, 'autoCreate'> & { autoCreate: StoredRule } = {
  statusValues: ['Open', 'In Progress', 'On Hold', COMPLETED_STATUS],
  priorityValues: ['High', 'Medium', 'Low'],
  fields: [
    { heading: 'Title', dataField: 'title' },
    { heading: 'Asset', dataField: 'asset' },
    { heading: 'Assigned To', dataField: 'assignedTo' },
    { heading: 'Priority', dataField: 'priority' },
    { heading: 'Status', dataField: 'status' },
    { heading: 'Start Date', dataField: 'startTimestamp' },
    { heading: 'End Date', dataField: 'endTimestamp' },
  ],
  filters: [
    { name: 'Status', key: 'status', values: [] },
    { name: 'Priority', key: 'priority', values: [] },
    { name: 'Assigned To', key: 'assignedTo', values: [] },
  ],
  sort: [{ startTimestamp: 'desc' }],
  // Off on a production start: which alerts become work, and for whom, is the operator's call.
  autoCreate: { levels: [] },
};

/** The demo plant's rule: a critical alert becomes the inspecting technician's order, due within a day. */
export const DEMO_AUTO_CREATE: WorkOrderAutoCreateRule = { levels: ['critical'], assignTo: INSPECTOR, fallbackAssignee: 'engineer', dueHours: DEFAULT_DUE_HOURS };

const DESCRIPTIONS: Record<SettingName, string> = {
  statusValues: 'Work orders: the status values, a JSON list; it must hold Completed, the terminal status',
  priorityValues: 'Work orders: the priority values, a JSON list, most urgent first',
  fields: 'Work orders: list columns, a JSON list of {heading, dataField}',
  filters: 'Work orders: list filters, a JSON list of {name, key, values}; empty values offer every value',
  sort: 'Work orders: the list order, a JSON list of {field: "asc" or "desc"}',
  autoCreate: 'Work orders: alerts that open an order, {levels, assignTo, fallbackAssignee, priorities, dueHours} (docs/work-orders.md)',
};

/** The entries seeded on every start when missing (never overwriting an administrator's edit). */
export function workOrderConfigEntries(demo: boolean): { key: string; description: string; value: string }[] {
  const values: Record<SettingName, unknown> = { ...DEFAULT_WORK_ORDER_SETTINGS, ...(demo ? { autoCreate: DEMO_AUTO_CREATE } : {}) };
  return (Object.keys(WORK_ORDER_CONFIG_KEYS) as SettingName[]).map((name) => ({
    key: WORK_ORDER_CONFIG_KEYS[name],
    description: DESCRIPTIONS[name],
    value: JSON.stringify(values[name]),
  }));
}

/** A value that failed its checks: where, and what is wrong there. */
export class WorkOrderConfigError extends Error {}

type Json = Record<string, unknown>;

function fail(path: string, problem: string): never {
  throw new WorkOrderConfigError(path ? `${path} ${problem}` : problem);
}

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

/** `strict` (saving) refuses keys the shape does not have; reading ignores them. */
function objectAt(value: unknown, path: string, allowed: readonly string[], strict: boolean): Json {
  if (!isObject(value)) fail(path, 'must be an object');
  if (strict) {
    const unknown = Object.keys(value).find((key) => !allowed.includes(key));
    if (unknown !== undefined) fail(path ? `${path}.${unknown}` : unknown, `is not allowed (allowed: ${allowed.join(', ')})`);
  }
  return value;
}

function listAt(value: unknown, path: string): unknown[] {
  if (!Array.isArray(value)) fail(path, 'must be a list');
  if (value.length > MAX_ITEMS) fail(path, `must hold at most ${MAX_ITEMS} items`);
  return value;
}

function nameAt(value: unknown, path: string): string {
  if (typeof value !== 'string' || value.trim() === '') fail(path, 'must be a non-blank text');
  if (value.length > MAX_NAME) fail(path, `must be at most ${MAX_NAME} characters`);
  return value.trim();
}

function namesAt(value: unknown, path: string, { nonEmpty }: { nonEmpty: boolean }): string[] {
  const names = listAt(value, path).map((item, i) => nameAt(item, path ? `${path}.${i}` : String(i)));
  if (nonEmpty && names.length === 0) fail(path, 'must hold at least one value');
  const twice = names.find((name, i) => names.indexOf(name) !== i);
  if (twice !== undefined) fail(path, `holds "${twice}" twice`);
  return names;
}

function oneOf<T extends string>(list: readonly T[], value: unknown, path: string): T {
  if (!includes(list, value)) fail(path, `must be one of ${list.join(', ')}`);
  return value;
}

function parseStatusValues(value: unknown): string[] {
  const names = namesAt(value, '', { nonEmpty: true });
  // DESIGN §11: Completed is the terminal status; without it no order could ever be finished.
  if (!names.includes(COMPLETED_STATUS)) fail('', `must hold ${COMPLETED_STATUS}, the terminal status`);
  return names;
}

const parsePriorityValues = (value: unknown): string[] => namesAt(value, '', { nonEmpty: true });

function parseFields(value: unknown, strict: boolean): WorkOrderField[] {
  const fields = listAt(value, '').map((item, i) => {
    const raw = objectAt(item, String(i), ['heading', 'dataField'], strict);
    return { heading: nameAt(raw.heading, `${i}.heading`), dataField: oneOf(LIST_FIELDS, raw.dataField, `${i}.dataField`) };
  });
  if (fields.length === 0) fail('', 'must hold at least one column');
  return fields;
}

function parseFilters(value: unknown, strict: boolean): WorkOrderFilter[] {
  const filters = listAt(value, '').map((item, i) => {
    const raw = objectAt(item, String(i), ['name', 'key', 'values'], strict);
    return {
      name: nameAt(raw.name, `${i}.name`),
      key: oneOf(FILTER_KEYS, raw.key, `${i}.key`),
      values: raw.values === undefined ? [] : namesAt(raw.values, `${i}.values`, { nonEmpty: false }),
    };
  });
  const twice = filters.find((filter, i) => filters.findIndex((other) => other.key === filter.key) !== i);
  if (twice) fail('', `filters on ${twice.key} twice`);
  return filters;
}

function parseSort(value: unknown): WorkOrderSettings['sort'] {
  return listAt(value, '').map((item, i) => {
    if (!isObject(item) || Object.keys(item).length !== 1) fail(String(i), 'must be an object of one field: {"startTimestamp": "desc"}');
    const [field, direction] = Object.entries(item)[0] as [string, unknown];
    oneOf(SORT_FIELDS, field, `${i} field ${field}`);
    return { [field]: oneOf(['asc', 'desc'] as const, direction, `${i}.${field}`) };
  });
}

function parseAutoCreate(value: unknown, strict: boolean): AutoCreateRule {
  const raw = objectAt(value, '', ['levels', 'assignTo', 'fallbackAssignee', 'priorities', 'dueHours'], strict);
  if (raw.levels === undefined) fail('levels', 'is required (a list of alert level technical names; empty turns the rule off)');
  const priorities = raw.priorities === undefined || raw.priorities === null ? {} : objectAt(raw.priorities, 'priorities', [], false);
  const dueHours = raw.dueHours === undefined || raw.dueHours === null ? DEFAULT_DUE_HOURS : raw.dueHours;
  if (typeof dueHours !== 'number' || !Number.isFinite(dueHours) || dueHours <= 0 || dueHours > MAX_DUE_HOURS) fail('dueHours', `must be a number of hours above 0 and at most ${MAX_DUE_HOURS}`);
  return {
    levels: namesAt(raw.levels, 'levels', { nonEmpty: false }),
    assignTo: raw.assignTo === undefined || raw.assignTo === null ? INSPECTOR : nameAt(raw.assignTo, 'assignTo'),
    fallbackAssignee: raw.fallbackAssignee === undefined || raw.fallbackAssignee === null || raw.fallbackAssignee === '' ? null : nameAt(raw.fallbackAssignee, 'fallbackAssignee'),
    priorities: Object.fromEntries(Object.entries(priorities).map(([level, priority]) => [level, nameAt(priority, `priorities.${level}`)])),
    dueHours,
  };
}

const PARSERS: { [N in SettingName]: (value: unknown, strict: boolean) => WorkOrderSettings[N] } = {
  statusValues: parseStatusValues,
  priorityValues: parsePriorityValues,
  fields: parseFields,
  filters: parseFilters,
  sort: parseSort,
  autoCreate: parseAutoCreate,
};

const NAME_OF_KEY = new Map((Object.entries(WORK_ORDER_CONFIG_KEYS) as [SettingName, string][]).map(([name, key]) => [key, name]));

/** An entry's text as its setting, or a WorkOrderConfigError naming the problem. */
function parseEntry<N extends SettingName>(name: N, text: string, strict: boolean): WorkOrderSettings[N] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new WorkOrderConfigError('must be JSON (docs/work-orders.md shows each entry)');
  }
  return PARSERS[name](parsed, strict);
}

/**
 * What saving the rule would get wrong in this database: levels and usernames that do not
 * exist, priorities that are not among the priority values. The rule is read leniently later
 * (a level renamed after saving just matches nothing), but a typo should not go in unnoticed.
 */
async function autoCreateReferenceProblem(db: Database, rule: AutoCreateRule): Promise<string | null> {
  const levelNames = [...new Set([...rule.levels, ...Object.keys(rule.priorities)])];
  const known = levelNames.length === 0 ? [] : await db.select({ name: alertLevels.technicalName }).from(alertLevels).where(inArray(alertLevels.technicalName, levelNames));
  const unknownLevel = levelNames.find((name) => !known.some((level) => level.name === name));
  if (unknownLevel !== undefined) return `no alert level has the technical name "${unknownLevel}"`;
  const usernames = [rule.assignTo === INSPECTOR ? null : rule.assignTo, rule.fallbackAssignee].filter((name): name is string => name !== null);
  for (const username of usernames) {
    const [user] = await db.select({ _id: users._id }).from(users).where(sql`lower(${users.username}) = lower(${username})`);
    if (!user) return `no user has the username "${username}"`;
  }
  const priorityValues = await loadWorkOrderSettings(db, ['priorityValues']).then((settings) => settings.priorityValues, () => null);
  const strayPriority = Object.entries(rule.priorities).find(([, priority]) => priorityValues !== null && !priorityValues.includes(priority));
  if (strayPriority) return `priorities.${strayPriority[0]} "${strayPriority[1]}" is not one of the priority values (${(priorityValues ?? []).join(', ')})`;
  return null;
}

/** Configuration's check of a work order entry (config/configValueCheckers.ts). */
export const workOrderConfigChecker: ConfigValueChecker = {
  keys: Object.values(WORK_ORDER_CONFIG_KEYS),
  async problem(db, key, value) {
    const name = NAME_OF_KEY.get(key);
    if (!name) return null;
    try {
      const parsed = parseEntry(name, value, true);
      const references = name === 'autoCreate' ? await autoCreateReferenceProblem(db, parsed as AutoCreateRule) : null;
      return references === null ? null : `${key}: ${references}`;
    } catch (error) {
      if (error instanceof WorkOrderConfigError) return `${key}: ${error.message}`;
      throw error;
    }
  },
};

/**
 * The named settings from their entries: a missing or blank entry is its default; one that does
 * not parse (changed in the database, or before these checks existed) answers 409 naming the
 * entry — the work order screens cannot be served from it until an administrator corrects it.
 */
export async function loadWorkOrderSettings<N extends SettingName>(db: Database, names: readonly N[]): Promise<Pick<WorkOrderSettings, N>> {
  const keys = names.map((name) => WORK_ORDER_CONFIG_KEYS[name]);
  const texts: Partial<Record<string, string>> = await createConfigRepository(db).values(keys);
  const settings = {} as Pick<WorkOrderSettings, N>;
  for (const name of names) {
    const key = WORK_ORDER_CONFIG_KEYS[name];
    const text = texts[key];
    if (text === undefined || text.trim() === '') {
      settings[name] = PARSERS[name](DEFAULT_WORK_ORDER_SETTINGS[name], false) as WorkOrderSettings[N];
      continue;
    }
    try {
      settings[name] = parseEntry(name, text, false) as WorkOrderSettings[N];
    } catch (error) {
      if (!(error instanceof WorkOrderConfigError)) throw error;
      const message = `The work order configuration is not valid: ${key}: ${error.message}. An administrator can correct the config entry ${key} in Configuration.`;
      throw new HttpError(409, message, { [key]: message });
    }
  }
  return settings;
}
