import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq, like } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../helpers/testApp';
import { adminApi, ok, type Doc } from '../administration/adminApi';
import { alerts, inspectionSchedules, inspections } from '../../../server/db/schema';
import { newId } from '../../../server/db/ids';
import { OVERDUE_JOB_NAME } from '../../../server/seed/demoJobs';

let t: TestApp;
let api: ReturnType<typeof adminApi>;

beforeAll(async () => {
  t = await createTestApp({ jobsEnabled: false });
  api = adminApi(t);
});
afterAll(() => t.close());

describe('the demo job: alerts for overdue inspection schedules (real sandbox)', () => {
  it('is seeded active and hourly with its script', async () => {
    const [job] = (await api.list('job')).filter((j) => j.name === OVERDUE_JOB_NAME);
    expect(job).toMatchObject({ cronExpression: '0 * * * *', active: true });
    expect((await api.read('script', job!.script as string)).code).toContain("write.createAlert");
  });

  it('raises one alert for a schedule that ended without an inspection, and never twice', async () => {
    const db = t.app.services.db;
    const [job] = (await api.list('job')).filter((j) => j.name === OVERDUE_JOB_NAME);
    const [latest] = await db.select({ asset: inspections.asset, checklist: inspections.checklist }).from(inspections).orderBy(desc(inspections.timestamp)).limit(1);
    const scheduleId = newId();
    const now = Date.now();
    await db.insert(inspectionSchedules).values({ _id: scheduleId, asset: latest!.asset, checklists: [latest!.checklist!], start: now - 3 * 3_600_000, end: now - 30 * 60_000 });
    const completedId = newId();
    await db.insert(inspectionSchedules).values({ _id: completedId, asset: latest!.asset, checklists: [latest!.checklist!], start: now - 3 * 3_600_000, end: now - 20 * 60_000, inspections: ['done'] });

    const alertsOf = (id: string) => db.select().from(alerts).where(and(eq(alerts.asset, latest!.asset), like(alerts.message, `%schedule ${id})%`)));
    const first = ok<Doc>(await api.post(`/job/${job!._id}/run`, undefined));
    expect(first, JSON.stringify(first)).toMatchObject({ outcome: 'ok', error: null });
    const raised = await alertsOf(scheduleId);
    expect(raised).toHaveLength(1);
    expect(raised[0]).toMatchObject({ severityLevel: { text: 'High' } });
    expect(first.summary.alerts).toContain(raised[0]!._id);
    expect(await alertsOf(completedId)).toEqual([]);

    const second = ok<Doc>(await api.post(`/job/${job!._id}/run`, undefined));
    expect(second.outcome).toBe('ok');
    expect(await alertsOf(scheduleId)).toHaveLength(1);
  });

  it("gives the script the write API's own message for a bad write, with its line", async () => {
    const script = await api.create('script', { name: 'Bad write', code: "const x = 1;\nwrite.createAlert({ asset: 'nope', message: 'm' });" });
    const job = await api.create('job', { name: 'Bad write', cronExpression: '0 * * * *', script: script._id });
    const run = ok<Doc>(await api.post(`/job/${job._id}/run`, undefined));
    expect(run.outcome).toBe('error');
    expect(run.error).toContain('createAlert: unknown asset nope');
    expect(run.error).toContain('line 2');
  });
});
