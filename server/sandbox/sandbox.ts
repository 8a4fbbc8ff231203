import { MessageChannel, receiveMessageOnPort, type MessagePort } from 'node:worker_threads';
import type { AuthUser } from '../auth/access';
import type { Database } from '../db/client';
import { HttpError } from '../http/errors';
import { createWorkerPool, PoolClosedError, TaskTimeoutError } from '../workers/workerPool';
import { FairQueue } from './fairQueue';
import { QUERY_OPS, runQuery, runTrend, ScriptQueryError, type QueryOp } from './queryApi';
import type runScript from './sandboxTask';
import type { CallAnswer, ScriptJob, ScriptOutcome, ThreadMessage } from './sandboxTask';
import type { RunRequest, RunResult, ScriptError, ScriptSandbox, ScriptUser, ScriptWriteApi } from './sandboxTypes';
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
  /** READINGS_RETENTION_DAYS: `query.trend` reads raw readings this far back, hourly aggregates before (default 90). */
  readingsRetentionDays?: number;
}

export interface SandboxOptions {
  /** Unexpected failures of a query or write call (the script only sees a generic message). */
  onError?: (error: unknown, op: string) => void;
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
/** READINGS_RETENTION_DAYS' default (server/config.ts). */
const DEFAULT_RETENTION_DAYS = 90;

/** Runs nobody waits for in a browser: they queue behind their identity's earlier runs, never 'busy'. */
const BACKGROUND_KINDS: ReadonlySet<RunRequest['kind']> = new Set(['job', 'checklist']);

const WRITE_OPS = ['createInspectionSchedule', 'createAlert'] as const satisfies readonly (keyof ScriptWriteApi)[];
type WriteOp = (typeof WRITE_OPS)[number];

interface PendingRun {
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
 * DESIGN §7: administrators' scripts run in QuickJS (sandboxTask.ts) in the threads of a worker
 * pool (server/workers/workerPool.ts), so a script that loops never holds up the server's event
 * loop. Each run gets a fresh runtime with a memory limit and an interrupt at its deadline; a
 * thread that does not answer by deadline + 1 s is terminated and replaced (the pool's time limit).
 * `query`/`write` calls come back to this thread over a port of the run's own, synchronously for
 * the script (Atomics.wait in the thread), and run here as parameterised SQL under the caller's
 * permissions.
 *
 * Fairness (issue 16 §6, docs/scripts.md "Sharing the sandbox"): each user runs at most
 * SCRIPT_RUNS_PER_USER scripts at once, waiting runs are handed out round-robin over users, and
 * while runs of other users wait and every worker is busy the pool grows up to SCRIPT_WORKERS —
 * so one author's endless scripts hold their own share, never everyone's dashboards.
 */
export function createScriptSandbox(db: Database, config: SandboxConfig, options: SandboxOptions = {}): ScriptSandbox {
  const maxWorkers = Math.max(1, config.scriptWorkers ?? SCRIPT_POOL_DEFAULTS.workers);
  const runsPerUser = Math.max(1, config.scriptRunsPerUser ?? SCRIPT_POOL_DEFAULTS.runsPerUser);
  const retentionDays = config.readingsRetentionDays ?? DEFAULT_RETENTION_DAYS;
  const queue = new FairQueue<PendingRun>({
    runningPerKey: runsPerUser,
    waitingPerKey: SCRIPT_LIMITS.maxQueuePerUser,
    waiting: SCRIPT_LIMITS.maxQueue,
  });
  const pool = createWorkerPool<typeof runScript>({
    task: new URL('./sandboxTask.ts', import.meta.url),
    minThreads: Math.min(SCRIPT_LIMITS.baseWorkers, maxWorkers),
    maxThreads: maxWorkers,
    idleTimeoutMs: SCRIPT_LIMITS.idleWorkerMs,
    onThreadError: (error) => options.onError?.(error, 'sandbox worker'),
  });
  /** Runs handed to the pool: never more than its threads, so the fair queue, not the pool, decides who waits. */
  let handed = 0;
  /** Of those, runs their thread has started (the others wait for a thread to start). */
  let running = 0;
  let closed = false;
  /** Shareable runs not yet handed to a worker, by share key; each answers its joiners too. */
  const waitingShared = new Map<string, { run: PendingRun; joiners: ((result: RunResult) => void)[] }>();

  /** A run that held a worker ends: its owner may start another, and a waiting run may start. */
  function complete(run: PendingRun, result: RunResult) {
    handed -= 1;
    queue.finished(run.owner);
    run.resolve(result);
    pump();
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

  /** Hands waiting runs to the pool while it has a thread for each (it starts threads up to SCRIPT_WORKERS). */
  function pump() {
    while (!closed && handed < maxWorkers) {
      const next = queue.take();
      if (!next) return;
      start(next.item);
    }
  }

  /** Runs the script in a pool thread; its query and write calls come back over a port of its own. */
  function start(run: PendingRun) {
    // From here on it reads the database: a later caller must not take its (possibly older) answer.
    if (run.shareKey && waitingShared.get(run.shareKey)?.run === run) waitingShared.delete(run.shareKey);
    handed += 1;
    const { port1, port2 } = new MessageChannel();
    const flag = new SharedArrayBuffer(4);
    let engineFailed: Extract<ThreadMessage, { type: 'done' }> | null = null;
    const onMessage = (message: ThreadMessage) => {
      if (message.type === 'done') engineFailed = message;
      else void answerCall(port1, new Int32Array(flag), run, message);
    };
    port1.on('message', onMessage);
    let startedAt = Date.now();
    let onThread = false;
    const onStart = (threadStartedAt: number) => {
      [startedAt, onThread] = [threadStartedAt, true];
      running += 1;
    };
    const finish = (result: RunResult) => {
      if (onThread) running -= 1;
      port1.close();
      complete(run, result);
    };
    const timeLimit = { ms: run.timeLimitMs + SCRIPT_LIMITS.backstopMs, message: `The script ran longer than its time limit of ${run.timeLimitMs} ms` };
    pool.run(job(run, port2, flag), { transferList: [port2], timeLimit, onStart }).then(
      (outcome) => finish(settle(run, outcome, startedAt)),
      (error: unknown) => {
        // A thread whose QuickJS failed posted its answer before it ended: it may still wait on the port.
        for (let left = receiveMessageOnPort(port1); left; left = receiveMessageOnPort(port1)) onMessage(left.message as ThreadMessage);
        finish(engineFailed ? engineFailure(run, engineFailed, startedAt) : threadFailure(error, startedAt, onThread));
      },
    );
  }

  /** What the thread is handed: the script, whose it is, its limits, and its calls' port and flag. */
  function job({ request, timeLimitMs }: PendingRun, port: MessagePort, flag: SharedArrayBuffer): ScriptJob {
    const { maxStackBytes, maxOutputChars, maxOutputDepth, maxLogs, maxLogChars } = SCRIPT_LIMITS;
    const limits = { timeLimitMs, memoryLimitBytes: Math.round(config.scriptMemoryLimitMb * 1024 * 1024), maxStackBytes, maxOutputChars, maxOutputDepth, maxLogs, maxLogChars };
    return { code: request.code, input: request.input ?? {}, user: scriptUser(request.user), hasWrite: Boolean(request.write), ...limits, port, flag };
  }

  /**
   * QuickJS aborted (e.g. its own assertion after a runaway promise chain): the caller gets our
   * words, the log QuickJS's; the thread has ended and the pool starts a fresh one.
   */
  function engineFailure(run: PendingRun, done: Extract<ThreadMessage, { type: 'done' }>, startedAt: number): RunResult {
    options.onError?.(new Error(done.engineFailure), 'sandbox engine');
    return settle(run, done.result, startedAt);
  }

  /** A run its thread did not answer: stopped at the backstop, shut down, never handed over, or its thread failed. */
  function threadFailure(error: unknown, startedAt: number, onThread: boolean): RunResult {
    const durationMs = Date.now() - startedAt;
    if (error instanceof TaskTimeoutError) return failed('timeout', error.message, durationMs);
    if (error instanceof PoolClosedError) return failed('unavailable', 'The script sandbox is shut down', durationMs);
    if (error instanceof Error && error.name === 'DataCloneError') {
      // Nothing reached the thread: it stays free for the next run, this one fails on its own.
      options.onError?.(error, 'sandbox dispatch');
      return failed('input', "The script's input could not be handed to the sandbox");
    }
    options.onError?.(error, 'sandbox worker');
    const message = 'The script sandbox stopped unexpectedly';
    // Its thread never started (QuickJS failed to load): fail what waits rather than start threads
    // in a loop; the next run tries again.
    if (!onThread) for (const waiting of queue.drain()) waiting.resolve(failed('unavailable', message));
    return failed('unavailable', message, durationMs);
  }

  function settle(run: PendingRun, result: ScriptOutcome, startedAt: number): RunResult {
    const durationMs = Date.now() - startedAt;
    if (!result.ok) return { ok: false, error: result.error, logs: result.logs, durationMs };
    try {
      return { ok: true, value: JSON.parse(result.json), logs: result.logs, durationMs, reads: [...run.reads].sort() };
    } catch {
      return failed('output', "The script's value is not JSON", durationMs, result.logs);
    }
  }

  async function answerCall(port: MessagePort, flag: Int32Array, run: PendingRun, message: Extract<ThreadMessage, { type: 'call' }>) {
    const op = String(message.op);
    let answer: CallAnswer;
    try {
      answer = { callId: message.callId, value: (await perform(run, op, message.args ?? null)) ?? null };
    } catch (error) {
      answer = { callId: message.callId, error: callErrorMessage(error, op) };
    }
    // The run may have ended meanwhile (deadline): its port is closed then, and the answer goes nowhere.
    try {
      port.postMessage(answer);
    } catch (error) {
      port.postMessage({ callId: message.callId, error: `${op}: the answer could not be passed to the script` } satisfies CallAnswer);
      options.onError?.(error, op);
    }
    Atomics.store(flag, 0, 1);
    Atomics.notify(flag, 0);
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
    if (op === 'trend') {
      // A point's trend reads the point and its readings: the dashboard reloads it with the points.
      run.reads.add('measurementPoint');
      return runTrend(db, request.user, args?.pointId, args?.options, retentionDays);
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
        const run: PendingRun = { owner: request.user._id, request, timeLimitMs, resolve: answer, reads: new Set(), shareKey };
        const outcome = queue.add(run.owner, run, !BACKGROUND_KINDS.has(request.kind));
        if (outcome === 'full') return resolve(failed('unavailable', 'Too many scripts are waiting to run; try again shortly'));
        if (outcome === 'busy') {
          return resolve(failed('busy', `You already have ${SCRIPT_LIMITS.maxQueuePerUser} scripts waiting to run; try again when they have finished`));
        }
        if (shareKey) waitingShared.set(shareKey, { run, joiners });
        pump();
      });
    },
    activity() {
      return { workers: pool.threadCount(), running, waiting: queue.size + handed - running };
    },
    async close() {
      if (closed) return;
      closed = true;
      for (const run of queue.drain()) run.resolve(failed('unavailable', 'The script sandbox is shut down'));
      // Runs still on a thread fail with the same words (PoolClosedError).
      await pool.close();
    },
  };
}
