import { eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { newId } from '../db/ids';
import { jobs, scripts } from '../db/schema';

export const OVERDUE_JOB_NAME = 'Overdue inspection schedules';

/**
 * Runs hourly. Looks back a day (so a tick missed while no server ran is caught up), and raises
 * one alert per schedule at most: the alert's message names the schedule, and a schedule that
 * already has one is skipped — manual runs and overlapping windows never raise it twice.
 */
export const OVERDUE_SCHEDULES_CODE = `// Overdue inspection schedules: windows that ended in the last 24 hours without an inspection.
const now = input.tick;
const when = (ms) => new Date(ms).toISOString().slice(0, 16).replace('T', ' ') + ' GMT';
const ended = query.list('inspectionSchedule', {
  where: { end: { gte: now - 24 * 3600000, lt: now } },
  fields: ['_id', 'asset', 'checklists', 'start', 'end', 'inspections'],
  orderBy: ['end'],
  limit: 1000,
});
let raised = 0;
for (const schedule of ended) {
  if (schedule.inspections.length > 0) continue;
  const message = '<p>Inspection schedule overdue: the window ' + when(schedule.start) + ' to ' + when(schedule.end)
    + ' ended without an inspection (schedule ' + schedule._id + ').</p>';
  if (query.count('alert', { where: { asset: schedule.asset, message } }) > 0) continue;
  write.createAlert({ asset: schedule.asset, level: 'high', message });
  raised += 1;
}
return { checked: ended.length, raised };
`;

/** The demo's job (issue 5): its script and an active hourly job, once, while there are no jobs. */
export async function ensureDemoJobs(db: Database): Promise<void> {
  const [{ count } = { count: 0 }] = await db.select({ count: sql<number>`count(*)::int` }).from(jobs);
  if (count > 0) return;
  await db.insert(scripts).values({ _id: newId(), name: OVERDUE_JOB_NAME, description: 'Job: raises an alert for each inspection schedule that ended without an inspection', code: OVERDUE_SCHEDULES_CODE }).onConflictDoNothing();
  const [script] = await db.select({ _id: scripts._id }).from(scripts).where(eq(sql`lower(${scripts.name})`, OVERDUE_JOB_NAME.toLowerCase()));
  if (!script) return;
  await db.insert(jobs).values({ _id: newId(), name: OVERDUE_JOB_NAME, cronExpression: '0 * * * *', active: true, script: script._id }).onConflictDoNothing();
}
