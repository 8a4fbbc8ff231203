import { MessageChannel, receiveMessageOnPort, type MessagePort, type Transferable } from 'node:worker_threads';
import { move, Piscina, transferableSymbol, valueSymbol } from 'piscina';

/** Where every thread starts: tsx's loader, then the pool's task module (workerTask.ts). */
const ENTRY = new URL('./workerEntry.mjs', import.meta.url);

/** A task module's default export: runs one task in its thread. */
export type TaskHandler = (task: never) => unknown;

/** What the pool posts to a thread for one task. */
export interface TaskEnvelope {
  task: unknown;
  /** Told when the thread starts the task (its module loaded): a time limit counts from then. */
  started: MessagePort;
}

declare const transferredValue: unique symbol;
/** A task's value whose buffers move to the caller rather than being copied (`transferred`). */
export interface Transferred<Value> {
  readonly [transferredValue]: Value;
}

/** What `pool.run` answers for a handler: its value, unwrapped from `transferred`. */
export type TaskResult<Handler extends TaskHandler> = Awaited<ReturnType<Handler>> extends Transferred<infer Value> ? Value : Awaited<ReturnType<Handler>>;

/** In a task module: answers `value`, moving the buffers in `transferList` to the caller. */
export function transferred<Value>(value: Value, transferList: Transferable[]): Transferred<Value> {
  return move({ [transferableSymbol]: transferList, [valueSymbol]: value } as never) as unknown as Transferred<Value>;
}

export interface WorkerPoolOptions {
  /** The task module (TypeScript): its default export runs one task. */
  task: URL;
  /**
   * Threads kept while idle, started with the first task (default and least 1: piscina replaces a
   * stopped thread only below its minimum, so with none the tasks waiting would wait for the next).
   */
  minThreads?: number;
  /** Tasks running at once; the others wait for a thread (default 1). */
  maxThreads?: number;
  /** A thread beyond `minThreads` stops after idling this long (default: it stays). */
  idleTimeoutMs?: number;
  /** Heap (old generation) of each thread: a thread past it is terminated and its task fails. */
  maxHeapMb?: number;
  /** A thread failed while holding no task (its module did not load, say). */
  onThreadError?: (error: unknown) => void;
}

export interface TaskOptions {
  /** Moved to the thread rather than copied (buffers, MessagePorts in the task). */
  transferList?: Transferable[];
  /** Past `ms` after the thread started the task, the thread is terminated: TaskTimeoutError(`message`). */
  timeLimit?: { ms: number; message: string };
  /** The thread has started the task, at `startedAt` (Date.now() in the thread); called before its answer is. */
  onStart?: (startedAt: number) => void;
}

/** A task stopped at its time limit; the message is the caller's. */
export class TaskTimeoutError extends Error {
  override readonly name = 'TaskTimeoutError';
}

/** A task refused or ended because its pool was closed. */
export class PoolClosedError extends Error {
  override readonly name = 'PoolClosedError';
  override readonly message = 'The worker pool is closed';
}

export interface WorkerPool<Task, Result> {
  /** Rejects with TaskTimeoutError, PoolClosedError, the task's own error or its thread's (out of heap, say). */
  run(task: Task, options?: TaskOptions): Promise<Result>;
  /** Threads alive or starting. */
  threadCount(): number;
  /** Terminates the threads: running and waiting tasks fail with PoolClosedError. */
  close(): Promise<void>;
}

/**
 * Worker threads on piscina, for work that must stay off the server's event loop or be stoppable:
 * the report renderer, the FLIR reader and the script sandbox (README "Architecture",
 * docs/decisions.md "One worker pool"). Threads start with the first task and never keep the process alive while idle; a
 * thread past a task's time limit or its heap is terminated and replaced.
 */
export function createWorkerPool<Handler extends TaskHandler>(options: WorkerPoolOptions): WorkerPool<Parameters<Handler>[0], TaskResult<Handler>> {
  let piscina: Piscina | null = null;
  let closed = false;

  function start(): Piscina {
    const started = new Piscina({
      filename: ENTRY.href,
      workerData: { task: options.task.href },
      minThreads: Math.max(1, options.minThreads ?? 1),
      maxThreads: options.maxThreads ?? 1,
      idleTimeout: options.idleTimeoutMs ?? Infinity,
      recordTiming: false,
      ...(options.maxHeapMb ? { resourceLimits: { maxOldGenerationSizeMb: options.maxHeapMb } } : {}),
    });
    started.on('error', (error: unknown) => {
      options.onThreadError?.(error);
      dropIfThreadless(started);
    });
    return started;
  }

  /**
   * Once a thread failed as it started, piscina starts no other: when the last one is gone, the
   * tasks still waiting fail ("Terminating worker thread") rather than wait forever, and the next
   * task starts a fresh pool.
   */
  function dropIfThreadless(current: Piscina) {
    if (current.threads.length > 0 || piscina !== current) return;
    piscina = null;
    void current.destroy();
  }

  async function run(task: unknown, { transferList = [], timeLimit, onStart }: TaskOptions = {}): Promise<unknown> {
    if (closed) throw new PoolClosedError();
    const current = (piscina ??= start());
    const abort = new AbortController();
    let timer: NodeJS.Timeout | undefined;
    let started = false;
    const onStarted = (startedAt: number) => {
      if (started) return;
      started = true;
      onStart?.(startedAt);
      if (timeLimit) timer = setTimeout(() => abort.abort(), timeLimit.ms);
    };
    // The thread tells this channel when it starts the task; the other end goes with the task.
    const { port1, port2 } = new MessageChannel();
    port1.once('message', onStarted);
    try {
      const envelope: TaskEnvelope = { task, started: port2 };
      return await current.run(envelope, { signal: abort.signal, transferList: [...transferList, port2] as never });
    } catch (error) {
      if (abort.signal.aborted) throw new TaskTimeoutError(timeLimit?.message);
      if (closed) throw new PoolClosedError();
      dropIfThreadless(current);
      throw error;
    } finally {
      // A quick task's answer can overtake the word that it started (they come on two ports).
      const word = receiveMessageOnPort(port1);
      if (word) onStarted(word.message as number);
      clearTimeout(timer);
      port1.close();
    }
  }

  return {
    run: run as WorkerPool<Parameters<Handler>[0], TaskResult<Handler>>['run'],
    threadCount: () => piscina?.threads.length ?? 0,
    async close() {
      closed = true;
      const current = piscina;
      piscina = null;
      await current?.destroy();
    },
  };
}
