import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { AuthUser } from '../../../server/auth/access';
import { createScriptSandbox } from '../../../server/sandbox/sandbox';
import type { RunResult, ScriptSandbox, ScriptWriteApi } from '../../../server/sandbox/sandboxTypes';
import { createTestApp, type TestApp } from '../helpers/testApp';
import { authUserOf } from './scriptTestUsers';

/**
 * A wall of dashboards reloads the same widget with the same filters within milliseconds of one
 * push (issue 21, docs/scripts.md "Shared widget runs"): callers whose run is still waiting for a
 * worker share it — never when the answer could differ between them, never with data older than
 * their own request.
 */

let t: TestApp;
let engineer: AuthUser;
let otherEngineer: AuthUser;
let technician: AuthUser;
let sandbox: ScriptSandbox;

beforeAll(async () => {
  t = await createTestApp();
  [engineer, technician] = await Promise.all([authUserOf(t, 'engineer'), authUserOf(t, 'technician')]);
  // A second person with the engineer's role: the same grants, another name.
  otherEngineer = { ...engineer, _id: `${engineer._id}-colleague`, name: 'Colleague Engineer', username: 'colleague' };
});
afterAll(() => t.close());
afterEach(() => sandbox?.close());

/** One worker, held by a job until `release()`: runs asked for meanwhile wait for it. */
async function busySandbox() {
  sandbox = createScriptSandbox(t.app.services.db, { scriptTimeLimitMs: 5_000, scriptMemoryLimitMb: 64, scriptWorkers: 1 });
  let release: () => void = () => undefined;
  const gate = new Promise<void>((resolve) => (release = resolve));
  const write: ScriptWriteApi = { createAlert: () => gate.then(() => ({ _id: 'a' })), createInspectionSchedule: () => gate.then(() => ({ _id: 's' })) };
  const job = sandbox.run({ code: 'return write.createAlert({ asset: "a", message: "m" })._id;', kind: 'job', input: {}, user: { ...technician, _id: 'job-identity' }, write });
  await expect.poll(() => sandbox.activity().running, { timeout: 20_000 }).toBe(1);
  return { release: async () => (release(), await job) };
}

const widget = (code: string, user: AuthUser, input: Record<string, unknown> = {}) => sandbox.run({ code, kind: 'widget', input, user });
const valueOf = (result: RunResult) => {
  if (!result.ok) throw new Error(`${result.error.kind}: ${result.error.message}`);
  return result.value;
};

describe('shared widget runs', () => {
  it('two engineers asking for the same widget while it waits get one answer from one run', async () => {
    const { release } = await busySandbox();
    const code = 'return { draw: Math.random(), assets: query.count("asset") };';
    const first = widget(code, engineer, { period: '1|2' });
    const second = widget(code, otherEngineer, { period: '1|2' });
    expect(sandbox.activity().waiting).toBe(1);
    await release();
    const [a, b] = (await Promise.all([first, second])).map(valueOf) as { draw: number }[];
    expect(b).toEqual(a);
  });

  it('each caller gets its own copy of the answer', async () => {
    const { release } = await busySandbox();
    const code = 'return { rows: [1, 2, 3] };';
    const first = widget(code, engineer);
    const second = widget(code, otherEngineer);
    await release();
    const [a, b] = (await Promise.all([first, second])).map(valueOf) as { rows: number[] }[];
    a!.rows.push(4);
    expect(b!.rows).toEqual([1, 2, 3]);
  });

  // Every way a script can read who runs it: each engineer must see their own name.
  it.each([
    ['the user parameter', 'return [Math.random(), user.name];'],
    ['arguments', 'return [Math.random(), arguments[1].name];'],
    ['a direct eval', 'return [Math.random(), eval("us" + "er").name];'],
    ['a unicode escape spelling user', 'return [Math.random(), \\u0075ser.name];'],
    ['the user parameter, beside a query of the user entity', "return [Math.random(), query.count('user') > 0 ? user.name : ''];"],
    ['the user parameter inside a template', "return [Math.random(), `${'user'}${user.name}`.slice(4)];"],
    ['a spread of the user parameter', 'return [Math.random(), { ...user }.name];'],
  ])('a script reading its user through %s runs for each caller', async (_way, code) => {
    const { release } = await busySandbox();
    const first = widget(code, engineer);
    const second = widget(code, otherEngineer);
    await release();
    const [a, b] = (await Promise.all([first, second])).map(valueOf) as [number, string][];
    expect(a![1]).toBe(engineer.name);
    expect(b![1]).toBe('Colleague Engineer');
  });

  it("a widget naming the user entity ('user', \"user\") or a row's user field (row.user) is shared: neither is who runs it", async () => {
    const { release } = await busySandbox();
    const code = `const names = {}; for (const u of query.list('user', { fields: ['name'] })) names[u._id] = u.name;
const rows = query.list('inspection', { fields: ['user'], limit: 3 }).map((r) => ({ 'user': names[r.user] || '' }));
return { draw: Math.random(), people: Object.keys(names).length, also: query.count("user"), rows };`;
    const first = widget(code, engineer);
    const second = widget(code, otherEngineer);
    expect(sandbox.activity().waiting).toBe(1);
    await release();
    const [a, b] = (await Promise.all([first, second])).map(valueOf);
    expect(b).toEqual(a);
  });

  it('users with other permissions get what theirs allow, not a shared answer', async () => {
    const { release } = await busySandbox();
    const code = 'return { draw: Math.random(), alerts: query.count("alert") };';
    const asEngineer = widget(code, engineer);
    const asTechnician = widget(code, { ...technician, permissions: new Set([...technician.permissions].filter((p) => p !== 'read-alert')) });
    await release();
    const [engineerResult, technicianResult] = await Promise.all([asEngineer, asTechnician]);
    expect(engineerResult.ok).toBe(true);
    expect(technicianResult).toMatchObject({ ok: false, error: { message: expect.stringContaining('read-alert') } });
  });

  it('other filter values run on their own', async () => {
    const { release } = await busySandbox();
    const code = 'return [Math.random(), input.period];';
    const week = widget(code, engineer, { period: '1|7' });
    const month = widget(code, otherEngineer, { period: '1|30' });
    await release();
    const [a, b] = (await Promise.all([week, month])).map(valueOf) as [number, string][];
    expect([a![1], b![1]]).toEqual(['1|7', '1|30']);
    expect(a![0]).not.toBe(b![0]);
  });

  it('a caller arriving after the run started reading gets a run of its own, with what was written since', async () => {
    sandbox = createScriptSandbox(t.app.services.db, { scriptTimeLimitMs: 5_000, scriptMemoryLimitMb: 64, scriptWorkers: 2 });
    // Counts assets, then stays on its worker a while: a run that has read and not yet answered.
    const code = 'const n = query.count("asset"); const end = Date.now() + 600; while (Date.now() < end) {} return n;';
    const early = widget(code, engineer);
    await expect.poll(() => sandbox.activity().running, { timeout: 20_000 }).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 200));
    const created = await t.request({
      as: 'admin', method: 'POST', url: '/api/asset',
      payload: { name: 'Shared-run freshness pump', identification: `SHARED-${Date.now()}`, tags: [], checklists: [], staticAttributes: [], checklistOptions: [], message: '' },
    });
    expect(created.statusCode).toBe(200);
    const late = widget(code, otherEngineer);
    const [before, after] = (await Promise.all([early, late])).map(valueOf) as number[];
    expect(after).toBe(before! + 1);
  });

  /**
   * A run of `user` that holds a worker (and so the user's one-run share) until `release()`:
   * like a widget of theirs still reading when a push asks for the next.
   */
  async function heldRunOf(user: AuthUser) {
    sandbox = createScriptSandbox(t.app.services.db, { scriptTimeLimitMs: 5_000, scriptMemoryLimitMb: 64, scriptWorkers: 3 });
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const write: ScriptWriteApi = { createAlert: () => gate.then(() => ({ _id: 'a' })), createInspectionSchedule: () => gate.then(() => ({ _id: 's' })) };
    const held = sandbox.run({ code: 'return write.createAlert({ asset: "a", message: "m" })._id;', kind: 'job', input: {}, user, write });
    await expect.poll(() => sandbox.activity().running, { timeout: 20_000 }).toBe(1);
    return { held, release: async () => (release(), await held) };
  }
  const within = <T>(ms: number, promise: Promise<T>) =>
    Promise.race([promise, new Promise<'still waiting'>((resolve) => setTimeout(() => resolve('still waiting'), ms))]);

  it("a shared run waiting on its first asker's other run starts at once for a colleague whose share is free", async () => {
    const { release } = await heldRunOf(engineer);
    const code = 'return { draw: Math.random(), assets: query.count("asset") };';
    const first = widget(code, engineer);
    const second = widget(code, otherEngineer);
    // Workers are free: only the engineer's one-run share held the run back.
    const answers = await within(10_000, Promise.all([first, second]));
    expect(answers).not.toBe('still waiting');
    const [a, b] = (answers as RunResult[]).map(valueOf);
    expect(b).toEqual(a);
    await release();
  });

  it('the colleague carrying it is held to their own share: with theirs busy too, it waits', async () => {
    const { release } = await heldRunOf(engineer);
    let releaseColleague: () => void = () => undefined;
    const colleagueGate = new Promise<void>((resolve) => (releaseColleague = resolve));
    const write: ScriptWriteApi = { createAlert: () => colleagueGate.then(() => ({ _id: 'b' })), createInspectionSchedule: () => colleagueGate.then(() => ({ _id: 't' })) };
    const colleagueHeld = sandbox.run({ code: 'return write.createAlert({ asset: "a", message: "m" })._id;', kind: 'job', input: {}, user: otherEngineer, write });
    await expect.poll(() => sandbox.activity().running, { timeout: 20_000 }).toBe(2);
    const code = 'return Math.random();';
    const first = widget(code, engineer);
    const second = widget(code, otherEngineer);
    expect(await within(1_000, first)).toBe('still waiting');
    expect(sandbox.activity()).toMatchObject({ running: 2, waiting: 1 });
    releaseColleague();
    await colleagueHeld;
    await release();
    const [a, b] = (await Promise.all([first, second])).map(valueOf);
    expect(b).toBe(a);
  });

  it('runs of other kinds are never shared', async () => {
    const { release } = await busySandbox();
    const code = 'return Math.random();';
    const first = sandbox.run({ code, kind: 'table', input: {}, user: engineer });
    const second = sandbox.run({ code, kind: 'table', input: {}, user: otherEngineer });
    await release();
    const [a, b] = (await Promise.all([first, second])).map(valueOf);
    expect(a).not.toBe(b);
  });
});
