import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { newId } from '../../db/ids';
import { assets, checklists, inspectionSchedulePlans, inspectionSchedules, inspections } from '../../db/schema';
import { DAY_MS, cadenceOf, windowsOverlapping, type Cadence, type ScheduleWindow } from '../../../common/resources/scheduleFrequency';

/**
 * Schedules that plan themselves (issue 17, docs/schedules-calendar.md): every checklist whose
 * frequency reads as a cadence (scheduleFrequency.ts) gets one schedule per window for every
 * current asset carrying it, so the next 8 weeks are always planned. A window is planned once:
 * its (asset, checklist, window start) row in inspection_schedule_plans is inserted in the same
 * statement as the schedule, with ON CONFLICT DO NOTHING, so two processes or runs never plan it
 * twice, and a planned schedule an engineer deleted is not brought back. A window a person
 * already scheduled is left to them. Planned schedules nobody has touched (not edited, no
 * inspections, not started) that the plan no longer holds — the frequency changed, the asset lost
 * the checklist or was archived — are removed; edited ones are never touched.
 */

export const PLAN_AHEAD_MS = 8 * 7 * DAY_MS;
/**
 * How far a person's schedule may reach past a window and still be that window's: dates picked in
 * the browser are local days, up to 14 hours off UTC's.
 */
export const ZONE_SLACK_MS = 14 * 3_600_000;
const ROWS_PER_STATEMENT = 1000;

export interface PlanOutcome {
  /** Schedules made by this run. */
  planned: string[];
  /** Untouched planned schedules the plan no longer holds, deleted. */
  removed: string[];
}

interface Slot extends ScheduleWindow {
  asset: string;
  checklist: string;
}

const slotKey = (s: { asset: string; checklist: string; start: number }) => `${s.asset}\u0000${s.checklist}\u0000${s.start}`;

/** Every window of [from, to] that the current assets and checklists call for. */
async function wantedSlots(db: Database, from: number, to: number): Promise<Slot[]> {
  const [assetRows, checklistRows] = await Promise.all([
    db.select({ _id: assets._id, checklists: assets.checklists }).from(assets).where(isNull(assets.archivedAt)),
    db.select({ _id: checklists._id, frequency: checklists.frequency }).from(checklists).where(isNull(checklists.archivedAt)),
  ]);
  const windows = new Map<string, ScheduleWindow[]>();
  for (const checklist of checklistRows) {
    const cadence: Cadence | null = cadenceOf(checklist.frequency);
    if (cadence) windows.set(checklist._id, windowsOverlapping(cadence, from, to));
  }
  return assetRows.flatMap((asset) => [...new Set(asset.checklists)].flatMap((checklist) => (windows.get(checklist) ?? []).map((w) => ({ asset: asset._id, checklist, ...w }))));
}

/**
 * Claims each window and makes its schedule in one statement: a window claimed before is skipped
 * (ON CONFLICT on the plan key), and so is one a person already scheduled: a schedule not planned
 * that names the asset and checklist, has its middle in the window and reaches no more than
 * ZONE_SLACK_MS past it — a Monday-to-Friday schedule is that week's (found through the
 * (asset, start, end) index). A window that has begun takes the inspections already made in it
 * (DESIGN §5's rule, as if it had been planned in time): this year's Yearly check done in March is
 * not shown as pending.
 */
async function planSlots(db: Database, slots: readonly Slot[], now: number): Promise<string[]> {
  const planned: string[] = [];
  for (let i = 0; i < slots.length; i += ROWS_PER_STATEMENT) {
    const rows = slots.slice(i, i + ROWS_PER_STATEMENT).map((s) => ({ schedule_id: newId(), asset_id: s.asset, checklist_id: s.checklist, window_start: s.start, window_end: s.end }));
    const result = (await db.execute(sql`with wanted as (
        select * from json_to_recordset(${JSON.stringify(rows)}::json) as w(schedule_id text, asset_id text, checklist_id text, window_start bigint, window_end bigint)
        where not exists (
          select 1 from ${inspectionSchedules} m
          where m.asset_id = w.asset_id and not m.generated and w.checklist_id = any(m.checklists)
            and m.start >= w.window_start - ${ZONE_SLACK_MS}::bigint and m.start <= w.window_end
            and m."end" <= w.window_end + ${ZONE_SLACK_MS}::bigint and (m.start + m."end") / 2 between w.window_start and w.window_end
        )
      ), claimed as (
        insert into ${inspectionSchedulePlans} (asset_id, checklist_id, window_start, window_end, schedule_id, planned_at)
        select asset_id, checklist_id, window_start, window_end, schedule_id, ${now}::bigint from wanted
        on conflict do nothing
        returning schedule_id, asset_id, checklist_id, window_start, window_end
      )
      insert into ${inspectionSchedules} (id, asset_id, checklists, start, "end", generated, inspections, created_at, updated_at)
      select schedule_id, asset_id, array[checklist_id], window_start, window_end, true,
        array(select i.id from ${inspections} i where i.asset_id = claimed.asset_id and i.checklist_id = claimed.checklist_id
              and i.timestamp between claimed.window_start and claimed.window_end order by i.timestamp, i.id),
        ${now}::bigint, ${now}::bigint
      from claimed
      returning id`)) as unknown as { rows: { id: string }[] };
    planned.push(...result.rows.map((r) => r.id));
  }
  return planned;
}

/** Untouched planned schedules of (now, to] that no wanted window matches: deleted with their plan rows. */
async function removeStale(db: Database, wanted: ReadonlySet<string>, now: number, to: number): Promise<string[]> {
  const s = inspectionSchedules;
  const candidates = await db
    .select({ _id: s._id, asset: s.asset, checklists: s.checklists, start: s.start })
    .from(s)
    .where(and(eq(s.generated, true), eq(s.edited, false), sql`cardinality(${s.inspections}) = 0`, sql`${s.start} > ${now}`, sql`${s.start} <= ${to}`));
  const stale = candidates.filter((c) => c.checklists.length !== 1 || !wanted.has(slotKey({ asset: c.asset, checklist: c.checklists[0] as string, start: c.start }))).map((c) => c._id);
  const removed: string[] = [];
  for (let i = 0; i < stale.length; i += ROWS_PER_STATEMENT) {
    // Checked again as it is deleted: an engineer's edit or an inspection meanwhile keeps it.
    const result = (await db.execute(sql`with removed as (
        delete from ${s} where ${inArray(s._id, stale.slice(i, i + ROWS_PER_STATEMENT))} and ${s.generated} and not ${s.edited} and cardinality(${s.inspections}) = 0
        returning ${s._id} as id
      ), unplanned as (
        delete from ${inspectionSchedulePlans} where schedule_id in (select id from removed)
      )
      select id from removed`)) as unknown as { rows: { id: string }[] };
    removed.push(...result.rows.map((r) => r.id));
  }
  return removed;
}

/** One planner run at `now`: plans the windows of the next 8 weeks (and the current ones), removes stale ones. */
export async function planSchedules(db: Database, now: number): Promise<PlanOutcome> {
  const from = Math.floor(now / DAY_MS) * DAY_MS;
  const to = now + PLAN_AHEAD_MS;
  const slots = await wantedSlots(db, from, to);
  const wanted = new Set(slots.map(slotKey));
  const planned = await planSlots(db, slots, now);
  const removed = await removeStale(db, wanted, now, to);
  return { planned, removed };
}
