import { and, arrayOverlaps, asc, desc, getTableColumns, inArray, eq, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { FastifyReply } from 'fastify';
import type { Database } from '../db/client';
import { badRequest } from '../http/errors';
import { parseRange } from '../http/paging';
import { parseQueryJson } from '../http/queryJson';
import { isCalendarDay } from '../../common/fields/date';

/**
 * The list conventions of DESIGN §3, once for every entity: `fields=a,b` projects (always with
 * _id), `orderBy=name,-createdAt` sorts (a leading '-' is descending; text sorts ignoring case),
 * and ra-data-simple-rest's `range=[0,24]`, `sort=["field","ASC"]`, `filter={"q":"…","field":v}`
 * page on the server and answer a Content-Range header. `sort` also takes several terms,
 * `[["tags","ASC"],["name","DESC"]]`: the administration screens' multi-column sort (spec §2.9).
 */
export interface ListQuery {
  fields?: string;
  orderBy?: string;
  range?: string;
  sort?: string;
  filter?: string;
}

export const listQuerySchema = {
  type: 'object',
  properties: {
    fields: { type: 'string', maxLength: 1000 },
    orderBy: { type: 'string', maxLength: 500 },
    range: { type: 'string', maxLength: 100 },
    sort: { type: 'string', maxLength: 200 },
    filter: { type: 'string', maxLength: 5000 },
  },
} as const;

export interface ListOptions {
  /** Sort when the caller names none (spec §2.9: by name or key). */
  defaultOrder: readonly string[];
  /** Columns the `q` filter searches (case-insensitive substring). */
  searchFields: readonly string[];
  /** API fields that never leave the server (e.g. a password hash). */
  hiddenFields?: readonly string[];
  /** Rows every caller is limited to. */
  where?: SQL;
  /**
   * What the administration screen shows instead of a stored value: an asset's checklist names
   * for its checklist ids, a user's role name for the role id. `sort` orders by it and `q`
   * searches it (docs/administration.md, "Server paging").
   */
  shown?: Readonly<Record<string, ShownField>>;
}

export interface ShownField {
  /** The text the screen shows, as SQL: what `sort` orders by. */
  text: SQL;
  /**
   * Rows whose shown text holds the `q` pattern (an ilike pattern), when a cheaper test than
   * `text ilike pattern` exists: the ids of the matching names, found once, not a name list per row.
   */
  matches?: (pattern: string) => SQL;
}

/**
 * API field name → column. A Map, not a plain object: names come from the request, and a plain
 * object answers `__proto__` or `constructor` with Object.prototype's members (issue 16 §1).
 */
type Columns = ReadonlyMap<string, PgColumn>;

function columnsOf(table: PgTable, hidden: readonly string[] = []): Columns {
  const all = getTableColumns(table) as Record<string, PgColumn>;
  return new Map(Object.entries(all).filter(([key]) => !hidden.includes(key)));
}

function parseJson<T>(text: string | undefined, param: string, check: (value: unknown) => value is T): T | undefined {
  if (text === undefined || text === '') return undefined;
  const value = parseQueryJson(param, text);
  if (!check(value)) throw badRequest(param, `${param} has the wrong shape`);
  return value;
}

type SortPair = [string, string];
const isSortPair = (v: unknown): v is SortPair => Array.isArray(v) && v.length === 2 && typeof v[0] === 'string' && /^(asc|desc)$/i.test(String(v[1]));
/** Terms one `sort` may hold: more than the columns of any screen. */
const MAX_SORT_TERMS = 10;
const isSort = (v: unknown): v is SortPair | SortPair[] =>
  isSortPair(v) || (Array.isArray(v) && v.length > 0 && v.length <= MAX_SORT_TERMS && v.every(isSortPair));
/** One term (`["name","ASC"]`) or several (`[["tags","ASC"],["name","DESC"]]`). */
const sortPairs = (sort: SortPair | SortPair[]): SortPair[] => (isSortPair(sort) ? [sort] : sort);
const isFilter = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** react-admin calls the key `id`; the API's is `_id`. */
const apiField = (name: string) => (name === 'id' ? '_id' : name);

function column(columns: Columns, name: string, param: string): PgColumn {
  const found = columns.get(apiField(name));
  if (!found) throw badRequest(param, `${param}: unknown field ${name}`);
  return found;
}

/** A PostgreSQL `date` kept as its YYYY-MM-DD text (common/fields/date.ts): it compares as a date, not as text. */
const isDay = (col: PgColumn) => col.columnType === 'PgDateString';

function orderTerm(col: PgColumn, descending: boolean): SQL {
  const key = col.dataType === 'string' && !isDay(col) ? sql`lower(${col})` : sql`${col}`;
  return descending ? desc(key) : asc(key);
}

/**
 * A `sort` term: what the screen shows for the field (options.shown), a list column as its items
 * joined as the screen joins them, `customAttributes.site` as that key of a JSON column, or the
 * column itself; a JSON column as a whole by its `name` (a file's). Shown text that is empty sorts as no value: last ascending, first descending, as
 * the browser's table has it.
 */
function sortTerm(columns: Columns, shown: Readonly<Record<string, ShownField>>, name: string, descending: boolean): SQL {
  const field = apiField(name);
  const text = (Object.hasOwn(shown, field) ? shown[field]?.text : undefined) ?? (() => {
    const [base = '', key] = splitJsonKey(field);
    const col = columns.get(base);
    if (col && key !== undefined && col.dataType === 'json') return sql`(${col} ->> ${key})`;
    // A JSON value as a whole sorts by its name: a file field's (common/fields/file.ts) is the file's.
    if (col && key === undefined && col.dataType === 'json') return sql`(${col} ->> 'name')`;
    if (col?.columnType === 'PgArray' && key === undefined) return sql`array_to_string(${col}, ', ')`;
    return undefined;
  })();
  if (text === undefined) return orderTerm(column(columns, name, 'sort'), descending);
  const key = sql`nullif(lower(${text}), '')`;
  return descending ? desc(key) : asc(key);
}

/** 'customAttributes.site' → ['customAttributes', 'site']; a plain name → [name]. */
function splitJsonKey(field: string): [string, string?] {
  const dot = field.indexOf('.');
  return dot > 0 ? [field.slice(0, dot), field.slice(dot + 1)] : [field];
}

function projection(columns: Columns, fields: string | undefined): Columns {
  const names = (fields ?? '').split(',').map((f) => f.trim()).filter(Boolean);
  if (names.length === 0) return columns;
  const picked = new Map<string, PgColumn>([['_id', column(columns, '_id', 'fields')]]);
  for (const name of names) picked.set(apiField(name), column(columns, name, 'fields'));
  return picked;
}

/** PostgreSQL `integer`; `bigint` epoch columns take any safe integer. */
const INT4 = { min: -(2 ** 31), max: 2 ** 31 - 1 };

/**
 * A filter value as the column can compare it, or a 400 naming `filter.<field>`: a number the
 * column cannot hold (1e308 for an epoch bigint) would otherwise fail inside PostgreSQL.
 */
function comparable(col: PgColumn, value: unknown, field: string): unknown {
  const refuse = (expected: string) => badRequest(field, `${field} must be ${expected}`);
  if (isDay(col)) {
    if (typeof value === 'string' && isCalendarDay(value)) return value;
    throw refuse('a day as YYYY-MM-DD');
  }
  if (col.columnType === 'PgNumericNumber') {
    const number = typeof value === 'string' && /^-?\d+(\.\d+)?$/.test(value.trim()) ? Number(value) : value;
    if (typeof number === 'number' && Number.isFinite(number) && Math.abs(number) < 1e15) return number;
    throw refuse('a number');
  }
  switch (col.dataType) {
    case 'number': {
      const number = typeof value === 'string' && /^-?\d+$/.test(value.trim()) ? Number(value) : value;
      const bounds = col.columnType === 'PgInteger' ? INT4 : { min: Number.MIN_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER };
      if (typeof number !== 'number' || !Number.isSafeInteger(number) || number < bounds.min || number > bounds.max) {
        throw refuse(`a whole number from ${bounds.min} to ${bounds.max}`);
      }
      return number;
    }
    case 'boolean':
      if (typeof value === 'boolean') return value;
      if (value === 'true' || value === 'false') return value === 'true';
      throw refuse('true or false');
    case 'string':
    case 'array':
      // Text columns and text[] elements compare as text.
      if (typeof value === 'string') return value;
      if ((typeof value === 'number' && Number.isFinite(value)) || typeof value === 'boolean') return String(value);
      throw refuse('a text, a number or a list of them');
    default:
      throw badRequest(field, `${field} cannot be filtered on`);
  }
}

function filterConditions(columns: Columns, filter: Record<string, unknown>, options: ListOptions): SQL[] {
  const conditions: SQL[] = [];
  const shown = options.shown ?? {};
  for (const [name, value] of Object.entries(filter)) {
    if (value === undefined || value === null || value === '') continue;
    if (name === 'q') {
      const pattern = `%${String(value).replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      // A field the screen shows differently is searched as shown.
      const searches = [
        ...options.searchFields.filter((field) => !Object.hasOwn(shown, field)).map((field) => sql`${column(columns, field, 'filter')}::text ilike ${pattern}`),
        ...Object.values(shown).map((field) => (field.matches ? field.matches(pattern) : sql`${field.text} ilike ${pattern}`)),
      ];
      if (searches.length > 0) conditions.push(or(...searches) as SQL);
      continue;
    }
    const col = column(columns, name, 'filter');
    const field = `filter.${name}`;
    const values = Array.isArray(value) ? value.map((item, i) => comparable(col, item, `${field}.${i}`)) : null;
    // A list column (tags) matches when it holds the value, or any of a list of them; any of an
    // empty list is none, as inArray has it (drizzle's arrayOverlaps refuses an empty list).
    if (col.columnType === 'PgArray') {
      conditions.push(values ? (values.length > 0 ? arrayOverlaps(col, values) : sql`false`) : sql`${comparable(col, value, field)} = any(${col})`);
    }
    else conditions.push(values ? inArray(col, values) : eq(col, comparable(col, value, field)));
  }
  return conditions;
}

/** Runs a list call; sets Content-Range when a range was asked for. */
export async function runList(db: Database, table: PgTable, query: ListQuery, options: ListOptions, reply: FastifyReply, resource: string) {
  const columns = columnsOf(table, options.hiddenFields);
  const selected = projection(columns, query.fields);
  const range = query.range === undefined || query.range === '' ? undefined : parseRange(query.range);
  const sort = parseJson(query.sort, 'sort', isSort);
  const filter = parseJson(query.filter, 'filter', isFilter) ?? {};

  const order: SQL[] = [];
  if (sort) for (const [field, direction] of sortPairs(sort)) order.push(sortTerm(columns, options.shown ?? {}, field, direction.toUpperCase() === 'DESC'));
  const orderBy = query.orderBy?.split(',').map((f) => f.trim()).filter(Boolean) ?? [];
  for (const term of orderBy.length > 0 || sort ? orderBy : options.defaultOrder) {
    const descending = term.startsWith('-');
    order.push(orderTerm(column(columns, descending ? term.slice(1) : term, 'orderBy'), descending));
  }
  order.push(asc(column(columns, '_id', 'orderBy')));

  const conditions = filterConditions(columns, filter, options);
  if (options.where) conditions.push(options.where);
  const where = conditions.length > 0 ? and(...conditions) : undefined;

  // json_agg over a plain ordered subquery keeps the subquery's order in PostgreSQL.
  // The rows become JSON inside the database: decoding thousands of rows into JS objects (arrays
  // above all) costs several times the query itself, and the list only travels on as JSON anyway.
  const aliased = Object.fromEntries([...selected].map(([key, col]) => [key, sql`${col}`.as(key)]));
  let statement = db.select(aliased).from(table).where(where).orderBy(...order).$dynamic();
  if (range) statement = statement.limit(range[1] - range[0] + 1).offset(range[0]);
  const result = (await db.execute(
    sql`select coalesce(json_agg(row_to_json(listed)), '[]'::json)::text as body, count(*)::int as count from (${statement}) listed`,
  )) as unknown as { rows: { body: string; count: number }[] };
  const { body, count } = result.rows[0] ?? { body: '[]', count: 0 };

  if (range) {
    const [counted] = await db.select({ total: sql<number>`count(*)::int` }).from(table).where(where);
    const total = counted?.total ?? 0;
    const last = count > 0 ? range[0] + count - 1 : range[0];
    reply.header('Content-Range', `${resource} ${range[0]}-${last}/${total}`);
  }
  reply.type('application/json; charset=utf-8');
  return body;
}
