import { eq, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { assets, inspectionSchedules, periodRange } from '../../db/schema';
import type { Period, PeriodPage } from '../../http/period';
import type { InspectionSchedule } from '../../../common/resources/inspectionSchedule';

type Executor = Pick<Database, 'execute'>;

/** Schedules whose window overlaps the period, through the GiST index on their range. */
export const overlapping = (period: Period): SQL => sql`${periodRange(inspectionSchedules)} && int8range(${period.start}::bigint, ${period.end}::bigint, '[]')`;

/**
 * The schedules of DESIGN §12 as JSON text built inside PostgreSQL, in one statement: the page of
 * schedules by start (ids compared bytewise: cheaper than the locale's rules, and the same order
 * for our hex ids), the asset's name by a join, and checklist names in each schedule's order from
 * one id → name map of the checklists the page names (a lookup per schedule cost twice as much).
 * A month of 5,000 schedules must answer in well under 100 ms (bench/scheduleMonth.ts); the
 * bookkeeping times are left out of it (a sixth of the bytes).
 */
function listStatement(where: SQL, page: { offset: number; limit: number }): SQL {
  const s = inspectionSchedules;
  return sql`with page as (
      select * from ${s} where ${where} order by ${s.start}, ${s._id} collate "C" limit ${page.limit} offset ${page.offset}
    ), names as (
      select coalesce(jsonb_object_agg(c.id, c.name), '{}'::jsonb) as byId from checklists c where c.id in (select unnest(page.checklists) from page)
    )
    select coalesce(json_agg(row_to_json(listed)), '[]'::json)::text as body, count(*)::int as count from (
      select page.id as "_id", page.asset_id as "asset", coalesce(a.name, '') as "assetName", page.checklists as "checklists",
        -- unnest reads an array out in storage order: names in the order of the ids.
        array(select coalesce(names.byId ->> listed_id, '') from unnest(page.checklists) as listed_id) as "checklistNames",
        page.start as "start", page."end" as "end", page.inspections as "inspections", page.generated as "generated", page.edited as "edited"
      from page cross join names left join ${assets} a on a.id = page.asset_id
      order by page.start, page.id collate "C"
    ) listed`;
}

/** A page of the schedules overlapping the period, as JSON text, and how many rows it holds. */
export async function listSchedules(db: Executor, period: Period, page: PeriodPage): Promise<{ body: string; rows: number }> {
  const result = (await db.execute(listStatement(overlapping(period), page))) as unknown as { rows: { body: string; count: number }[] };
  const row = result.rows[0];
  return { body: row?.body ?? '[]', rows: row?.count ?? 0 };
}

export async function countSchedules(db: Executor, period: Period): Promise<number> {
  const result = (await db.execute(sql`select count(*)::int as total from ${inspectionSchedules} where ${overlapping(period)}`)) as unknown as { rows: { total: number }[] };
  return result.rows[0]?.total ?? 0;
}

/** One schedule as the list shows it, or null. */
export async function scheduleById(db: Executor, id: string): Promise<InspectionSchedule | null> {
  const result = (await db.execute(listStatement(eq(inspectionSchedules._id, id), { offset: 0, limit: 1 }))) as unknown as { rows: { body: string }[] };
  const [schedule] = JSON.parse(result.rows[0]?.body ?? '[]') as InspectionSchedule[];
  return schedule ?? null;
}
