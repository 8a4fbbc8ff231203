import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../helpers/testApp';
import { sharedServices, twoProcesses } from '../helpers/sharedServices';
import { adminApi } from '../administration/adminApi';
import { buildApp } from '../../../server/app';
import { ConfigError, loadConfig } from '../../../server/config';
import { jobRuns } from '../../../server/db/schema';
import { createJobScheduler, type Clock } from '../../../server/jobs/scheduler';
import { fakeSandbox } from './fakeSandbox';
import type { ScriptSandbox } from '../../../server/sandbox/sandboxTypes';

const MINUTE_MS = 60_000;
/** docs/scripts.md, Run log: a run still running 15 minutes after it started is closed as an error. */
const STALE_RUN_MS = 15 * MINUTE_MS;
const STALE_RUN_ERROR = 'The server stopped during this run';

/** Time that moves only when the test says; timers fire in order as it passes them. */
function manualClock(start: number) {
  let now = start;
  let seq = 0;
  const timers = new Map<number, { at: number; callback: () => void }>();
  const clock: Clock & { advanceTo(time: number): void; pending(): number } = {
    now: () => now,
    setTimeout(callback, ms) {
      seq += 1;
      timers.set(seq, { at: now + ms, callback });
      return seq;
    },
    clearTimeout: (handle) => void timers.delete(handle as number),
    advanceTo(time) {
      for (;;) {
        const due = [...timers.entries()].filter(([, t]) => t.at <= time).sort((a, b) => a[1].at - b[1].at)[0];
        if (!due) break;
        timers.delete(due[0]);
        now = due[1].at;
        due[1].callback();
      }
      now = time;
    },
    pending: () => timers.size,
  };
  return clock;
}

const sandbox = fakeSandbox({ 'tick job': (request) => request.input.tick });
// Monday 6 January 2025, 06:00 UTC.
const MONDAY_6AM = Date.UTC(2025, 0, 6, 6, 0);

let t: TestApp;
let api: ReturnType<typeof adminApi>;
let scriptId: string;

beforeAll(async () => {
  t = await createTestApp({ jobsEnabled: false });
  api = adminApi(t);
  scriptId = (await api.create('script', { name: 'Tick script', code: 'tick job' }))._id;
});
afterAll(() => t.close());

const newScheduler = (clock = manualClock(MONDAY_6AM)) => createJobScheduler({ db: t.app.services.db, sandbox: () => sandbox, pushes: t.app.services.pushes, clock });
const runsOf = (jobId: string) => t.app.services.db.select().from(jobRuns).where(eq(jobRuns.job, jobId)).orderBy(jobRuns.tick);
/**
 * The ticks a job's script actually ran for, as the sandbox saw them. The run rows cannot show a
 * second run of one tick (their unique key refuses the row); the script runs can.
 */
const scriptTicksOf = (jobId: string) =>
  sandbox.calls
    .filter((call) => call.user._id === `job:${jobId}`)
    .map((call) => call.input.tick as number)
    .sort((a, b) => a - b);
const mine = <R extends { job: string }>(runs: R[], ...jobIds: string[]) => runs.filter((r) => jobIds.includes(r.job));
const job = (name: string, cronExpression: string, active = true) => api.create('job', { name, cronExpression, active, script: active ? scriptId : null }).then((j) => j._id as string);

describe('the job scheduler', () => {
  it('runs a due job once per tick, in UTC, with the tick as input', async () => {
    const everyMinute = await job('Every minute', '* * * * *');
    const mondays = await job('Mondays 06:00', '0 6 * * 1');
    const scheduler = newScheduler();
    const first = mine(await scheduler.runTick(MONDAY_6AM), everyMinute, mondays);
    expect(first.map((r) => r.job).sort()).toEqual([everyMinute, mondays].sort());
    expect(first.every((r) => r.outcome === 'ok' && r.tick === MONDAY_6AM)).toBe(true);
    // The same tick again (a second wake-up, a retry): nothing runs twice.
    expect(mine(await scheduler.runTick(MONDAY_6AM + 25_000), everyMinute, mondays)).toEqual([]);
    const next = mine(await scheduler.runTick(MONDAY_6AM + MINUTE_MS), everyMinute, mondays);
    expect(next.map((r) => r.job)).toEqual([everyMinute]);
    expect((await runsOf(everyMinute)).map((r) => r.tick)).toEqual([MONDAY_6AM, MONDAY_6AM + MINUTE_MS]);
    expect((await runsOf(mondays)).map((r) => r.tick)).toEqual([MONDAY_6AM]);
    expect(scriptTicksOf(everyMinute)).toEqual([MONDAY_6AM, MONDAY_6AM + MINUTE_MS]);
    expect(scriptTicksOf(mondays)).toEqual([MONDAY_6AM]);
    const call = sandbox.calls.find((c) => c.user._id === `job:${mondays}`);
    expect(call?.input).toEqual({ tick: MONDAY_6AM });
  });

  it('does not run an inactive job, nor a job whose cron is not due', async () => {
    const inactive = await job('Inactive', '* * * * *', false);
    const yearly = await job('Yearly', '0 0 1 1 *');
    await newScheduler().runTick(MONDAY_6AM + 2 * MINUTE_MS);
    expect(await runsOf(inactive)).toEqual([]);
    expect(await runsOf(yearly)).toEqual([]);
  });

  it('two schedulers on one database run a per-minute job exactly once per tick', async () => {
    const shared = await job('Shared per-minute', '* * * * *');
    const a = newScheduler();
    const b = newScheduler();
    const ticks = [0, 1, 2, 3, 4].map((n) => Date.UTC(2025, 1, 3, 10, n));
    for (const tick of ticks) await Promise.all([a.runTick(tick), b.runTick(tick), a.runTick(tick)]);
    const runs = await runsOf(shared);
    expect(runs.map((r) => r.tick)).toEqual(ticks);
    expect(runs.every((r) => r.outcome === 'ok')).toBe(true);
    expect(scriptTicksOf(shared)).toEqual(ticks);
  });

  it('wakes at the start of every minute of its clock and stops on stop()', async () => {
    const ticking = await job('Clock driven', '* * * * *');
    const start = Date.UTC(2025, 2, 3, 12, 0, 30);
    const clock = manualClock(start);
    const scheduler = newScheduler(clock);
    scheduler.start();
    clock.advanceTo(start + 20_000);
    await scheduler.stop();
    expect(await runsOf(ticking)).toEqual([]);
    scheduler.start();
    clock.advanceTo(Date.UTC(2025, 2, 3, 12, 3, 10));
    await expect.poll(async () => (await runsOf(ticking)).map((r) => r.tick)).toEqual([1, 2, 3].map((m) => Date.UTC(2025, 2, 3, 12, m)));
    await scheduler.stop();
    expect(clock.pending()).toBe(0);
    clock.advanceTo(Date.UTC(2025, 2, 3, 12, 10));
    expect(await runsOf(ticking)).toHaveLength(3);
    expect(scriptTicksOf(ticking)).toEqual([1, 2, 3].map((m) => Date.UTC(2025, 2, 3, 12, m)));
  });

  it('closes a run left running by a process that died, and only once it is stale', async () => {
    const crashed = await job('Crashed mid-run', '0 0 1 1 *');
    const started = (minutesAgo: number) => ({ _id: `stale-${minutesAgo}`, job: crashed, tick: MONDAY_6AM - minutesAgo * MINUTE_MS, startedAt: MONDAY_6AM - minutesAgo * MINUTE_MS, outcome: 'running' });
    await t.app.services.db.insert(jobRuns).values([started(STALE_RUN_MS / MINUTE_MS + 1), started(1)]);
    await newScheduler().runTick(MONDAY_6AM);
    const runs = await runsOf(crashed);
    expect(runs.map((r) => [r._id, r.outcome, r.error])).toEqual([
      [`stale-${STALE_RUN_MS / MINUTE_MS + 1}`, 'error', STALE_RUN_ERROR],
      ['stale-1', 'running', null],
    ]);
  });

  it('reads JOBS_ENABLED (default true), naming it when invalid', () => {
    expect(loadConfig({}).jobsEnabled).toBe(true);
    expect(loadConfig({ JOBS_ENABLED: 'false' }).jobsEnabled).toBe(false);
    expect(() => loadConfig({ JOBS_ENABLED: 'sometimes' })).toThrow(ConfigError);
    expect(() => loadConfig({ JOBS_ENABLED: 'sometimes' })).toThrow('JOBS_ENABLED must be true or false');
  });

  it('starts with the app unless JOBS_ENABLED is false, and stops when the app closes', async () => {
    expect(t.config.jobsEnabled).toBe(false);
    // A production seed on a fresh database: no demo history to build for this check.
    const other = await buildApp({ ...t.config, jobsEnabled: true, seed: 'production', adminPassword: 'scheduler-test-password' });
    expect(other.jobs.isRunning()).toBe(true);
    expect(t.app.jobs.isRunning()).toBe(false);
    const stop = other.jobs.stop;
    let stopped = false;
    other.jobs.stop = async () => {
      stopped = true;
      await stop();
    };
    await other.close();
    expect(stopped).toBe(true);
    expect(other.jobs.isRunning()).toBe(false);
  });
});

/** Two server processes on one PostgreSQL (CI's second pass sets DATABASE_URL), as behind a load balancer. */
const servers = await sharedServices('jobs across two processes');

describe.skipIf(!servers)('two app instances sharing PostgreSQL', () => {
  const processes = twoProcesses(servers, { jobsEnabled: false });
  const originals: ScriptSandbox[] = [];
  beforeAll(() => {
    for (const app of [processes.first.app, processes.second]) {
      originals.push(app.services.scripts);
      app.services.scripts = sandbox;
    }
  });
  afterAll(() => {
    // Each app closes the sandbox it made (this runs before twoProcesses closes them).
    if (originals.length === 2) [processes.first.app.services.scripts, processes.second.services.scripts] = originals as [ScriptSandbox, ScriptSandbox];
  });

  it('run a per-minute job exactly once per tick', async () => {
    const firstApi = adminApi(processes.first);
    const script = (await firstApi.create('script', { name: 'Shared tick', code: 'tick job' }))._id;
    const shared = (await firstApi.create('job', { name: 'Across processes', cronExpression: '* * * * *', active: true, script }))._id as string;
    const ticks = [0, 1, 2, 3, 4, 5].map((n) => Date.UTC(2025, 3, 7, 8, n));
    for (const tick of ticks) await Promise.all([processes.first.app.jobs.runTick(tick), processes.second.jobs.runTick(tick)]);
    const runs = await processes.first.app.services.db.select().from(jobRuns).where(and(eq(jobRuns.job, shared), inArray(jobRuns.tick, ticks))).orderBy(jobRuns.tick);
    expect(runs.map((r) => r.tick)).toEqual(ticks);
    expect(runs.every((r) => r.outcome === 'ok')).toBe(true);
    // Both processes share this fake sandbox: it saw each tick's script run once.
    expect(scriptTicksOf(shared)).toEqual(ticks);
  });
});
