import { MessageChannel, Worker, type MessagePort } from 'node:worker_threads';
import type { AuthUser } from '../auth/access';
import type { Database } from '../db/client';
import { HttpError } from '../http/errors';
import { QUERY_OPS, runQuery, ScriptQueryError, type QueryOp } from './queryApi';
import type { RunRequest, RunResult, ScriptError, ScriptSandbox, ScriptWriteApi } from './sandboxTypes';

export interface SandboxConfig {
  /** SCRIPT_TIME_LIMIT_MS: default time limit of one run, query time included. */
  scriptTimeLimitMs: number;
  /** SCRIPT_MEMORY_LIMIT_MB: heap of one run's QuickJS runtime. */
  scriptMemoryLimitMb: number;
  /** Worker threads running scripts (default 2). */
  scriptWorkers?: number;
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
  /** Runs waiting for a worker beyond this answer 'unavailable' at once. */
  maxQueue: 200,
} as const;

const WRITE_OPS = ['createInspectionSchedule', 'createAlert'] as const satisfies readonly (keyof ScriptWriteApi)[];
type WriteOp = (typeof WRITE_OPS)[number];

const workerUrl = new URL('./sandboxWorker.mjs', import.meta.url);

interface PendingRun {
  runId: number;
  request: RunRequest;
  timeLimitMs: number;
  resolve: (result: RunResult) => void;
  /** Entities the script asked the query API about. */
  reads: Set<string>;
}

interface WorkerMessage {
  type: 'ready' | 'done' | 'call';
  runId?: number;
  callId?: number;
  op?: string;
  args?: Record<string, unknown> | null;
  result?: { ok: true; json: string; logs: string[] } | { ok: false; error: ScriptError; logs: string[] };
  fatal?: boolean;
}

interface Slot {
  worker: Worker;
  port: MessagePort;
  flag: Int32Array;
  ready: boolean;
  current: { run: PendingRun; startedAt: number; backstop: NodeJS.Timeout } | null;
  retired: boolean;
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
 */
export function createScriptSandbox(db: Database, config: SandboxConfig, options: SandboxOptions = {}): ScriptSandbox {
  const size = Math.max(1, config.scriptWorkers ?? 2);
  const slots: Slot[] = [];
  const queue: PendingRun[] = [];
  let nextRunId = 1;
  let closed = false;

  function startSlot(): Slot {
    const shared = new SharedArrayBuffer(4);
    const { port1, port2 } = new MessageChannel();
    const worker = new Worker(workerUrl, { workerData: { shared, port: port2 }, transferList: [port2] });
    worker.unref();
    const slot: Slot = { worker, port: port1, flag: new Int32Array(shared), ready: false, current: null, retired: false };
    worker.on('message', (message: WorkerMessage) => onMessage(slot, message));
    worker.on('error', (error) => {
      options.onError?.(error, 'sandbox worker');
      void replace(slot, 'The script sandbox stopped unexpectedly');
    });
    worker.on('exit', () => void replace(slot, 'The script sandbox stopped unexpectedly'));
    return slot;
  }

  function ensureSlots() {
    while (!closed && slots.length < size) slots.push(startSlot());
  }

  /** Takes a worker out of the pool (terminating it) and, unless closing, starts another. */
  function replace(slot: Slot, message: string, kind: ScriptError['kind'] = 'unavailable'): Promise<unknown> {
    if (slot.retired) return Promise.resolve();
    slot.retired = true;
    const index = slots.indexOf(slot);
    if (index >= 0) slots.splice(index, 1);
    if (slot.current) {
      clearTimeout(slot.current.backstop);
      const { run, startedAt } = slot.current;
      slot.current = null;
      run.resolve(failed(kind, message, Date.now() - startedAt));
    }
    slot.port.close();
    const terminated = slot.worker.terminate();
    if (!slot.ready) {
      // It never started (QuickJS failed to load): fail what waits rather than restart in a loop;
      // the next run tries again.
      for (const run of queue.splice(0)) run.resolve(failed('unavailable', message));
    } else if (!closed) {
      ensureSlots();
      pump();
    }
    return terminated;
  }

  function pump() {
    for (const slot of slots) {
      if (queue.length === 0) return;
      if (!slot.ready || slot.current || slot.retired) continue;
      dispatch(slot, queue.shift() as PendingRun);
    }
  }

  function dispatch(slot: Slot, run: PendingRun) {
    const startedAt = Date.now();
    const deadline = startedAt + run.timeLimitMs;
    const backstop = setTimeout(
      () => void replace(slot, `The script ran longer than its time limit of ${run.timeLimitMs} ms`, 'timeout'),
      run.timeLimitMs + SCRIPT_LIMITS.backstopMs,
    );
    slot.current = { run, startedAt, backstop };
    slot.worker.ref();
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
      maxLogs: SCRIPT_LIMITS.maxLogs,
      maxLogChars: SCRIPT_LIMITS.maxLogChars,
    });
  }

  function onMessage(slot: Slot, message: WorkerMessage) {
    if (slot.retired) return;
    if (message.type === 'ready') {
      slot.ready = true;
      pump();
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
      const durationMs = Date.now() - current.startedAt;
      const result = message.result;
      if (result.ok) {
        let value: unknown;
        try {
          value = JSON.parse(result.json);
        } catch {
          current.run.resolve(failed('output', "The script's value is not JSON", durationMs, result.logs));
          return afterRun(slot, message.fatal);
        }
        current.run.resolve({ ok: true, value, logs: result.logs, durationMs, reads: [...current.run.reads].sort() });
      } else {
        current.run.resolve({ ok: false, error: result.error, logs: result.logs, durationMs });
      }
      afterRun(slot, message.fatal);
    }
  }

  function afterRun(slot: Slot, fatal: boolean | undefined) {
    if (fatal) void replace(slot, 'The script sandbox stopped unexpectedly');
    else pump();
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
      if (queue.length >= SCRIPT_LIMITS.maxQueue) return Promise.resolve(failed('unavailable', 'Too many scripts are waiting to run; try again shortly'));
      const timeLimitMs = Math.max(1, Math.round(request.timeLimitMs ?? config.scriptTimeLimitMs));
      return new Promise<RunResult>((resolve) => {
        queue.push({ runId: nextRunId++, request, timeLimitMs, resolve, reads: new Set() });
        ensureSlots();
        pump();
      });
    },
    async close() {
      if (closed) return;
      closed = true;
      for (const run of queue.splice(0)) run.resolve(failed('unavailable', 'The script sandbox is shut down'));
      await Promise.all([...slots].map((slot) => replace(slot, 'The script sandbox is shut down')));
    },
  };
}
