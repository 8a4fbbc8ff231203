import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, desc, eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../helpers/testApp';
import { adminApi, expectError, ok, type Doc } from '../administration/adminApi';
import { alerts, inspectionSchedules, inspections, jobRuns } from '../../../server/db/schema';
import { JOB_PERMISSIONS } from '../../../server/jobs/scheduler';
import { fakeSandbox } from './fakeSandbox';
import type { ScriptSandbox } from '../../../server/sandbox/sandboxTypes';

let t: TestApp;
let api: ReturnType<typeof adminApi>;
let scriptId: string;
let original: ScriptSandbox | undefined;
let inspection: { _id: string; asset: string; checklist: string | null };

const sandbox = fakeSandbox({
  'return tick': (request) => request.input.tick,
  'throws': () => {
    throw new Error('boom');
  },
  'alert': async (request) => request.write!.createAlert({ asset: inspection.asset, inspection: inspection._id, message: 'Job alert' }),
  'alert without inspection': async (request) => request.write!.createAlert({ asset: inspection.asset, message: 'Overdue' }),
  'schedule': async (request) =>
    request.write!.createInspectionSchedule({ asset: inspection.asset, checklists: [inspection.checklist!], start: Date.now(), end: Date.now() + 3_600_000 }),
  'bad schedule': async (request) => request.write!.createInspectionSchedule({ asset: inspection.asset, checklists: [inspection.checklist!], start: 2, end: 1 }),
  'schedule from 1999': async (request) =>
    request.write!.createInspectionSchedule({ asset: inspection.asset, checklists: [inspection.checklist!], start: Date.UTC(1999, 11, 31), end: Date.UTC(2025, 0, 1) }),
  'schedule of 56 years': async (request) =>
    request.write!.createInspectionSchedule({ asset: inspection.asset, checklists: [inspection.checklist!], start: Date.UTC(2000, 0, 1), end: Date.UTC(2056, 0, 1) }),
  'who': (request) => ({ user: request.user, kind: request.kind }),
});

beforeAll(async () => {
  t = await createTestApp({ jobsEnabled: false });
  api = adminApi(t);
  original = t.app.services.scripts;
  t.app.services.scripts = sandbox;
  scriptId = (await api.create('script', { name: 'Job test script', code: 'return tick' }))._id;
  const [row] = await t.app.services.db.select({ _id: inspections._id, asset: inspections.asset, checklist: inspections.checklist }).from(inspections).orderBy(desc(inspections.timestamp)).limit(1);
  inspection = row!;
});
afterAll(async () => {
  // The app closes the sandbox it made.
  if (original) t.app.services.scripts = original;
  await t.close();
});

async function scriptFor(code: string): Promise<string> {
  return (await api.create('script', { name: `Job test ${code}`, code }))._id;
}

describe('job records', () => {
  it('creates, reads, updates, lists and deletes a job', async () => {
    const created = await api.create('job', { name: 'Nightly check', cronExpression: ' 0 2 * * * ', script: scriptId });
    expect(created).toMatchObject({ name: 'Nightly check', cronExpression: '0 2 * * *', active: false, script: scriptId });
    expect(await api.read('job', created._id)).toMatchObject({ name: 'Nightly check' });
    const saved = ok<Doc>(await api.put(`/job/${created._id}`, { active: true }));
    expect(saved).toMatchObject({ active: true, cronExpression: '0 2 * * *' });
    expect((await api.list('job')).map((j) => j.name)).toContain('Nightly check');
    ok(await api.del(`/job/${created._id}`));
    expectError(await api.get(`/job/${created._id}`), 404);
  });

  it('refuses an invalid cron expression with 400 naming cronExpression', async () => {
    const bad = expectError(await api.post('/job', { name: 'Bad cron', cronExpression: '61 * * * *' }), 400, 'cronExpression');
    expect(bad.message).toBe('cronExpression is not a valid cron expression: Invalid value for minute: 61');
    expectError(await api.post('/job', { name: 'Bad cron', cronExpression: '* * * * * *' }), 400, 'cronExpression');
    expectError(await api.post('/job', { name: 'Bad cron', cronExpression: 'soon' }), 400, 'cronExpression');
    expectError(await api.post('/job', { name: 'Bad cron' }), 400, 'cronExpression');
    expectError(await api.post('/job', { name: 'Bad cron', cronExpression: 5 }), 400, 'cronExpression');
    const created = await api.create('job', { name: 'Good cron', cronExpression: '*/5 * * * *' });
    expectError(await api.put(`/job/${created._id}`, { cronExpression: '0 0 30 2 *' }), 400, 'cronExpression');
  });

  it.each([
    ['a CR/LF between fields', '0 2\r\n* * *'],
    ['a line feed between fields', '0\n2 * * *'],
    ['a trailing line break', '@daily\r\n'],
    ['a tab', '0\t2 * * *'],
    ['a line separator', '0 2\u2028* * *'],
    ['a second line', '0 2 * * *\n0 3 * * *'],
  ])('refuses a cron expression with %s: one line only, 400 naming cronExpression, nothing stored', async (_what, cronExpression) => {
    const jobsStored = async () => (await api.list('job')).map((j) => `${j._id} ${j.cronExpression}`);
    const before = await jobsStored();
    const refused = expectError(await api.post('/job', { name: 'Multi-line cron', cronExpression }), 400, 'cronExpression');
    expect(refused.message).toBe('cronExpression must be one line without control characters');
    const kept = await api.create('job', { name: `One-line cron ${before.length}`, cronExpression: '0 2 * * *' });
    expectError(await api.put(`/job/${kept._id}`, { cronExpression }), 400, 'cronExpression');
    expect((await api.read('job', kept._id)).cronExpression).toBe('0 2 * * *');
    expect((await jobsStored()).filter((job) => !job.startsWith(kept._id))).toEqual(before);
    ok(await api.del(`/job/${kept._id}`));
  });

  it('refuses an unknown script, an active job without a script, a taken name and unknown fields', async () => {
    expectError(await api.post('/job', { name: 'No such script', cronExpression: '* * * * *', script: 'nope' }), 400, 'script');
    expectError(await api.post('/job', { name: 'Scriptless', cronExpression: '* * * * *', active: true }), 400, 'script');
    await api.create('job', { name: 'Unique job', cronExpression: '* * * * *' });
    expect(expectError(await api.post('/job', { name: 'UNIQUE JOB', cronExpression: '* * * * *' }), 409).message).toBe('Job with the name "UNIQUE JOB" already exists');
    expectError(await api.post('/job', { name: 'Extra', cronExpression: '* * * * *', colour: 'red' }), 400, 'colour');
    expectError(await api.post('/job', { name: 'Typed', cronExpression: '* * * * *', active: 'yes' }), 400, 'active');
  });

  it('answers only users with manage-job', async () => {
    const job = await api.create('job', { name: 'Guarded', cronExpression: '* * * * *' });
    for (const as of ['engineer', 'technician']) {
      expect((await api.get('/job', as)).statusCode).toBe(403);
      expect((await api.get(`/job/${job._id}/runs`, as)).statusCode).toBe(403);
      expect((await api.post(`/job/${job._id}/run`, undefined, as)).statusCode).toBe(403);
      expect((await api.post('/job', { name: 'Mine', cronExpression: '* * * * *' }, as)).statusCode).toBe(403);
    }
    expect((await t.request({ method: 'GET', url: '/api/job' })).statusCode).toBe(401);
  });

  it('keeps a script in use by a job (409 naming the job)', async () => {
    const id = await scriptFor('return tick');
    await api.create('job', { name: 'Holds its script', cronExpression: '* * * * *', script: id });
    expect(expectError(await api.del(`/script/${id}`), 409).message).toContain('"job Holds its script"');
  });
});

describe('run now and the run log', () => {
  it('runs the script under the job identity and logs the run, newest first', async () => {
    const job = await api.create('job', { name: 'Who am I', cronExpression: '0 0 1 1 *', script: await scriptFor('who') });
    const run = ok<Doc>(await api.post(`/job/${job._id}/run`, undefined));
    expect(run).toMatchObject({ job: job._id, outcome: 'ok', error: null, summary: null });
    expect(run.durationMs).toBeGreaterThanOrEqual(0);
    const request = sandbox.calls.at(-1)!;
    expect(request.kind).toBe('job');
    expect(request.input).toEqual({ tick: run.tick });
    expect(request.user).toMatchObject({ _id: `job:${job._id}`, name: 'Job Who am I', roleName: null });
    expect([...request.user.permissions].sort()).toEqual([...JOB_PERMISSIONS].sort());
    const second = ok<Doc>(await api.post(`/job/${job._id}/run`, undefined));
    const runs = ok<Doc[]>(await api.get(`/job/${job._id}/runs`));
    expect(runs.map((r) => r._id)).toEqual([second._id, run._id]);
  });

  it('logs a failing script as an error with its message', async () => {
    const job = await api.create('job', { name: 'Thrower', cronExpression: '* * * * *', script: await scriptFor('throws') });
    const run = ok<Doc>(await api.post(`/job/${job._id}/run`, undefined));
    expect(run).toMatchObject({ outcome: 'error', error: 'Error: boom' });
  });

  it('creates an alert and a schedule through the write API, summarised in the run', async () => {
    const alertJob = await api.create('job', { name: 'Alerter', cronExpression: '* * * * *', script: await scriptFor('alert') });
    const run = ok<Doc>(await api.post(`/job/${alertJob._id}/run`, undefined));
    expect(run.outcome).toBe('ok');
    const [alertId] = run.summary.alerts as string[];
    const [alert] = await t.app.services.db.select().from(alerts).where(eq(alerts._id, alertId!));
    expect(alert).toMatchObject({ asset: inspection.asset, inspection: inspection._id, checklist: inspection.checklist, message: 'Job alert', severityLevel: { text: 'Critical' } });

    const scheduleJob = await api.create('job', { name: 'Scheduler', cronExpression: '* * * * *', script: await scriptFor('schedule') });
    const scheduled = ok<Doc>(await api.post(`/job/${scheduleJob._id}/run`, undefined));
    const [scheduleId] = scheduled.summary.inspectionSchedules as string[];
    const [schedule] = await t.app.services.db.select().from(inspectionSchedules).where(eq(inspectionSchedules._id, scheduleId!));
    expect(schedule).toMatchObject({ asset: inspection.asset, checklists: [inspection.checklist] });
  });

  it('refuses bad writes with a clear error in the run log', async () => {
    const noInspection = await api.create('job', { name: 'No inspection', cronExpression: '* * * * *', script: await scriptFor('alert without inspection') });
    const standalone = ok<Doc>(await api.post(`/job/${noInspection._id}/run`, undefined));
    expect(standalone.outcome).toBe('ok');
    const [overdue] = await t.app.services.db.select().from(alerts).where(eq(alerts._id, (standalone.summary.alerts as string[])[0]!));
    expect(overdue).toMatchObject({ asset: inspection.asset, inspection: null, checklist: null, message: 'Overdue' });
    const badSchedule = await api.create('job', { name: 'Bad schedule', cronExpression: '* * * * *', script: await scriptFor('bad schedule') });
    expect(ok<Doc>(await api.post(`/job/${badSchedule._id}/run`, undefined))).toMatchObject({ outcome: 'error', error: 'Error: createInspectionSchedule: start must not be after end' });
  });

  it.each([
    ['schedule from 1999', 'start must lie between 2000-01-01 and 2100-01-01 (UTC)'],
    ['schedule of 56 years', 'end must be at most 3655 days after start'],
  ])('refuses a %s through the write API, as the API does (docs/schedules-calendar.md), storing nothing', async (code, problem) => {
    const schedulesStored = async () => (await t.app.services.db.select({ n: count() }).from(inspectionSchedules))[0]?.n ?? 0;
    const before = await schedulesStored();
    const job = await api.create('job', { name: `Job ${code}`, cronExpression: '* * * * *', script: await scriptFor(code) });
    expect(ok<Doc>(await api.post(`/job/${job._id}/run`, undefined))).toMatchObject({ outcome: 'error', error: `Error: createInspectionSchedule: ${problem}` });
    expect(await schedulesStored()).toBe(before);
  });

  it('answers 404 for an unknown job and drops the runs of a deleted job', async () => {
    expectError(await api.post('/job/unknown/run', undefined), 404);
    expectError(await api.get('/job/unknown/runs'), 404);
    const job = await api.create('job', { name: 'Short lived', cronExpression: '* * * * *', script: scriptId });
    ok(await api.post(`/job/${job._id}/run`, undefined));
    ok(await api.del(`/job/${job._id}`));
    expect(await t.app.services.db.select().from(jobRuns).where(eq(jobRuns.job, job._id))).toEqual([]);
  });
});
