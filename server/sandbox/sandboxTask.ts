// The sandbox's task in a pool thread (DESIGN §7; server/sandbox/sandbox.ts is the other side):
// runs one administrator's script in QuickJS, one fresh runtime and context per run, never in the
// server's own engine. QuickJS loads with the thread, before the thread takes its first run.
import { receiveMessageOnPort, type MessagePort } from 'node:worker_threads';
import { getQuickJS, type QuickJSContext, type QuickJSHandle, type QuickJSRuntime } from 'quickjs-emscripten';
import type { ScriptError, ScriptUser } from './sandboxTypes';

/** One run; its time limit runs from the moment the thread starts it. */
export interface ScriptJob {
  code: string;
  input: Record<string, unknown>;
  user: ScriptUser;
  timeLimitMs: number;
  memoryLimitBytes: number;
  maxStackBytes: number;
  hasWrite: boolean;
  maxOutputChars: number;
  maxOutputDepth: number;
  maxLogs: number;
  maxLogChars: number;
  /**
   * The script's query/write calls, synchronous for it: the thread posts a call here and blocks in
   * Atomics.wait until the main thread posts the answer here and flips `flag` (the synckit
   * technique), or until the deadline.
   */
  port: MessagePort;
  flag: SharedArrayBuffer;
}

type Failure = { ok: false; error: ScriptError };
export type ScriptOutcome = { ok: true; json: string; logs: string[] } | (Failure & { logs: string[] });

/**
 * What the thread posts on the job's port: a call, or — when QuickJS itself failed, leaving the
 * thread unusable — its answer with QuickJS's text (for the server log), before the thread exits.
 */
export type ThreadMessage =
  | { type: 'call'; callId: number; op: string; args: Record<string, unknown> | null }
  | { type: 'done'; result: ScriptOutcome; engineFailure: string };

export type CallAnswer = { callId: number | undefined; value?: unknown; error?: string };

type RunState = { deadline: number; timedOut: boolean; timeLimitMs: number; memoryLimitBytes: number };

const SCRIPT_FILE = 'script.js';
const API_FILE = 'sandbox-api.js';

// The API objects the script sees, built inside QuickJS from two host functions (call, log).
const BOOTSTRAP = `(function (call, log, hasWrite) {
  "use strict";
  const parse = JSON.parse;
  const stringify = JSON.stringify;
  const request = (op, args) => {
    const answer = parse(call(op, stringify(args === undefined ? null : args)));
    if (answer.error !== undefined) throw new Error(answer.error);
    return answer.value;
  };
  const show = (value) => {
    if (typeof value === 'string') return value;
    try { const text = stringify(value); return text === undefined ? String(value) : text; } catch (e) { return String(value); }
  };
  const print = (...values) => { log(values.map(show).join(' ')); };
  const console = Object.freeze({ log: print, info: print, warn: print, error: print, debug: print });
  Object.defineProperty(globalThis, 'console', { value: console, writable: false, enumerable: false, configurable: false });
  const query = Object.freeze({
    list: (entity, options) => request('list', { entity, options }),
    count: (entity, options) => request('count', { entity, options }),
    groupBy: (entity, options) => request('groupBy', { entity, options }),
    trend: (pointId, options) => request('trend', { pointId, options }),
  });
  const write = hasWrite ? Object.freeze({
    createInspectionSchedule: (input) => request('createInspectionSchedule', input),
    createAlert: (input) => request('createAlert', input),
  }) : undefined;
  return {
    start: (fn, inputJson, userJson) => fn(parse(inputJson), Object.freeze(parse(userJson)), query, write),
    output: (value) => stringify(value === undefined ? null : value),
  };
})`;

const QuickJS = await getQuickJS();
let callSeq = 0;

/**
 * The memory limit, held by the WebAssembly memory itself. QuickJS's own limit
 * (runtime.setMemoryLimit) counts bytes with malloc_usable_size, which this emscripten build does
 * not have: every allocation adds 8 bytes whatever its size, so it bounds a single allocation and
 * the number of them, never their total (justjake/quickjs-emscripten#255, #271). A script pushing
 * 1 MB arrays grew a worker to the 2 GB wasm32 ceiling before it failed. So the worker refuses to
 * grow its memory past what it held when it started plus the run's limit: emscripten's sbrk then
 * fails, malloc answers NULL and QuickJS throws its "out of memory". Every run frees its runtime, so
 * each gets the same room; the memory never shrinks, so a worker holds at most that much.
 */
const wasmMemory = QuickJS.getWasmMemory();
const startingBytes = wasmMemory.buffer.byteLength;
const memoryGuard = { ceilingBytes: Infinity, refused: false };
const growMemory = wasmMemory.grow.bind(wasmMemory);
wasmMemory.grow = (pages) => {
  if (wasmMemory.buffer.byteLength + pages * 65536 > memoryGuard.ceilingBytes) {
    memoryGuard.refused = true;
    throw new RangeError('the script memory limit');
  }
  return growMemory(pages);
};

/** Blocks until the main thread answers call `callId`, or the deadline passes (null). */
function waitForAnswer(port: MessagePort, flag: Int32Array, callId: number, deadline: number): CallAnswer | null {
  for (;;) {
    const remaining = deadline - Date.now();
    if (remaining <= 0) return null;
    Atomics.wait(flag, 0, 0, remaining);
    Atomics.store(flag, 0, 0);
    for (let received = receiveMessageOnPort(port); received; received = receiveMessageOnPort(port)) {
      const answer = received.message as CallAnswer;
      if (answer.callId === callId) return answer;
      // An answer to an earlier call that timed out: dropped.
    }
  }
}

/** 1-based line in the script's own code: the wrapper adds one line in front of it. */
function scriptLine(error: { stack?: unknown; fileName?: unknown; lineNumber?: unknown } | null | undefined): number | null {
  const text = `${error?.stack ?? ''}`;
  const match = new RegExp(`${SCRIPT_FILE.replace('.', '\\.')}:(\\d+)`).exec(text);
  if (match) return Math.max(1, Number(match[1]) - 1);
  if (error?.fileName === SCRIPT_FILE && typeof error.lineNumber === 'number') return Math.max(1, error.lineNumber - 1);
  return null;
}

function describe(error: unknown): string {
  if (error && typeof error === 'object' && 'message' in error) {
    const name = 'name' in error && typeof error.name === 'string' && error.name ? error.name : 'Error';
    return `${name}: ${String(error.message)}`;
  }
  try {
    return `Uncaught ${JSON.stringify(error)}`;
  } catch {
    return `Uncaught ${String(error)}`;
  }
}

function failure(kind: ScriptError['kind'], message: string, line: number | null): Failure {
  const where = line ? ` (line ${line})` : '';
  return { ok: false, error: { kind, message: `${message}${where}`, line: line ?? null } };
}

/**
 * Promise jobs run after a script returned a settled value (fire-and-forget callbacks). Real ones
 * are few; a chain that keeps scheduling itself is stopped here, long before QuickJS's own limits.
 */
const LEFTOVER_JOB_LIMIT = 100_000;

const timedOut = (state: RunState, line: number | null = null) => failure('timeout', `The script ran longer than its time limit of ${state.timeLimitMs} ms`, line);

/** Classifies an error thrown inside QuickJS (already dumped to a host value). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- what vm.dump gives: any host value
function scriptFailure(dumped: any, state: RunState, fallbackKind: ScriptError['kind']): Failure {
  const line = scriptLine(dumped);
  const message = describe(dumped);
  if (state.timedOut || /^InternalError: interrupted/.test(message) || Date.now() > state.deadline) return timedOut(state, line);
  const memoryLimit = `The script used more than its memory limit of ${Math.round(state.memoryLimitBytes / 1048576)} MB`;
  if (/^InternalError: (out of memory|string too long|invalid array length)/.test(message) || /^RangeError: invalid array length/.test(message)) {
    return failure('memory', `${memoryLimit} (${message})`, line);
  }
  // QuickJS throws `null` when it cannot even allocate its "out of memory" error.
  if (dumped === null && memoryGuard.refused) return failure('memory', memoryLimit, line);
  return failure(fallbackKind, message, line);
}

/**
 * How deep arrays and objects nest in a JSON text, stopping as soon as it passes `limit`. The
 * server's own JSON.stringify and response serialiser recurse, so a value nested thousands deep
 * would overflow their stack; one linear pass here keeps such values out for every kind of script.
 */
function nestedDeeperThan(json: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < json.length; i++) {
    const c = json.charCodeAt(i);
    if (inString) {
      if (c === 92) i++; // backslash: skip the escaped character
      else if (c === 34) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 91 || c === 123) {
      if (++depth > limit) return true;
    } else if (c === 93 || c === 125) depth--;
  }
  return false;
}

function run(job: ScriptJob): { result: ScriptOutcome | null; engineFailure: unknown } {
  const logs: string[] = [];
  // The deadline runs from now, when this thread starts the run (the pool's time limit, the
  // backstop, counts from the same moment).
  const deadline = Date.now() + job.timeLimitMs;
  const state: RunState = { deadline, timedOut: false, timeLimitMs: job.timeLimitMs, memoryLimitBytes: job.memoryLimitBytes };
  memoryGuard.ceilingBytes = startingBytes + job.memoryLimitBytes;
  memoryGuard.refused = false;
  const runtime = QuickJS.newRuntime();
  // Still set: it refuses a single allocation past the limit at once, before any growth.
  runtime.setMemoryLimit(job.memoryLimitBytes);
  runtime.setMaxStackSize(job.maxStackBytes);
  // Remembers that it fired: an interrupt inside a promise job only rejects that job's promise, so
  // the run could otherwise look finished (and answer a value) after its time limit.
  runtime.setInterruptHandler(() => {
    if (Date.now() <= deadline) return false;
    state.timedOut = true;
    return true;
  });
  const vm = runtime.newContext();
  const handles: QuickJSHandle[] = [];
  const keep = (handle: QuickJSHandle) => {
    handles.push(handle);
    return handle;
  };
  let result: ScriptOutcome | null = null;
  let engineFailure: unknown = null;
  try {
    result = evaluate(job, state, runtime, vm, keep, logs);
  } catch (error) {
    engineFailure = error;
  }
  // Freeing the runtime can make QuickJS abort too (its gc_obj_list assertion after promise jobs
  // that allocated a lot, quickjs-emscripten 0.32): the answer above stands, the worker goes.
  try {
    for (const handle of handles.reverse()) {
      if (handle.alive) handle.dispose();
    }
    vm.dispose();
    runtime.dispose();
  } catch (error) {
    engineFailure ??= error;
  }
  return { result, engineFailure };
}

/** Runs one script in a fresh context; answers {ok, json|error} with its logs. */
function evaluate(job: ScriptJob, state: RunState, runtime: QuickJSRuntime, vm: QuickJSContext, keep: (handle: QuickJSHandle) => QuickJSHandle, logs: string[]): ScriptOutcome {
  const flag = new Int32Array(job.flag);
  const call = keep(
    vm.newFunction('call', (opHandle, argsHandle) => {
      const op = vm.getString(opHandle);
      const args = JSON.parse(vm.getString(argsHandle));
      const callId = ++callSeq;
      Atomics.store(flag, 0, 0);
      job.port.postMessage({ type: 'call', callId, op, args } satisfies ThreadMessage);
      const answer = waitForAnswer(job.port, flag, callId, state.deadline);
      if (!answer) {
        state.timedOut = true;
        return vm.newString(JSON.stringify({ error: 'time limit reached' }));
      }
      return vm.newString(JSON.stringify('error' in answer ? { error: answer.error } : { value: answer.value ?? null }));
    }),
  );
  const log = keep(
    vm.newFunction('log', (textHandle) => {
      if (logs.length < job.maxLogs) {
        const text = vm.getString(textHandle);
        logs.push(text.length > job.maxLogChars ? `${text.slice(0, job.maxLogChars)}…` : text);
      } else if (logs.length === job.maxLogs) {
        logs.push(`(further output left out: at most ${job.maxLogs} lines)`);
      }
    }),
  );

  const boot = vm.evalCode(BOOTSTRAP, API_FILE, { type: 'global', strict: true });
  if (boot.error) {
    const dumped = vm.dump(boot.error);
    boot.error.dispose();
    throw new Error(`sandbox bootstrap failed: ${describe(dumped)}`);
  }
  const bootFn = keep(boot.value);
  const apiResult = vm.callFunction(bootFn, vm.undefined, call, log, job.hasWrite ? vm.true : vm.false);
  if (apiResult.error) {
    const dumped = vm.dump(apiResult.error);
    apiResult.error.dispose();
    throw new Error(`sandbox bootstrap failed: ${describe(dumped)}`);
  }
  const api = keep(apiResult.value);
  const start = keep(vm.getProp(api, 'start'));
  const output = keep(vm.getProp(api, 'output'));

  const wrapped = `(function (input, user, query, write) { "use strict";\n${job.code}\n})`;
  const compiled = vm.evalCode(wrapped, SCRIPT_FILE, { type: 'global' });
  if (compiled.error) {
    const dumped = vm.dump(compiled.error);
    compiled.error.dispose();
    const result = scriptFailure(dumped, state, 'syntax');
    return { ...result, logs };
  }
  const fn = keep(compiled.value);
  const inputJson = keep(vm.newString(JSON.stringify(job.input ?? {})));
  const userJson = keep(vm.newString(JSON.stringify(job.user)));
  const called = vm.callFunction(start, vm.undefined, fn, inputJson, userJson);
  if (called.error) {
    const dumped = vm.dump(called.error);
    called.error.dispose();
    return { ...scriptFailure(dumped, state, 'runtime'), logs };
  }
  let value = keep(called.value);
  // Whether the script's own result was there before any promise callback ran: then callbacks
  // still running at the deadline are ones it left behind, not work its result waits for.
  const returned = vm.getPromiseState(value);
  const returnedSettled = returned.type !== 'pending';
  if (returned.type === 'rejected') returned.error.dispose();
  else if (returned.type === 'fulfilled' && !returned.notAPromise) returned.value.dispose();

  // An async script (or a returned promise, e.g. import()): settle it within the run. Callbacks a
  // script that had already returned left behind get a bounded number of jobs.
  const jobs = runtime.executePendingJobs(returnedSettled ? LEFTOVER_JOB_LIMIT : -1);
  let jobsFailure: Failure | null = null;
  if (jobs.error) {
    const dumped = vm.dump(jobs.error);
    jobs.error.dispose();
    jobsFailure = scriptFailure(dumped, state, 'runtime');
  } else if (state.timedOut) jobsFailure = timedOut(state);
  if (returnedSettled) {
    // Issue 16 §1: a runaway promise chain is the script's fault, told in our words (QuickJS's
    // own abort text on such a runtime never reaches the caller): 422, not the time limit's 504.
    // An interrupt inside a callback only rejects that callback's promise, so the run itself looks
    // fine: the interrupt flag tells. A chain may also end by itself after a million jobs, having
    // failed inside QuickJS (which then aborts freeing the runtime): the job bound stops it first.
    if (jobsFailure?.error.kind === 'timeout') {
      return { ...failure('runtime', `The script had returned, but promise callbacks it left running were still running at its time limit of ${state.timeLimitMs} ms (a runaway promise chain)`, null), logs };
    }
    if (!jobsFailure && runtime.hasPendingJob()) {
      return { ...failure('runtime', `The script had returned, but promise callbacks it left running kept scheduling more (over ${LEFTOVER_JOB_LIMIT.toLocaleString('en')}: a runaway promise chain)`, null), logs };
    }
  }
  if (jobsFailure) return { ...jobsFailure, logs };
  const settled = vm.getPromiseState(value);
  if (settled.type === 'pending') {
    return { ...failure('runtime', 'The script returned a promise that did not settle', null), logs };
  }
  if (settled.type === 'rejected') {
    const dumped = vm.dump(settled.error);
    settled.error.dispose();
    return { ...scriptFailure(dumped, state, 'runtime'), logs };
  }
  if (!settled.notAPromise) value = keep(settled.value);

  const dumpedOutput = vm.callFunction(output, vm.undefined, value);
  if (dumpedOutput.error) {
    const dumped = vm.dump(dumpedOutput.error);
    dumpedOutput.error.dispose();
    const result = scriptFailure(dumped, state, 'output');
    if (result.error.kind === 'output') {
      return { ...failure('output', `The script's value is not JSON: ${describe(dumped)}`, scriptLine(dumped)), logs };
    }
    return { ...result, logs };
  }
  const outputHandle = keep(dumpedOutput.value);
  if (vm.typeof(outputHandle) !== 'string') {
    return { ...failure('output', 'The script returned a value that is not JSON (a function or symbol)', null), logs };
  }
  const json = vm.getString(outputHandle);
  if (json.length > job.maxOutputChars) {
    return { ...failure('output', `The script's value is larger than ${Math.round(job.maxOutputChars / 1048576)} MB as JSON`, null), logs };
  }
  if (nestedDeeperThan(json, job.maxOutputDepth)) {
    return { ...failure('output', `The script's value is nested deeper than ${job.maxOutputDepth} levels of arrays and objects`, null), logs };
  }
  return { ok: true, json, logs };
}

/** What the caller reads when QuickJS itself failed before the script had an answer: our words, never QuickJS's. */
const ENGINE_FAILED = 'The script made the script engine fail (it has been restarted); long promise chains or large allocations inside async code are the usual cause';

/** Runs one script; answers its outcome, or, when QuickJS itself failed, posts it and ends the thread. */
export default function runScript(job: ScriptJob): ScriptOutcome {
  let outcome: ReturnType<typeof run>;
  try {
    outcome = run(job);
  } catch (error) {
    // The QuickJS module itself failed before a runtime existed (an earlier abort, the host stack).
    outcome = { result: null, engineFailure: error };
  }
  const { engineFailure } = outcome;
  const result: ScriptOutcome = outcome.result ?? { ok: false, logs: [], error: { kind: 'runtime', message: ENGINE_FAILED, line: null } };
  if (!engineFailure) return result;
  // This thread's QuickJS is unusable: the answer goes out on the job's port, and the thread ends
  // while it still holds the run, so the pool gives it no other run and starts a fresh one.
  const message = engineFailure instanceof Error ? engineFailure.message : String(engineFailure);
  job.port.postMessage({ type: 'done', result, engineFailure: message } satisfies ThreadMessage);
  process.exit(1);
}
