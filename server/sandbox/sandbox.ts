import { MessageChannel, Worker, type MessagePort } from 'node:worker_threads';
import type { AuthUser } from '../auth/access';
import type { Database } from '../db/client';
import { HttpError } from '../http/errors';
import { FairQueue } from './fairQueue';
import { QUERY_OPS, runQuery, ScriptQueryError, type QueryOp } from './queryApi';
import type { RunRequest, RunResult, ScriptError, ScriptSandbox, ScriptWriteApi } from './sandboxTypes';
import { sharedRunKey } from './sharedRuns';

export interface SandboxConfig {
  /** SCRIPT_TIME_LIMIT_MS: default time limit of one run, query time included. */
  scriptTimeLimitMs: number;
  /** SCRIPT_MEMORY_LIMIT_MB: heap of one run's QuickJS runtime. */
  scriptMemoryLimitMb: number;
  /** SCRIPT_WORKERS: at most this many worker threads, so this many runs at once (default 4). */
  scriptWorkers?: number;
  /** SCRIPT_RUNS_PER_USER: runs of one user at once; the user's others wait (default 1). */
  scriptRunsPerUser?: number;
}

export interface SandboxOptions {
  /** Unexpected failures of a query or write call (the script only sees a generic message). */
  onError?: (error: unknown, op: string) => void;
}

/** The user the script sees as `user` (DESIGN §7: id, name, role, permissions). */
export interface ScriptUser {
  _id: string;
  name: string;
  username: string;
  roleName: string | null;
  permissions: string[];
}

export const SCRIPT_LIMITS = {
  /** After the deadline a worker has this long to answer before it is terminated and replaced. */
  backstopMs: 1000,
  maxCodeChars: 256 * 1024,
  maxOutputChars: 20 * 1024 * 1024,
  maxLogs: 200,
  maxLogChars: 2000,
  maxStackBytes: 256 * 1024,
  /** A returned value nested deeper than this (arrays and objects) is refused as 'output'; an input, as 'input'. */
  maxOutputDepth: 64,
  /** Runs waiting for a worker beyond this answer 'unavailable' at once. */
  maxQueue: 200,
  /** One user's runs waiting beyond this answer 'busy' (jobs' and checklist scripts' runs wait regardless). */
  maxQueuePerUser: 50,
  /** Workers kept running while idle; the pool grows to SCRIPT_WORKERS while runs wait. */
  baseWorkers: 2,
  /** A worker beyond the base ones stops after being idle this long. */
  idleWorkerMs: 30_000,
} as const;

export const SCRIPT_POOL_DEFAULTS = { workers: 4, runsPerUser: 1 } as const;

/** Runs nobody waits for in a browser: they queue behind their identity's earlier runs, never 'busy'. */
const BACKGROUND_KINDS: ReadonlySet<RunRequest['kind']> = new Set(['job', 'checklist']);

const WRITE_OPS = ['createInspectionSchedule', 'createAlert'] as const satisfies readonly (keyof ScriptWriteApi)[];
type WriteOp = (typeof WRITE_OPS)[number];

const workerUrl = new URL('./sandboxWorker.mjs', import.meta.url);

interface PendingRun {
  runId: number;
  /** Whose run it is (the user's id; a job's or checklist script's own identity): the unit of fairness. */
  owner: string;
  request: RunRequest;
  timeLimitMs: number;
  resolve: (result: RunResult) => void;
  /** Entities the script asked the query API about. */
  reads: Set<string>;
  /** While it waits for a worker, identical widget runs join it instead of queueing (sharedRuns.ts). */
  shareKey: string | null;
}

interface WorkerMessage {
  type: 'ready' | 'done' | 'call';
  runId?: number;
  callId?: number;
  op?: string;
  args?: Record<string, unknown> | null;
  result?: { ok: true; json: string; logs: string[] } | { ok: false; error: ScriptError; logs: string[] };
  /** The worker's QuickJS failed (its own text, for the server's log only); the worker must go. */
  engineFailure?: string;
}

interface Slot {
  worker: Worker;
  port: MessagePort;
  flag: Int32Array;
  ready: boolean;
  current: { run: PendingRun; startedAt: number; backstop: NodeJS.Timeout } | null;
  retired: boolean;
  /** Stops a worker beyond the base ones once it has been idle a while. */
  idleTimer: NodeJS.Timeout | null;
}

/**
 * Whether arrays and objects nest deeper than `limit` levels. Handing the input to a worker copies it
 * recursively (structured clone, then JSON), so an input nested thousands deep would overflow the
 * stack there; this walk stops one level past the limit, so it cannot overflow itself.
 */
function nestedDeeperThan(value: unknown, limit: number): boolean {
  if (value === null || typeof value !== 'object') return false;
  if (limit === 0) return true;
  for (const child of Array.isArray(value) ? value : Object.values(value)) {
    if (nestedDeeperThan(child, limit - 1)) return true;
  }
  return false;
}

export function scriptUser(user: AuthUser): ScriptUser {
  return { _id: user._id, name: user.name, username: user.username, roleName: user.roleName, permissions: [...user.permissions].sort() };
}

const failed = (kind: ScriptError['kind'], message: string, durationMs = 0, logs: string[] = []): RunResult => ({
  ok: false,
  error: { kind, message, line: null },
  logs,
  durationMs,
});

/**
 * DESIGN §7: administrators' scripts run in QuickJS inside a small pool of worker threads, so a
 * script that loops never holds up the server's event loop. Each run gets a fresh runtime with a
 * memory limit and an interrupt at its deadline; a worker that does not answer by deadline + 1 s is
 * terminated and replaced. `query`/`write` calls reach this thread synchronously for the script
 * (Atomics.wait in the worker) and run here as parameterised SQL under the caller's permissions.
 *
 * Fairness (issue 16 §6, docs/scripts.md "Sharing the sandbox"): each user runs at most
 * SCRIPT_RUNS_PER_USER scripts at once, waiting runs are handed out round-robin over users, and
 * while runs of other users wait and every worker is busy the pool grows up to SCRIPT_WORKERS —
 * so one author's endless scripts hold their own share, never everyone's dashboards.
 */
export function createScriptSandbox(db: Database, config: SandboxConfig, options: SandboxOptions = {}): ScriptSandbox {
  const maxWorkers = Math.max(1, config.scriptWorkers ?? SCRIPT_POOL_DEFAULTS.workers);
  const baseWorkers = Math.min(SCRIPT_LIMITS.baseWorkers, maxWorkers);
  const slots: Slot[] = [];
  const runsPerUser = Math.max(1, config.scriptRunsPerUser ?? SCRIPT_POOL_DEFAULTS.runsPerUser);
  const queue = new FairQueue<PendingRun>({
    runningPerKey: runsPerUser,
    waitingPerKey: SCRIPT_LIMITS.maxQueuePerUser,
    waiting: SCRIPT_LIMITS.maxQueue,
  });
  let nextRunId = 1;
  let closed = false;
  /** Shareable runs not yet handed to a worker, by share key; each answers its joiners too. */
  const waitingShared = new Map<string, { run: PendingRun; joiners: ((result: RunResult) => void)[] }>();

  function startSlot(): Slot {
    const shared = new SharedArrayBuffer(4);
    const { port1, port2 } = new MessageChannel();
    const worker = new Worker(workerUrl, { workerData: { shared, port: port2 }, transferList: [port2] });
    worker.unref();
    const slot: Slot = { worker, port: port1, flag: new Int32Array(shared), ready: false, current: null, retired: false, idleTimer: null };
    worker.on('message', (message: WorkerMessage) => onMessage(slot, message));
    worker.on('error', (error) => {
      options.onError?.(error, 'sandbox worker');
      void replace(slot, 'The script sandbox stopped unexpectedly');
    });
    worker.on('exit', () => void replace(slot, 'The script sandbox stopped unexpectedly'));
    return slot;
  }

  function ensureSlots() {
    while (!closed && slots.length < baseWorkers) slots.push(startSlot());
  }

  /** A run that held a worker ends: its owner may start another. */
  function complete(run: PendingRun, result: RunResult) {
    queue.finished(run.owner);
    run.resolve(result);
  }

  /** Takes a worker out of the pool (terminating it) and, unless closing, keeps the base ones running. */
  function replace(slot: Slot, message: string, kind: ScriptError['kind'] = 'unavailable'): Promise<unknown> {
    if (slot.retired) return Promise.resolve();
    slot.retired = true;
    if (slot.idleTimer) clearTimeout(slot.idleTimer);
    const index = slots.indexOf(slot);
    if (index >= 0) slots.splice(index, 1);
    if (slot.current) {
      clearTimeout(slot.current.backstop);
      const { run, startedAt } = slot.current;
      slot.current = null;
      complete(run, failed(kind, message, Date.now() - startedAt));
    }
    slot.port.close();
    const terminated = slot.worker.terminate();
    if (!slot.ready) {
      // It never started (QuickJS failed to load): fail what waits rather than restart in a loop;
      // the next run tries again.
      for (const run of queue.drain()) run.resolve(failed('unavailable', message));
    } else if (!closed) {
      ensureSlots();
      pump();
    }
    return terminated;
  }

  /**
   * A shared run waiting on its owner's share (their earlier runs hold it) is carried by a caller
   * joining it whose share is free: it is that caller's run as much (the same code, input and
   * permissions: sharedRuns.ts) and counts against their share from then on. Without this, fifty
   * engineers' copies of one widget waited for the first asker's other widgets, one at a time.
   */
  function carry(run: PendingRun, request: RunRequest) {
    const caller = request.user._id;
    if (caller === run.owner || !queue.heldByKey(run.owner, run)) return;
    if (queue.running(caller) + queue.waitingOf(caller) >= runsPerUser) return;
    if (!queue.move(run, run.owner, caller)) return;
    run.owner = caller;
    run.request = request;
    pump();
  }

  /** Hands waiting runs to idle workers, then starts workers for runs that could start but have none. */
  function pump() {
    for (const slot of slots) {
      if (!slot.ready || slot.current || slot.retired) continue;
      let next = queue.take();
      while (next && !dispatch(slot, next.item)) next = queue.take();
      if (!next) break;
    }
    const starting = slots.filter((slot) => !slot.ready && !slot.retired).length;
    for (let wanted = queue.startable() - starting; wanted > 0 && !closed && slots.length < maxWorkers; wanted--) slots.push(startSlot());
  }

  /** Workers beyond the base ones stop once nothing has needed them for a while. */
  function idle(slot: Slot) {
    if (slots.length <= baseWorkers) return;
    slot.idleTimer = setTimeout(() => {
      slot.idleTimer = null;
      if (!slot.current && slots.length > baseWorkers) void replace(slot, 'The script sandbox is shrinking');
    }, SCRIPT_LIMITS.idleWorkerMs);
    slot.idleTimer.unref();
  }

  /** Starts the run on an idle worker; false when it could not even be handed over. */
  function dispatch(slot: Slot, run: PendingRun): boolean {
    // From here on it reads the database: a later caller must not take its (possibly older) answer.
    if (run.shareKey && waitingShared.get(run.shareKey)?.run === run) waitingShared.delete(run.shareKey);
    if (slot.idleTimer) clearTimeout(slot.idleTimer);
    slot.idleTimer = null;
    const startedAt = Date.now();
    const deadline = startedAt + run.timeLimitMs;
    const backstop = setTimeout(
      () => void replace(slot, `The script ran longer than its time limit of ${run.timeLimitMs} ms`, 'timeout'),
      run.timeLimitMs + SCRIPT_LIMITS.backstopMs,
    );
    slot.current = { run, startedAt, backstop };
    slot.worker.ref();
    try {
      post(slot, run, deadline);
    } catch (error) {
      // Nothing reached the worker: it stays free for the next run, this one fails on its own.
      options.onError?.(error, 'sandbox dispatch');
      clearTimeout(backstop);
      slot.current = null;
      slot.worker.unref();
      complete(run, failed('input', "The script's input could not be handed to the sandbox"));
      return false;
    }
    return true;
  }

  function post(slot: Slot, run: PendingRun, deadline: number) {
    slot.worker.postMessage({
      type: 'run',
      runId: run.runId,
      code: run.request.code,
      input: run.request.input ?? {},
      user: scriptUser(run.request.user),
      deadline,
      timeLimitMs: run.timeLimitMs,
      memoryLimitBytes: Math.round(config.scriptMemoryLimitMb * 1024 * 1024),
      maxStackBytes: SCRIPT_LIMITS.maxStackBytes,
      hasWrite: Boolean(run.request.write),
      maxOutputChars: SCRIPT_LIMITS.maxOutputChars,
      maxOutputDepth: SCRIPT_LIMITS.maxOutputDepth,
      maxLogs: SCRIPT_LIMITS.maxLogs,
      maxLogChars: SCRIPT_LIMITS.maxLogChars,
    });
  }

  function onMessage(slot: Slot, message: WorkerMessage) {
    if (slot.retired) return;
    if (message.type === 'ready') {
      slot.ready = true;
      pump();
      idle(slot);
      return;
    }
    const current = slot.current;
    if (!current || message.runId !== current.run.runId) return;
    if (message.type === 'call') {
      void answerCall(slot, current.run, message);
      return;
    }
    if (message.type === 'done' && message.result) {
      clearTimeout(current.backstop);
      slot.current = null;
      slot.worker.unref();
      complete(current.run, settle(current, message.result));
      if (message.engineFailure !== undefined) {
        // QuickJS aborted (e.g. its own assertion after a runaway promise chain): its module in this
        // worker is unusable, so the worker goes; the caller got our words, the log gets QuickJS's.
        options.onError?.(new Error(message.engineFailure), 'sandbox engine');
        void replace(slot, 'The script sandbox stopped unexpectedly');
      } else {
        pump();
        if (!slot.current) idle(slot);
      }
    }
  }

  function settle(current: NonNullable<Slot['current']>, result: NonNullable<WorkerMessage['result']>): RunResult {
    const durationMs = Date.now() - current.startedAt;
    if (!result.ok) return { ok: false, error: result.error, logs: result.logs, durationMs };
    try {
      return { ok: true, value: JSON.parse(result.json), logs: result.logs, durationMs, reads: [...current.run.reads].sort() };
    } catch {
      return failed('output', "The script's value is not JSON", durationMs, result.logs);
    }
  }

  async function answerCall(slot: Slot, run: PendingRun, message: WorkerMessage) {
    const op = String(message.op);
    let answer: { callId: number | undefined; value?: unknown; error?: string };
    try {
      answer = { callId: message.callId, value: (await perform(run, op, message.args ?? null)) ?? null };
    } catch (error) {
      answer = { callId: message.callId, error: callErrorMessage(error, op) };
    }
    // The worker may have given up (deadline) or been replaced meanwhile: then nobody waits.
    if (slot.retired || slot.current?.run !== run) return;
    try {
      slot.port.postMessage(answer);
    } catch (error) {
      slot.port.postMessage({ callId: message.callId, error: `${op}: the answer could not be passed to the script` });
      options.onError?.(error, op);
    }
    Atomics.store(slot.flag, 0, 1);
    Atomics.notify(slot.flag, 0);
  }

  function callErrorMessage(error: unknown, op: string): string {
    if (error instanceof ScriptQueryError) return error.message;
    if (error instanceof HttpError) return `${op}: ${error.message}`;
    options.onError?.(error, op);
    return `${op} failed`;
  }

  async function perform(run: PendingRun, op: string, args: Record<string, unknown> | null): Promise<unknown> {
    const { request } = run;
    if ((QUERY_OPS as readonly string[]).includes(op)) {
      if (typeof args?.entity === 'string') run.reads.add(args.entity);
      return runQuery(db, request.user, op as QueryOp, args?.entity, args?.options);
    }
    if ((WRITE_OPS as readonly string[]).includes(op)) {
      if (!request.write) throw new ScriptQueryError(`write.${op}: the write API is only available to jobs`);
      if (args === null || typeof args !== 'object' || Array.isArray(args)) throw new ScriptQueryError(`write.${op}: expects an object`);
      return request.write[op as WriteOp](args as never);
    }
    throw new ScriptQueryError(`unknown call '${op}'`);
  }

  return {
    run(request: RunRequest): Promise<RunResult> {
      if (closed) return Promise.resolve(failed('unavailable', 'The script sandbox is shut down'));
      if (typeof request.code !== 'string') return Promise.resolve(failed('syntax', 'The script has no code'));
      if (request.code.length > SCRIPT_LIMITS.maxCodeChars) {
        return Promise.resolve(failed('syntax', `The script is longer than ${SCRIPT_LIMITS.maxCodeChars / 1024} KB`));
      }
      if (nestedDeeperThan(request.input, SCRIPT_LIMITS.maxOutputDepth)) {
        return Promise.resolve(failed('input', `The script's input is nested deeper than ${SCRIPT_LIMITS.maxOutputDepth} levels of arrays and objects`));
      }
      const timeLimitMs = Math.max(1, Math.round(request.timeLimitMs ?? config.scriptTimeLimitMs));
      const shareKey = sharedRunKey(request, timeLimitMs);
      const waiting = shareKey ? waitingShared.get(shareKey) : undefined;
      if (waiting) {
        carry(waiting.run, request);
        return new Promise<RunResult>((resolve) => waiting.joiners.push(resolve));
      }
      return new Promise<RunResult>((resolve) => {
        const joiners: ((result: RunResult) => void)[] = [];
        const answer = (result: RunResult) => {
          if (shareKey && waitingShared.get(shareKey)?.run === run) waitingShared.delete(shareKey);
          resolve(result);
          // Each caller gets its own copy: a route may shape the value it answers.
          for (const joiner of joiners) joiner(structuredClone(result));
        };
        const run: PendingRun = { runId: nextRunId++, owner: request.user._id, request, timeLimitMs, resolve: answer, reads: new Set(), shareKey };
        const outcome = queue.add(run.owner, run, !BACKGROUND_KINDS.has(request.kind));
        if (outcome === 'full') return resolve(failed('unavailable', 'Too many scripts are waiting to run; try again shortly'));
        if (outcome === 'busy') {
          return resolve(failed('busy', `You already have ${SCRIPT_LIMITS.maxQueuePerUser} scripts waiting to run; try again when they have finished`));
        }
        if (shareKey) waitingShared.set(shareKey, { run, joiners });
        ensureSlots();
        pump();
      });
    },
    activity() {
      return { workers: slots.length, running: slots.filter((slot) => slot.current).length, waiting: queue.size };
    },
    async close() {
      if (closed) return;
      closed = true;
      for (const run of queue.drain()) run.resolve(failed('unavailable', 'The script sandbox is shut down'));
      await Promise.all([...slots].map((slot) => replace(slot, 'The script sandbox is shut down')));
    },
  };
}
