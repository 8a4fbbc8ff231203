import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthUser } from '../../../server/auth/access';
import type { RunRequest, ScriptWriteApi } from '../../../server/sandbox/sandboxTypes';
import { loadConfig } from '../../../server/config';
import { createTestApp, type TestApp } from '../helpers/testApp';
import { authUserOf } from './scriptTestUsers';

/** Issue 16 §6: the script pool is shared fairly between users. */

let t: TestApp;
let widgetId: string;
let admin: AuthUser;
let technician: AuthUser;
let onsite: AuthUser;

beforeAll(async () => {
  t = await createTestApp();
  [admin, technician, onsite] = await Promise.all([authUserOf(t, 'admin'), authUserOf(t, 'technician'), authUserOf(t, 'onsite')]);
  const widgets = (await t.request({ as: 'admin', method: 'GET', url: '/api/widget' })).json() as { _id: string; name: string }[];
  widgetId = widgets.find((widget) => widget.name === 'Open alerts by level')!._id;
  // A demo widget of the engineer's dashboard, answered once before anything is measured.
  expect((await t.request({ as: 'engineer', method: 'GET', url: `/api/widget/${widgetId}` })).statusCode).toBe(200);
});
afterAll(() => t.close());

const activity = () => t.app.services.scripts.activity();
const preview = (code: string) => t.request({ as: 'admin', method: 'POST', url: '/api/script/run', payload: { code } });

/** A write API whose calls wait until the test opens the gate: the script holds its worker until then. */
function gatedWrite() {
  let open: () => void = () => undefined;
  const gate = new Promise<void>((resolve) => (open = resolve));
  const write: ScriptWriteApi = {
    createAlert: () => gate.then(() => ({ _id: 'alert' })),
    createInspectionSchedule: () => gate.then(() => ({ _id: 'schedule' })),
  };
  return { write, open };
}

describe('sharing the script sandbox', () => {
  it("one user's six endless scripts leave another user's widget answering within 1 s", async () => {
    const loops = Array.from({ length: 6 }, () => preview('while (true) {}'));
    const answered: number[] = [];
    loops.forEach((loop, i) => void loop.then(() => answered.push(i)));
    // The six runs are in the sandbox: some running, the rest waiting for their owner's turn.
    await expect.poll(() => activity().running + activity().waiting, { timeout: 20_000 }).toBe(6);

    const started = performance.now();
    const widget = await t.request({ as: 'engineer', method: 'GET', url: `/api/widget/${widgetId}` });
    const elapsedMs = performance.now() - started;
    expect(widget.statusCode).toBe(200);
    expect(widget.json().type).toBe('chart');
    // Answered while every endless script was still running or waiting (each lasts its 2 s limit)…
    expect(answered).toEqual([]);
    // …and within the target.
    expect(elapsedMs).toBeLessThan(1000);

    // The author's own scripts still all end, each stopped by its time limit.
    expect((await Promise.all(loops)).map((response) => response.statusCode)).toEqual(Array(6).fill(504));
  }, 90_000);

  it('refuses a user with 50 runs waiting with 429 naming the reason, while other users run on a worker the pool adds', async () => {
    const { write, open } = gatedWrite();
    const blocked = (user: AuthUser, kind: RunRequest['kind'] = 'preview') =>
      t.app.services.scripts.run({ code: 'return write.createAlert({ asset: "a", message: "m" })._id;', kind, input: {}, user, write, timeLimitMs: 60_000 });
    const adminRuns = Array.from({ length: 51 }, () => blocked(admin));
    await expect.poll(activity, { timeout: 20_000 }).toMatchObject({ running: 1, waiting: 50 });

    const refused = await preview('return 1;');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ kind: 'busy', errors: { script: refused.json().message } });
    expect(refused.json().message).toBe('You already have 50 scripts waiting to run; try again when they have finished');

    // Another user's run takes the second worker; a third user's is still served at once.
    const technicianRun = blocked(technician);
    await expect.poll(() => activity().running, { timeout: 20_000 }).toBe(2);
    expect(await t.app.services.scripts.run({ code: 'return "served";', kind: 'widget', input: {}, user: onsite })).toMatchObject({ ok: true, value: 'served' });
    expect(activity().workers).toBeGreaterThanOrEqual(3);

    // Runs nobody waits for in a browser (jobs, checklist scripts) queue behind their own, never refused.
    const job: AuthUser = { _id: 'job:fairness', name: 'Job fairness', username: 'job:fairness', roleName: null, permissions: new Set() };
    const jobRuns = Array.from({ length: 55 }, () => blocked(job, 'job'));

    open();
    const results = await Promise.all([...adminRuns, technicianRun, ...jobRuns]);
    expect(results.filter((result) => !result.ok)).toEqual([]);
    expect(activity()).toMatchObject({ running: 0, waiting: 0 });
  }, 90_000);
});

describe('configuration', () => {
  it('reads SCRIPT_WORKERS and SCRIPT_RUNS_PER_USER, defaults 4 and 1, and keeps a worker for other users', () => {
    expect(loadConfig({})).toMatchObject({ scriptWorkers: 4, scriptRunsPerUser: 1 });
    expect(loadConfig({ SCRIPT_WORKERS: '8', SCRIPT_RUNS_PER_USER: '3' })).toMatchObject({ scriptWorkers: 8, scriptRunsPerUser: 3 });
    expect(loadConfig({ SCRIPT_WORKERS: '1' })).toMatchObject({ scriptWorkers: 1, scriptRunsPerUser: 1 });
    expect(() => loadConfig({ SCRIPT_WORKERS: 'many' })).toThrow(/SCRIPT_WORKERS/);
    expect(() => loadConfig({ SCRIPT_RUNS_PER_USER: '0' })).toThrow(/SCRIPT_RUNS_PER_USER/);
    expect(() => loadConfig({ SCRIPT_WORKERS: '4', SCRIPT_RUNS_PER_USER: '4' })).toThrow('SCRIPT_RUNS_PER_USER must be less than SCRIPT_WORKERS');
  });
});
