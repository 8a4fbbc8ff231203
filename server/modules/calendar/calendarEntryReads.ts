import { and, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { calendarEntries, periodRange } from '../../db/schema';
import { badRequest } from '../../http/errors';
import type { Period, PeriodPage } from '../../http/period';
import { isDropdown, type CalendarFieldDefinition } from '../../../common/resources/calendarConfig';
import type { CalendarEntry } from '../../../common/resources/calendarEntry';
import type { CalendarSettings } from './calendarSettings';

type Executor = Pick<Database, 'execute'>;

/** The query parameters GET /calendarEntry takes itself; every other one is a filter. */
export const OWN_PARAMS = new Set(['start', 'end', 'range']);

const overlapping = (period: Period): SQL => sql`${periodRange(calendarEntries)} && int8range(${period.start}::bigint, ${period.end}::bigint, '[]')`;

/** `customAttributes` holds `value`, as a single value or inside a multi-select's list (GIN index). */
const holds = (key: string, value: unknown): SQL =>
  sql`(${calendarEntries.customAttributes} @> ${JSON.stringify({ [key]: value })}::jsonb or ${calendarEntries.customAttributes} @> ${JSON.stringify({ [key]: [value] })}::jsonb)`;

function attributeValue(definition: CalendarFieldDefinition, text: string): unknown {
  if (isDropdown(definition) || (definition.type ?? 'text') === 'text') return text;
  const number = Number(text);
  if (text.trim() === '' || !Number.isFinite(number)) throw badRequest(definition.key, `${definition.key} must be a number`);
  return number;
}

/**
 * The filters of a GET /calendarEntry query (DESIGN §12): `type` (an entry type's id or name) or a
 * custom field's key, each with one value or several (repeated: any of them); an empty value is
 * no filter. Any other parameter is a 400 naming it.
 */
export function filterConditions(query: Record<string, unknown>, settings: CalendarSettings): SQL[] {
  const definitions = new Map(settings.config.customFields.definitions.map((d) => [d.key, d]));
  const conditions: SQL[] = [];
  for (const [key, raw] of Object.entries(query)) {
    if (OWN_PARAMS.has(key)) continue;
    const values = [raw].flat().map(String).filter((value) => value !== '');
    const definition = definitions.get(key);
    if (key !== 'type' && !definition) throw badRequest(key, `${key} is not a filter of the calendar (type or a custom field's key)`);
    if (values.length === 0) continue;
    if (key === 'type' && !definition) {
      const ids = new Set(values);
      for (const type of settings.types) if (values.includes(type.name)) ids.add(type._id);
      conditions.push(inArray(calendarEntries.type, [...ids]));
      continue;
    }
    conditions.push(or(...values.map((value) => holds(key, attributeValue(definition as CalendarFieldDefinition, value)))) as SQL);
  }
  return conditions;
}

function listStatement(where: SQL, page: { offset: number; limit: number }): SQL {
  const e = calendarEntries;
  return sql`select coalesce(json_agg(row_to_json(listed)), '[]'::json)::text as body, count(*)::int as count from (
    select ${e._id} as "_id", ${e.name} as "name", ${e.type} as "type", ${e.start} as "start", ${e.end} as "end",
      ${e.customAttributes} as "customAttributes", ${e.color} as "color", ${e.timed} as "timed", ${e.disableDelete} as "disableDelete",
      ${e.createdAt} as "createdAt", ${e.updatedAt} as "updatedAt"
    from ${e} where ${where}
    order by ${e.start}, ${e._id} collate "C"
    limit ${page.limit} offset ${page.offset}
  ) listed`;
}

export const entriesWhere = (period: Period, filters: SQL[]): SQL => and(overlapping(period), ...filters) as SQL;

/** A page of entries as JSON text (the list inside `{data}`), and its row count. */
export async function listEntries(db: Executor, where: SQL, page: PeriodPage): Promise<{ body: string; rows: number }> {
  const result = (await db.execute(listStatement(where, page))) as unknown as { rows: { body: string; count: number }[] };
  const row = result.rows[0];
  return { body: row?.body ?? '[]', rows: row?.count ?? 0 };
}

export async function countEntries(db: Executor, where: SQL): Promise<number> {
  const result = (await db.execute(sql`select count(*)::int as total from ${calendarEntries} where ${where}`)) as unknown as { rows: { total: number }[] };
  return result.rows[0]?.total ?? 0;
}

export async function entryById(db: Executor, id: string): Promise<CalendarEntry | null> {
  const { body } = await listEntries(db, eq(calendarEntries._id, id), { offset: 0, limit: 1, ranged: false });
  const [entry] = JSON.parse(body) as CalendarEntry[];
  return entry ?? null;
}
