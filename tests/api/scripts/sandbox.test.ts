import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthUser } from '../../../server/auth/access';
import type { RunResult, ScriptWriteApi } from '../../../server/sandbox/sandboxTypes';
import { loadConfig } from '../../../server/config';
import { scriptFailure } from '../../../server/sandbox/scriptHttp';
import { createTestApp, type TestApp } from '../helpers/testApp';
import { authUserOf } from './scriptTestUsers';

let t: TestApp;
let admin: AuthUser;
let technician: AuthUser;
let onsite: AuthUser;

beforeAll(async () => {
  t = await createTestApp();
  [admin, technician, onsite] = await Promise.all([authUserOf(t, 'admin'), authUserOf(t, 'technician'), authUserOf(t, 'onsite')]);
});
afterAll(() => t.close());

const preview = (code: string, input?: Record<string, unknown>) =>
  t.request({ as: 'admin', method: 'POST', url: '/api/script/run', payload: input ? { code, input } : { code } });

const run = (code: string, user: AuthUser = admin, extra: { input?: Record<string, unknown>; write?: ScriptWriteApi; timeLimitMs?: number } = {}) =>
  t.app.services.scripts.run({ code, kind: 'preview', input: extra.input ?? {}, user, ...(extra.write ? { write: extra.write } : {}), ...(extra.timeLimitMs ? { timeLimitMs: extra.timeLimitMs } : {}) });

function failureOf(result: RunResult) {
  if (result.ok) throw new Error(`expected a failure, got ${JSON.stringify(result.value)}`);
  return result.error;
}

describe('POST /script/run', () => {
  it('answers the value, the logs and the duration of a trivial script', async () => {
    const response = await preview('console.log("hello", {a: 1});\nreturn 1 + 2;');
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.value).toBe(3);
    expect(body.logs).toEqual(['hello {"a":1}']);
    expect(typeof body.durationMs).toBe('number');
  });

  it('hands the script its input and the calling user', async () => {
    const response = await preview('return { from: input.from, who: user.username, role: user.roleName, can: user.permissions.includes("manage-script") };', { from: 42 });
    expect(response.statusCode).toBe(200);
    expect(response.json().value).toEqual({ from: 42, who: 'admin', role: 'ROLE_SUPERUSER', can: true });
  });

  it('answers 422 with the line of a syntax error', async () => {
    const response = await preview('const a = 1;\nconst b = 2;\nconst c = ;\nreturn a;');
    expect(response.statusCode).toBe(422);
    const body = response.json();
    expect(body.message).toMatch(/^SyntaxError: .*\(line 3\)$/);
    expect(body.errors.script).toBe(body.message);
    expect(body.kind).toBe('syntax');
    expect(body.line).toBe(3);
  });

  it('answers 422 with the line of a throw', async () => {
    const response = await preview('const a = 1;\nconsole.log("before");\nthrow new Error("boom");');
    expect(response.statusCode).toBe(422);
    const body = response.json();
    expect(body.message).toBe('Error: boom (line 3)');
    expect(body.kind).toBe('runtime');
    expect(body.logs).toEqual(['before']);
  });

  it('refuses a body without code (400 naming it) and callers without manage-script (403)', async () => {
    const missing = await t.request({ as: 'admin', method: 'POST', url: '/api/script/run', payload: { input: {} } });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toMatch(/code/);
    const engineer = await t.request({ as: 'engineer', method: 'POST', url: '/api/script/run', payload: { code: 'return 1' } });
    expect(engineer.statusCode).toBe(403);
  });

  it('runs a stored script by id, and answers 404 for an unknown one', async () => {
    const created = await t.request({ as: 'admin', method: 'POST', url: '/api/script', payload: { name: 'Sandbox test double', description: '', code: 'return input.n * 2;' } });
    expect(created.statusCode).toBe(200);
    const id = created.json()._id as string;
    const ran = await t.request({ as: 'admin', method: 'POST', url: `/api/script/${id}/run`, payload: { input: { n: 21 } } });
    expect(ran.statusCode).toBe(200);
    expect(ran.json().value).toBe(42);
    const unknown = await t.request({ as: 'admin', method: 'POST', url: '/api/script/nope/run', payload: {} });
    expect(unknown.statusCode).toBe(404);
  });
});

describe('limits', () => {
  it('stops an endless loop with 504 at its time limit, while other requests answer in the meantime', async () => {
    const looping = preview('let i = 0;\nwhile (true) { i++; }');
    let loopAnswered = false;
    void looping.then(() => (loopAnswered = true));
    // The loop holds a worker…
    await expect.poll(() => t.app.services.scripts.activity().running, { timeout: 20_000 }).toBe(1);
    // …and the server still answers others before the loop's answer.
    const other = await t.request({ method: 'GET', url: '/api/init/applicationInfo' });
    expect(other.statusCode).toBe(200);
    expect(loopAnswered).toBe(false);
    const response = await looping;
    expect(response.statusCode).toBe(504);
    expect(response.json().kind).toBe('timeout');
    expect(response.json().message).toMatch(/time limit of 2000 ms/);
    // Stopped at its limit, not left running (generous: deadline + the 1 s backstop + a busy machine).
    expect(response.json().durationMs).toBeGreaterThanOrEqual(2000);
    expect(response.json().durationMs).toBeLessThan(10_000);
  });

  it('stops endless allocation with a memory error (422)', async () => {
    const code = 'const parts = [];\nwhile (true) { parts.push(new Float64Array(1 << 17)); }';
    const result = await run(code, admin, { timeLimitMs: 15_000 });
    const error = failureOf(result);
    expect(error.kind).toBe('memory');
    expect(error.message).toMatch(/memory limit of 64 MB/);
    expect(error.line).toBe(2);
    const failure = scriptFailure(error);
    expect(failure.statusCode).toBe(422);
    expect(failure.errors).toEqual({ script: error.message });
    expect(scriptFailure({ kind: 'timeout', message: 'm', line: null }).statusCode).toBe(504);
    expect(scriptFailure({ kind: 'unavailable', message: 'm', line: null }).statusCode).toBe(503);
    expect(scriptFailure({ kind: 'busy', message: 'm', line: null }).statusCode).toBe(429);
    expect(scriptFailure({ kind: 'input', message: 'm', line: null })).toMatchObject({ statusCode: 400, errors: { input: 'm' } });
  });

  it('holds a run to 64 MB in all, however many allocations it takes, and gives the next run the same room', async () => {
    // docs/scripts.md: 64 MB per run. Each piece is far below the limit; only their total passes it.
    const keep = (what: string, count: number) => `const kept = [];\nfor (let i = 0; i < ${count}; i++) kept.push(${what});\nreturn kept.length;`;
    const pieces: [what: string, label: string][] = [['new Uint8Array(1 << 20)', 'typed arrays'], ['"y".repeat(1 << 20)', 'strings']];
    for (const [what, label] of pieces) {
      const over = failureOf(await run(keep(what, 96), admin, { timeLimitMs: 15_000 }));
      expect(over.kind, label).toBe('memory');
      expect(over.message).toMatch(/memory limit of 64 MB/);
      // Well under the limit still fits, right after a run that filled it.
      const under = await run(keep(what, 40), admin, { timeLimitMs: 15_000 });
      expect(under, label).toMatchObject({ ok: true, value: 40 });
    }
  });

  it('stops endless recursion with an error, not a crash', async () => {
    const error = failureOf(await run('function f(n) { return f(n + 1) + 1; }\nreturn f(0);'));
    expect(error.kind).toBe('runtime');
    expect(error.message).toMatch(/stack overflow/);
    expect((await run('return "still here"')).ok).toBe(true);
  });

  it('refuses a value that is not JSON, or too large', async () => {
    const cyclic = failureOf(await run('const a = {};\na.self = a;\nreturn a;'));
    expect(cyclic.kind).toBe('output');
    const fn = failureOf(await run('return function () {};'));
    expect(fn.kind).toBe('output');
    const big = failureOf(await run('return "x".repeat(21 * 1024 * 1024);'));
    expect(big.kind).toBe('output');
    const nothing = await run('const a = 1;');
    expect(nothing).toMatchObject({ ok: true, value: null });
  });

  it('refuses a value nested deeper than 64 levels with 422 in our words, never a 500', async () => {
    const deep = await preview('let v = [];\nfor (let i = 0; i < 5000; i++) v = [v];\nreturn v;');
    expect(deep.statusCode).toBe(422);
    expect(deep.json()).toMatchObject({ kind: 'output', message: "The script's value is nested deeper than 64 levels of arrays and objects" });
    expect(failureOf(await run('let v = {};\nfor (let i = 0; i < 100; i++) v = { v };\nreturn { rows: [v] };')).kind).toBe('output');
    // 64 levels are still a value; brackets inside strings are text.
    const edge = await preview('let v = [];\nfor (let i = 1; i < 64; i++) v = [v];\nreturn v;');
    expect(edge.statusCode).toBe(200);
    expect(await run('return ["[[[[", { "{": "\\"[[" }];')).toMatchObject({ ok: true, value: ['[[[[', { '{': '"[[' }] });
  });

  it('refuses an input nested deeper than 64 levels with 400 naming input', async () => {
    const body = `{"code":"return 1;","input":${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}}`;
    const response = await t.request({ as: 'admin', method: 'POST', url: '/api/script/run', payload: body, headers: { 'content-type': 'application/json' } });
    expect(response.statusCode).toBe(400);
    // Every request's input is held to 64 levels before it reaches a handler (server/http/inputHygiene.ts).
    expect(Object.keys(response.json().errors)).toEqual(['input']);
    expect(response.json().message).toMatch(/^input .*64 levels/);
    expect((await preview('return 1;')).statusCode).toBe(200);
  });

  it('stops a runaway promise chain at its time limit and says so in our words: 422 (issue 16 §1)', async () => {
    const swallowed = failureOf(await run('Promise.resolve().then(() => { while (true) {} });\nreturn "finished";', admin, { timeLimitMs: 300 }));
    expect(swallowed.kind).toBe('runtime');
    expect(swallowed.message).toMatch(/runaway promise chain/);
    const chained = failureOf(await run('let p = Promise.resolve();\nconst chain = () => { p = p.then(chain); };\nchain();\nreturn 1;', admin, { timeLimitMs: 300 }));
    expect(chained.kind).toBe('runtime');
    const response = await preview('const f = () => Promise.resolve().then(f); f(); return 1;');
    expect(response.statusCode).toBe(422);
    expect(response.json().message).toMatch(/^The script had returned, but promise callbacks .* runaway promise chain/);
    expect(response.body).not.toMatch(/quickjs|Assertion failed|JS_Free/i);
  });

  it('still times out (504) a script whose own result waits on a promise past its time limit', async () => {
    const waiting = failureOf(await run('return Promise.resolve().then(() => { while (true) {} });', admin, { timeLimitMs: 300 }));
    expect(waiting.kind).toBe('timeout');
  });

  it('reports running out of memory in a promise chain as memory, not "Uncaught null"', async () => {
    const error = failureOf(await run('let p = Promise.resolve();\nfor (let i = 0; i < 3e6; i++) p = p.then(() => 1);\nreturn p;', admin, { timeLimitMs: 15_000 }));
    expect(error.kind).toBe('memory');
    expect(error.message).toMatch(/memory limit of 64 MB/);
    // A script's own `throw null` stays its own.
    expect(failureOf(await run('throw null;')).message).toBe('Uncaught null');
  });

  it('answers in our words when QuickJS aborts after promise jobs, and replaces the worker', async () => {
    // quickjs-emscripten 0.32 aborts (`Assertion failed: list_empty(&rt->gc_obj_list)… quickjs.c`)
    // when freeing a runtime whose promise jobs allocated many objects; the answer was ready before.
    const allocatedInJob = await preview('return Promise.resolve().then(() => {\n  const a = [];\n  for (let i = 0; i < 200000; i++) a.push({ i });\n  return a.length;\n});');
    expect(allocatedInJob.statusCode).toBe(200);
    expect(allocatedInJob.json().value).toBe(200000);
    const runaway = failureOf(await run('async function grow() {\n  await 0;\n  const a = [];\n  for (;;) a.push({ k: "v" });\n}\nreturn grow();', admin, { timeLimitMs: 15_000 }));
    expect(runaway.kind).toBe('memory');
    for (const text of [allocatedInJob.body, runaway.message]) expect(text).not.toMatch(/quickjs|assertion|aborted/i);
    expect(await Promise.all([run('return 1;'), run('return 2;')])).toMatchObject([{ ok: true, value: 1 }, { ok: true, value: 2 }]);
  });

  it('keeps working after a timeout, and answers many concurrent runs', async () => {
    const timedOut = failureOf(await run('while (true) {}', admin, { timeLimitMs: 200 }));
    expect(timedOut.kind).toBe('timeout');
    const results = await Promise.all(Array.from({ length: 24 }, (_, i) => run(`return ${i} * 2;`, admin, { input: { i } })));
    expect(results.map((r) => (r.ok ? r.value : r.error.message))).toEqual(Array.from({ length: 24 }, (_, i) => i * 2));
  });

  it('terminates a worker stuck inside a host call past the deadline + 1 s', async () => {
    // A write that never answers: the script blocks in the bridge until its deadline.
    const write: ScriptWriteApi = {
      createAlert: () => new Promise(() => undefined),
      createInspectionSchedule: () => new Promise(() => undefined),
    };
    const started = performance.now();
    const error = failureOf(await run('write.createAlert({ asset: "a", message: "m" });\nreturn 1;', admin, { write, timeLimitMs: 300 }));
    expect(error.kind).toBe('timeout');
    // Without the deadline the call would wait forever (the test's own 30 s limit); generous for a busy machine.
    expect(performance.now() - started).toBeLessThan(10_000);
    expect((await run('return 2')).ok).toBe(true);
  });
});

describe('nothing of the host is reachable', () => {
  it('has no require, process, fetch, timers or module loading', async () => {
    const result = await run(
      'return [typeof require, typeof process, typeof fetch, typeof setTimeout, typeof setInterval, typeof XMLHttpRequest, typeof module, typeof Buffer, typeof globalThis.process, typeof std, typeof os];',
    );
    expect(result).toMatchObject({ ok: true, value: Array(11).fill('undefined') });
    for (const code of ['require("fs")', 'process.exit(1)', 'fetch("http://example.com")']) {
      const error = failureOf(await run(`return ${code};`));
      expect(error.kind).toBe('runtime');
      expect(error.message).toMatch(/ReferenceError: '?\w+'? is not defined/);
    }
  });

  it('fails import() and refuses import statements', async () => {
    const dynamic = failureOf(await run('return import("fs");'));
    expect(dynamic.kind).toBe('runtime');
    const awaited = failureOf(await run('return (async () => { const fs = await import("node:fs"); return typeof fs.readFileSync; })();'));
    expect(awaited.kind).toBe('runtime');
    const statement = failureOf(await run('import fs from "fs";\nreturn 1;'));
    expect(statement.kind).toBe('syntax');
  });

  it('keeps constructor tricks inside QuickJS', async () => {
    const tricks = [
      'return globalThis.constructor.constructor("return typeof process")();',
      'return (function () { return this; })() === undefined ? "strict" : typeof this.process;',
      'return this === undefined ? "undefined" : typeof this.constructor.constructor("return process")();',
      'return Object.getPrototypeOf(query.list).constructor("return typeof require + typeof process")();',
      'return [].constructor.constructor("return Object.getOwnPropertyNames(globalThis).join()")();',
    ];
    for (const code of tricks) {
      const result = await run(code);
      const text = result.ok ? JSON.stringify(result.value) : result.error.message;
      expect(text).not.toMatch(/object|function/);
      if (result.ok && typeof result.value === 'string' && result.value.includes(',')) {
        expect(result.value.split(',')).not.toEqual(expect.arrayContaining(['process', 'require', 'fetch', 'setTimeout']));
      }
    }
  });

  it('gives every run a fresh context: globals set by one run are gone in the next', async () => {
    expect((await run('globalThis.leak = 42; return 1;')).ok).toBe(true);
    expect(await run('return typeof leak;')).toMatchObject({ ok: true, value: 'undefined' });
  });
});

describe('query API permissions', () => {
  const listInspections = 'return query.list("inspection", { limit: 5, fields: ["timestamp", "asset"] }).length;';

  it('lets a technician list inspections and refuses a role without read-inspection, naming it', async () => {
    expect(await run(listInspections, technician)).toMatchObject({ ok: true, value: 5 });
    const error = failureOf(await run(`const n = 1;\n${listInspections}`, onsite));
    expect(error.kind).toBe('runtime');
    expect(error.message).toMatch(/read-inspection/);
    expect(error.line).toBe(2);
  });

  it('never exposes password hashes or emails of users, even when asked', async () => {
    const users = await run('return query.list("user");', technician);
    if (!users.ok) throw new Error(users.error.message);
    const rows = users.value as Record<string, unknown>[];
    expect(rows.length).toBeGreaterThan(3);
    for (const row of rows) expect(Object.keys(row).sort()).toEqual(['_id', 'name', 'role', 'username']);
    for (const code of [
      'return query.list("user", { fields: ["passwordHash"] });',
      'return query.list("user", { fields: ["email"] });',
      'return query.list("user", { where: { passwordHash: { ne: null } } });',
      'return query.list("user", { orderBy: ["passwordHash"] });',
    ]) {
      const error = failureOf(await run(code, admin));
      expect(error.message).toMatch(/unknown field '(passwordHash|email)' of entity 'user'/);
    }
  });

  it('treats an injection-looking value as a value', async () => {
    const before = await run('return query.count("asset");');
    const injected = await run('return query.list("asset", { where: { name: "x\' or \'1\'=\'1" } }).length;');
    expect(injected).toMatchObject({ ok: true, value: 0 });
    const dropped = await run('return query.count("asset", { where: { name: "a\'; drop table assets; --" } });');
    expect(dropped).toMatchObject({ ok: true, value: 0 });
    expect(await run('return query.count("asset");')).toEqual({ ...before, durationMs: expect.any(Number) });
  });

  it('offers the write API only to runs given one', async () => {
    expect(await run('return typeof write;')).toMatchObject({ ok: true, value: 'undefined' });
    const calls: unknown[] = [];
    const write: ScriptWriteApi = {
      async createAlert(input) {
        calls.push(input);
        return { _id: 'alert-1' };
      },
      async createInspectionSchedule(input) {
        calls.push(input);
        return { _id: 'schedule-1' };
      },
    };
    const result = await run('const a = write.createAlert({ asset: "x", message: "m" });\nconst s = write.createInspectionSchedule({ asset: "x", checklists: [], start: 1, end: 2 });\nreturn [a._id, s._id];', admin, { write });
    expect(result).toMatchObject({ ok: true, value: ['alert-1', 'schedule-1'] });
    expect(calls).toEqual([{ asset: 'x', message: 'm' }, { asset: 'x', checklists: [], start: 1, end: 2 }]);
  });
});

describe('configuration', () => {
  it('reads SCRIPT_TIME_LIMIT_MS and SCRIPT_MEMORY_LIMIT_MB, defaults 2000 ms and 64 MB', () => {
    expect(loadConfig({})).toMatchObject({ scriptTimeLimitMs: 2000, scriptMemoryLimitMb: 64 });
    expect(loadConfig({ SCRIPT_TIME_LIMIT_MS: '5000', SCRIPT_MEMORY_LIMIT_MB: '128' })).toMatchObject({ scriptTimeLimitMs: 5000, scriptMemoryLimitMb: 128 });
    expect(() => loadConfig({ SCRIPT_TIME_LIMIT_MS: 'soon' })).toThrow(/SCRIPT_TIME_LIMIT_MS/);
    expect(() => loadConfig({ SCRIPT_MEMORY_LIMIT_MB: '1' })).toThrow(/SCRIPT_MEMORY_LIMIT_MB/);
  });
});
