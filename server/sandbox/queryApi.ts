import { and, asc, count, desc, eq, getTableColumns, gt, gte, inArray, isNotNull, isNull, lt, lte, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { PermissionName } from '../../common/permissions';
import type { AuthUser } from '../auth/access';
import type { Database } from '../db/client';
import { alertLevels, alerts, assets, attributes, checklists, configEntries, inspections, inspectionSchedules, jobRuns, jobs, reports, roles, scripts, tableDefinitions, thermographyNotes, users } from '../db/schema';
import { measurementPoints } from '../modules/monitoring/measurementPoint.resource';
import { DEFAULT_BUCKETS, MAX_BUCKETS, pointTrend, type PointTrendPoint } from '../modules/monitoring/trend';
import type { PointTrend } from '../../common/monitoring/trend';

/**
 * The read-only query API scripts call (`query.list/count/groupBy`, docs/scripts.md). Entity and
 * field names come only from the whitelists below (the API field names of server/db/schema.ts);
 * every value reaches PostgreSQL as a bound parameter through Drizzle, never in the SQL text.
 */

export const LIST_LIMIT_DEFAULT = 1000;
export const LIST_LIMIT_MAX = 10_000;
const IN_VALUES_MAX = 10_000;

/** A mistake in the script's query: it becomes the script's runtime error, message as is. */
export class ScriptQueryError extends Error {}

type FieldKind = 'string' | 'number' | 'boolean' | 'array' | 'json';

interface FieldDef {
  column: AnyPgColumn;
  kind: FieldKind;
}

interface EntityDef {
  name: string;
  table: PgTable;
  /** null: any signed-in user. */
  permission: PermissionName | null;
  fields: Record<string, FieldDef>;
  defaultOrder: string[];
  /** Rows of the table the entity is limited to (e.g. only some config entries); none = all. */
  scope?: SQL;
}

function entity(name: string, table: PgTable, permission: PermissionName | null, fieldNames: string[], defaultOrder: string[], scope?: SQL): EntityDef {
  const columns = getTableColumns(table) as Record<string, AnyPgColumn>;
  const fields: Record<string, FieldDef> = {};
  for (const field of fieldNames) {
    const column = columns[field];
    if (!column) throw new Error(`query API: ${name}.${field} is not a column`);
    const dataType = column.dataType as string;
    const kind: FieldKind = dataType === 'number' || dataType === 'bigint' ? 'number' : dataType === 'boolean' ? 'boolean' : dataType === 'array' ? 'array' : dataType === 'json' ? 'json' : 'string';
    fields[field] = { column, kind };
  }
  return { name, table, permission, fields, defaultOrder, ...(scope ? { scope } : {}) };
}

const timestamps = ['createdAt', 'updatedAt'];
/**
 * Scripts see archived records too, so the names in history always resolve; a script listing what
 * is current asks for `where: { archivedAt: null }` (docs/scripts.md, "Archived records").
 */
const archivable = [...timestamps, 'archivedAt'];

export const QUERY_ENTITIES: Record<string, EntityDef> = {
  asset: entity('asset', assets, 'read-asset', ['_id', 'name', 'identification', 'tags', 'checklists', 'staticAttributes', 'checklistOptions', 'message', ...archivable], ['name']),
  checklist: entity('checklist', checklists, 'read-checklist', ['_id', 'name', 'frequency', 'scripts', 'checklistItems', 'groups', ...archivable], ['name']),
  attribute: entity('attribute', attributes, 'read-checklist', ['_id', 'name', 'technicalName', 'description', 'type', 'isMandatory', 'allowComment', 'options', ...archivable], ['name']),
  inspection: entity('inspection', inspections, 'read-inspection', ['_id', 'timestamp', 'user', 'checklist', 'asset', 'attributeData', 'attributeComments', 'type', 'createdAt'], ['-timestamp']),
  alert: entity(
    'alert',
    alerts,
    'read-alert',
    ['_id', 'inspection', 'asset', 'checklist', 'attribute', 'record', 'level', 'message', 'timestamp', 'severityLevel', 'type', 'remark', 'resolvedBy', 'resolvedAt', 'createdAt'],
    ['-timestamp'],
  ),
  alertLevel: entity('alertLevel', alertLevels, null, ['_id', 'name', 'color', 'technicalName', 'rank'], ['rank']),
  inspectionSchedule: entity('inspectionSchedule', inspectionSchedules, 'read-inspection-schedule', ['_id', 'asset', 'checklists', 'start', 'end', 'inspections', 'generated', 'edited', ...timestamps], ['start']),
  // Never passwordHash, email, tokens or grants: only what any signed-in user may see of others.
  user: entity('user', users, null, ['_id', 'name', 'username', 'role'], ['name']),
  role: entity('role', roles, null, ['_id', 'name'], ['name']),
  report: entity('report', reports, 'read-report', ['_id', 'name', 'formats', ...timestamps], ['name']),
  // Administration records, for an administrator's dashboard: names and states, never script code.
  script: entity('script', scripts, 'manage-script', ['_id', 'name', 'description', ...timestamps], ['name']),
  table: entity('table', tableDefinitions, 'manage-table', ['_id', 'name', 'type', 'script', ...timestamps], ['name']),
  job: entity('job', jobs, 'manage-job', ['_id', 'name', 'cronExpression', 'active', 'script', ...timestamps], ['name']),
  jobRun: entity('jobRun', jobRuns, 'manage-job', ['_id', 'job', 'tick', 'startedAt', 'durationMs', 'outcome', 'error'], ['-startedAt']),
  // Thermography notes (DESIGN §8); image fields hold file ids, served at /api/file/<id>.
  thermographyNote: entity(
    'thermographyNote',
    thermographyNotes,
    'read-thermography-note',
    [
      '_id', 'inspection', 'asset', 'timestamp', 'position', 'imageNumber', 'identification', 'note', 'ambientTemperature', 'severityLevel', 'status',
      'thermalImage', 'realImage', 'originalRealImage', 'measurements', 'parameters', 'observations', 'recommendations', 'referenceNote',
      'createdBy', 'approvedBy', 'approvedAt', ...timestamps,
    ],
    ['-timestamp'],
  ),
  // Condition monitoring (DESIGN §17): whoever reads assets reads their measurement points; query.trend draws one.
  measurementPoint: entity(
    'measurementPoint',
    measurementPoints,
    'read-asset',
    ['_id', 'asset', 'name', 'key', 'unit', 'attribute', 'kind', 'direction', 'warning', 'critical', 'deadband', 'minDurationSeconds', 'serviceEvery', 'serviceTask', ...timestamps],
    ['name'],
  ),
  // The thermography config entries only (severity → alert level, info URL): what note tables and widgets colour by.
  thermographySetting: entity('thermographySetting', configEntries, 'read-thermography-note', ['_id', 'key', 'value'], ['key'], sql`${configEntries.key} like 'thermography.%'`),
};

export type QueryOp = 'list' | 'count' | 'groupBy';

export const QUERY_OPS: readonly QueryOp[] = ['list', 'count', 'groupBy'];

const OPERATORS = ['eq', 'ne', 'gt', 'gte', 'lt', 'lte', 'in', 'contains'] as const;
type Operator = (typeof OPERATORS)[number];

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function resolveEntity(op: QueryOp, name: unknown, user: AuthUser): EntityDef {
  if (typeof name !== 'string' || !Object.hasOwn(QUERY_ENTITIES, name)) {
    throw new ScriptQueryError(`query.${op}: unknown entity '${String(name)}' (entities: ${Object.keys(QUERY_ENTITIES).join(', ')})`);
  }
  const def = QUERY_ENTITIES[name] as EntityDef;
  if (def.permission && !user.permissions.has(def.permission)) {
    throw new ScriptQueryError(`query.${op}('${name}') needs the permission ${def.permission}, which this user does not have`);
  }
  return def;
}

function fieldOf(def: EntityDef, name: unknown, context: string): FieldDef {
  if (typeof name !== 'string' || !Object.hasOwn(def.fields, name)) {
    throw new ScriptQueryError(`${context}: unknown field '${String(name)}' of entity '${def.name}' (fields: ${Object.keys(def.fields).join(', ')})`);
  }
  return def.fields[name] as FieldDef;
}

function checkValue(def: EntityDef, field: string, kind: FieldKind, value: unknown, context: string): void {
  const ok =
    (kind === 'string' && typeof value === 'string') ||
    (kind === 'number' && typeof value === 'number' && Number.isFinite(value)) ||
    (kind === 'boolean' && typeof value === 'boolean') ||
    (kind === 'array' && typeof value === 'string');
  if (!ok) {
    const expected = kind === 'array' ? 'a string (matches rows whose list holds it)' : `a ${kind}`;
    throw new ScriptQueryError(`${context}: ${def.name}.${field} must be compared with ${expected}, got ${JSON.stringify(value) ?? String(value)}`);
  }
}

function condition(def: EntityDef, field: string, fieldDef: FieldDef, op: Operator, value: unknown, context: string): SQL {
  const { column, kind } = fieldDef;
  const where = `${context} where.${field}`;
  if (value === null) {
    if (op === 'eq') return isNull(column);
    if (op === 'ne') return isNotNull(column);
    throw new ScriptQueryError(`${where}: operator '${op}' cannot take null`);
  }
  if (kind === 'json') throw new ScriptQueryError(`${where}: ${def.name}.${field} can only be compared with null`);
  if (kind === 'array') {
    if (op !== 'eq') throw new ScriptQueryError(`${where}: ${def.name}.${field} is a list; only equality (contains) and null work on it`);
    checkValue(def, field, kind, value, where);
    return sql`${value} = any(${column})`;
  }
  if (op === 'in') {
    if (!Array.isArray(value)) throw new ScriptQueryError(`${where}: 'in' needs an array`);
    if (value.length > IN_VALUES_MAX) throw new ScriptQueryError(`${where}: 'in' takes at most ${IN_VALUES_MAX} values`);
    for (const item of value) checkValue(def, field, kind, item, where);
    return inArray(column, value as never[]);
  }
  if (op === 'contains') {
    if (kind !== 'string') throw new ScriptQueryError(`${where}: 'contains' applies to text fields only`);
    checkValue(def, field, kind, value, where);
    // The search text is matched literally: LIKE's own wildcards in it are escaped.
    const pattern = `%${(value as string).replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
    return sql`${column} ilike ${pattern}`;
  }
  checkValue(def, field, kind, value, where);
  if (kind === 'boolean' && op !== 'eq' && op !== 'ne') throw new ScriptQueryError(`${where}: operator '${op}' does not apply to a yes/no field`);
  switch (op) {
    case 'eq':
      return eq(column, value as never);
    case 'ne':
      return sql`${column} is distinct from ${value}`;
    case 'gt':
      return gt(column, value as never);
    case 'gte':
      return gte(column, value as never);
    case 'lt':
      return lt(column, value as never);
    case 'lte':
      return lte(column, value as never);
  }
}

function whereClause(def: EntityDef, where: unknown, context: string): SQL | undefined {
  if (where === undefined || where === null) return undefined;
  if (!isPlainObject(where)) throw new ScriptQueryError(`${context}: where must be an object of {field: value}`);
  const parts: SQL[] = [];
  for (const [field, test] of Object.entries(where)) {
    const fieldDef = fieldOf(def, field, `${context} where`);
    if (isPlainObject(test)) {
      const entries = Object.entries(test);
      if (entries.length === 0) throw new ScriptQueryError(`${context} where.${field}: an empty condition`);
      for (const [op, value] of entries) {
        if (!(OPERATORS as readonly string[]).includes(op)) {
          throw new ScriptQueryError(`${context} where.${field}: unknown operator '${op}' (operators: ${OPERATORS.join(', ')})`);
        }
        parts.push(condition(def, field, fieldDef, op as Operator, value, context));
      }
    } else {
      parts.push(condition(def, field, fieldDef, 'eq', test, context));
    }
  }
  return parts.length ? and(...parts) : undefined;
}

/** The script's conditions within the entity's scope. */
const scoped = (def: EntityDef, where: SQL | undefined): SQL | undefined => (def.scope ? (where ? and(def.scope, where) : def.scope) : where);

function orderClause(def: EntityDef, orderBy: unknown, context: string): SQL[] {
  const list = orderBy === undefined || orderBy === null ? def.defaultOrder : typeof orderBy === 'string' ? orderBy.split(',').map((s) => s.trim()).filter(Boolean) : orderBy;
  if (!Array.isArray(list) || list.some((item) => typeof item !== 'string')) {
    throw new ScriptQueryError(`${context}: orderBy must be a list of field names, '-name' for descending`);
  }
  const order: SQL[] = [];
  let hasId = false;
  for (const item of list as string[]) {
    const descending = item.startsWith('-');
    const name = descending ? item.slice(1) : item;
    const fieldDef = fieldOf(def, name, `${context} orderBy`);
    if (fieldDef.kind === 'json' || fieldDef.kind === 'array') throw new ScriptQueryError(`${context} orderBy: ${def.name}.${name} cannot be sorted on`);
    if (name === '_id') hasId = true;
    order.push(descending ? desc(fieldDef.column) : asc(fieldDef.column));
  }
  // A stable order, so limit/offset pages never skip or repeat rows.
  if (!hasId) order.push(asc((def.fields._id as FieldDef).column));
  return order;
}

function integerOption(value: unknown, name: string, min: number, max: number, fallback: number, context: string): number {
  if (value === undefined || value === null) return fallback;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) {
    throw new ScriptQueryError(`${context}: ${name} must be a whole number from ${min} to ${max}`);
  }
  return value;
}

function checkOptions(options: unknown, allowed: readonly string[], context: string): Record<string, unknown> {
  if (options === undefined || options === null) return {};
  if (!isPlainObject(options)) throw new ScriptQueryError(`${context}: options must be an object`);
  for (const key of Object.keys(options)) {
    if (!allowed.includes(key)) throw new ScriptQueryError(`${context}: unknown option '${key}' (options: ${allowed.join(', ')})`);
  }
  return options;
}

async function list(db: Database, def: EntityDef, options: Record<string, unknown>, context: string) {
  let fieldNames = Object.keys(def.fields);
  if (options.fields !== undefined && options.fields !== null) {
    const asked = typeof options.fields === 'string' ? options.fields.split(',').map((s) => s.trim()).filter(Boolean) : options.fields;
    if (!Array.isArray(asked) || asked.length === 0) throw new ScriptQueryError(`${context}: fields must be a non-empty list of field names`);
    for (const name of asked) fieldOf(def, name, `${context} fields`);
    fieldNames = ['_id', ...(asked as string[]).filter((name) => name !== '_id')];
  }
  const projection = Object.fromEntries(fieldNames.map((name) => [name, (def.fields[name] as FieldDef).column]));
  const limit = integerOption(options.limit, 'limit', 0, LIST_LIMIT_MAX, LIST_LIMIT_DEFAULT, context);
  const offset = integerOption(options.offset, 'offset', 0, Number.MAX_SAFE_INTEGER, 0, context);
  const where = scoped(def, whereClause(def, options.where, context));
  const order = orderClause(def, options.orderBy, context);
  return db.select(projection).from(def.table).where(where).orderBy(...order).limit(limit).offset(offset);
}

async function countRows(db: Database, def: EntityDef, options: Record<string, unknown>, context: string) {
  const where = scoped(def, whereClause(def, options.where, context));
  const [row] = await db.select({ n: count() }).from(def.table).where(where);
  return Number(row?.n ?? 0);
}

async function groupBy(db: Database, def: EntityDef, options: Record<string, unknown>, context: string) {
  const by = fieldOf(def, options.by, `${context} by`);
  if (by.kind === 'json' || by.kind === 'array') throw new ScriptQueryError(`${context}: cannot group by ${def.name}.${String(options.by)}`);
  if (options.count !== undefined && options.count !== true) throw new ScriptQueryError(`${context}: count must be true (groups are always counted)`);
  const limit = integerOption(options.limit, 'limit', 0, LIST_LIMIT_MAX, LIST_LIMIT_MAX, context);
  const where = scoped(def, whereClause(def, options.where, context));
  const n = count();
  const rows = await db.select({ key: by.column, count: n }).from(def.table).where(where).groupBy(by.column).orderBy(desc(n), asc(by.column)).limit(limit);
  return rows.map((row) => ({ key: row.key as unknown, count: Number(row.count) }));
}

/** Runs one `query.<op>(entity, options)` call of a script on behalf of `user`. */
export async function runQuery(db: Database, user: AuthUser, op: QueryOp, entityName: unknown, rawOptions: unknown): Promise<unknown> {
  const context = `query.${op}('${String(entityName)}')`;
  const def = resolveEntity(op, entityName, user);
  switch (op) {
    case 'list':
      return list(db, def, checkOptions(rawOptions, ['where', 'orderBy', 'limit', 'offset', 'fields'], context), context);
    case 'count':
      return countRows(db, def, checkOptions(rawOptions, ['where'], context), context);
    case 'groupBy':
      return groupBy(db, def, checkOptions(rawOptions, ['by', 'where', 'count', 'limit'], context), context);
  }
}

/** `query.trend`'s options: days back from now, and buckets (docs/scripts.md). */
export const TREND_DAYS = { min: 1, max: 3660, default: 7 } as const;
const DAY_MS = 86_400_000;
/** Who may call `query.trend`: whoever reads the measurementPoint entity. */
const TREND_PERMISSION = 'read-asset' satisfies PermissionName;

/**
 * `query.trend(pointId, { days, buckets })`: a measurement point's trend over [now − days, now) —
 * what GET /measurementPoint/:id/trend answers for that range (pointTrend), its forecast included.
 */
export async function runTrend(db: Database, user: AuthUser, pointId: unknown, rawOptions: unknown, retentionDays: number, now = Date.now()): Promise<PointTrend<PointTrendPoint>> {
  const context = typeof pointId === 'string' ? `query.trend('${pointId}')` : `query.trend(${JSON.stringify(pointId) ?? String(pointId)})`;
  if (!user.permissions.has(TREND_PERMISSION)) throw new ScriptQueryError(`${context} needs the permission ${TREND_PERMISSION}, which this user does not have`);
  if (typeof pointId !== 'string' || pointId === '') throw new ScriptQueryError(`${context}: the first argument must be a measurement point's _id (a text)`);
  const options = checkOptions(rawOptions, ['days', 'buckets'], context);
  const days = integerOption(options.days, 'days', TREND_DAYS.min, TREND_DAYS.max, TREND_DAYS.default, context);
  const buckets = integerOption(options.buckets, 'buckets', 1, MAX_BUCKETS, DEFAULT_BUCKETS, context);
  const trend = await pointTrend(db, pointId, { from: now - days * DAY_MS, to: now, buckets }, retentionDays, now);
  if (!trend) throw new ScriptQueryError(`${context}: no measurement point has this _id (list them with query.list('measurementPoint'))`);
  return trend;
}
