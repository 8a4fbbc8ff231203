import { eq, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { assets, inspectionSchedules, periodRange } from '../../db/schema';
import type { Period, PeriodPage } from '../../http/period';
import type { InspectionSchedule } from '../../../common/resources/inspectionSchedule';

type Executor = Pick<Database, 'execute'>;

/** Schedules whose window overlaps the period, through the GiST index on their range. */
export const overlapping = (period: Period): SQL => sql`${periodRange(inspectionSchedules)} && int8range(${period.start}::bigint, ${period.end}::bigint, '[]')`;

/**
 * The schedules of DESIGN §12 as JSON text built inside PostgreSQL, in one statement: the asset's
 * name by a join, checklist names in the schedule's order by an index lookup per id, ordered by
 * start. A month of 5,000 schedules must answer in well under 100 ms (bench/scheduleMonth.ts).
 */
function listStatement(where: SQL, page: { offset: number; limit: number }): SQL {
  const s = inspectionSchedules;
  return sql`select coalesce(json_agg(row_to_json(listed)), '[]'::json)::text as body, count(*)::int as count from (
    select ${s._id} as "_id", ${s.asset} as "asset", coalesce(${assets.name}, '') as "assetName", ${s.checklists} as "checklists",
      array(select coalesce(c.name, '') from unnest(${s.checklists}) with ordinality as listed_checklist(id, position)
            left join checklists c on c.id = listed_checklist.id order by listed_checklist.position) as "checklistNames",
      ${s.start} as "start", ${s.end} as "end", ${s.inspections} as "inspections", ${s.generated} as "generated", ${s.edited} as "edited",
      ${s.createdAt} as "createdAt", ${s.updatedAt} as "updatedAt"
    from ${s} left join ${assets} on ${assets._id} = ${s.asset}
    where ${where}
    order by ${s.start}, ${s._id}
    limit ${page.limit} offset ${page.offset}
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
