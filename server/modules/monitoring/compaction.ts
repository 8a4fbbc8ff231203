import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';

const HOUR_MS = 3_600_000;
export const DAY_MS = 86_400_000;
const MARK = 'hours';

/**
 * The readings' compaction (DESIGN §17, a system job): every hour that received readings since the
 * last run gets its aggregate (min, max, sum, count) recomputed from the raw readings — a late
 * reading lands in its hour's aggregate — then raw readings older than the retention are deleted.
 * Answers the run log's figures.
 */
export async function compactReadings(db: Database, tick: number, retentionDays: number): Promise<Record<string, number>> {
  return db.transaction(async (tx) => {
    // Serialised across processes: two runs would both aggregate and the mark would go backwards.
    const { rows: marks } = (await tx.execute(sql`
      insert into reading_compaction (name, at) values (${MARK}, 0) on conflict (name) do update set name = excluded.name returning at`)) as unknown as { rows: { at: string | number }[] };
    const since = Number(marks[0]?.at ?? 0);
    const upTo = tick;
    const { rows: hours } = (await tx.execute(sql`
      with touched as (
        select distinct point_id, (ts / ${HOUR_MS}::bigint) * ${HOUR_MS}::bigint as hour
        from readings where received_at >= ${since} and received_at < ${upTo}
      )
      insert into reading_hours (point_id, hour, min, max, sum, count)
      select r.point_id, t.hour, min(r.value), max(r.value), sum(r.value), count(*)
      from touched t join readings r on r.point_id = t.point_id and r.ts >= t.hour and r.ts < t.hour + ${HOUR_MS}::bigint
      group by r.point_id, t.hour
      on conflict (point_id, hour) do update set min = excluded.min, max = excluded.max, sum = excluded.sum, count = excluded.count
      returning 1`)) as unknown as { rows: unknown[] };
    // Counted in the statement: a first run after long may delete millions of rows, not to be sent back.
    const cutoff = tick - retentionDays * DAY_MS;
    const { rows: deleted } = (await tx.execute(sql`with gone as (delete from readings where ts < ${cutoff} returning 1) select count(*) as n from gone`)) as unknown as { rows: { n: string | number }[] };
    await tx.execute(sql`update reading_compaction set at = ${upTo} where name = ${MARK}`);
    return { hoursAggregated: hours.length, readingsDeleted: Number(deleted[0]?.n ?? 0) };
  });
}
