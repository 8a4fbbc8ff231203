import { Worker } from 'node:worker_threads';
import { FlirReadError } from './flirReadError';
import { FLIR_LIMITS } from './limits';
import type { FlirReading } from './flirReading';

const workerUrl = new URL('./flirWorker.mjs', import.meta.url);

type WorkerMessage =
  | { type: 'ready' }
  | { type: 'done'; id: number; ok: true; reading: FlirReading }
  | { type: 'done'; id: number; ok: false; message: string };

interface Job {
  id: number;
  bytes: Uint8Array<ArrayBuffer>;
  resolve: (reading: FlirReading) => void;
  reject: (error: Error) => void;
}

interface Slot {
  worker: Worker;
  /** The reader is loaded in the thread: a job's time limit runs from then on, not from the thread's start. */
  ready: boolean;
  job: Job | null;
  timer: NodeJS.Timeout | null;
}

export interface FlirReaderPool {
  read(bytes: Uint8Array): Promise<FlirReading>;
  close(): Promise<void>;
}

export interface FlirReaderPoolOptions {
  /** Threads reading at once; further reads wait their turn (default 2). */
  workers?: number;
  /** A read still running after this is stopped: its thread is terminated and replaced (default FLIR_LIMITS.timeLimitMs). */
  timeLimitMs?: number;
}

const TOO_SLOW = 'Reading the FLIR data took too long; the file may be damaged.';
const CRASHED = 'The FLIR data in this file could not be read.';
const CLOSED = 'The FLIR reader is closed.';
/** Loading the reader into a new thread (tsx compiling it) gets this long before a read's own limit starts. */
const STARTUP_ALLOWANCE_MS = 15_000;

/**
 * A small pool of reader threads, started on demand and unreferenced while idle (they never keep
 * the process alive). Each read has a time limit and each thread a heap limit; a thread that
 * passes either is terminated, its read fails with a FlirReadError, and the next read starts a
 * fresh one: a hostile file can neither block the event loop nor hang the server.
 */
export function createFlirReaderPool(options: FlirReaderPoolOptions = {}): FlirReaderPool {
  const maxWorkers = Math.max(1, options.workers ?? 2);
  const timeLimitMs = options.timeLimitMs ?? FLIR_LIMITS.timeLimitMs;
  const slots: Slot[] = [];
  const waiting: Job[] = [];
  let seq = 0;
  let closed = false;

  /** Drops a thread (after a time-out, a crash or its exit), failing the read it had. */
  function retire(slot: Slot, message: string) {
    const index = slots.indexOf(slot);
    if (index < 0) return;
    slots.splice(index, 1);
    if (slot.timer) clearTimeout(slot.timer);
    slot.job?.reject(new FlirReadError(message));
    slot.job = null;
    void slot.worker.terminate();
    dispatch();
  }

  function startTimer(slot: Slot, ms: number) {
    if (slot.timer) clearTimeout(slot.timer);
    slot.timer = setTimeout(() => retire(slot, TOO_SLOW), ms);
  }

  function finish(slot: Slot, message: Extract<WorkerMessage, { type: 'done' }>) {
    const job = slot.job;
    if (!job || job.id !== message.id) return;
    if (slot.timer) clearTimeout(slot.timer);
    slot.job = null;
    slot.timer = null;
    slot.worker.unref();
    if (message.ok) job.resolve(message.reading);
    else job.reject(new FlirReadError(message.message));
    dispatch();
  }

  function startWorker(): Slot {
    const worker = new Worker(workerUrl, { resourceLimits: { maxOldGenerationSizeMb: FLIR_LIMITS.workerHeapMb } });
    const slot: Slot = { worker, ready: false, job: null, timer: null };
    worker.on('message', (message: WorkerMessage) => {
      if (message.type === 'done') return finish(slot, message);
      slot.ready = true;
      if (slot.job) startTimer(slot, timeLimitMs);
    });
    // A thread that dies (out of its heap, or any other failure) takes only its own read with it.
    worker.on('error', () => retire(slot, CRASHED));
    worker.on('exit', () => retire(slot, CRASHED));
    slots.push(slot);
    return slot;
  }

  function run(slot: Slot, job: Job) {
    slot.job = job;
    slot.worker.ref();
    startTimer(slot, slot.ready ? timeLimitMs : timeLimitMs + STARTUP_ALLOWANCE_MS);
    slot.worker.postMessage({ id: job.id, bytes: job.bytes }, [job.bytes.buffer]);
  }

  function dispatch() {
    while (waiting.length > 0 && !closed) {
      const slot = slots.find((candidate) => candidate.job === null) ?? (slots.length < maxWorkers ? startWorker() : null);
      if (!slot) return;
      run(slot, waiting.shift()!);
    }
  }

  return {
    read(bytes) {
      if (closed) return Promise.reject(new FlirReadError(CLOSED));
      if (bytes.length > FLIR_LIMITS.maxFileBytes) return Promise.reject(new FlirReadError('The file is too large to read.'));
      return new Promise<FlirReading>((resolve, reject) => {
        // A copy of its own: the caller keeps its bytes, and the copy's buffer moves to the thread.
        const copy = new Uint8Array(bytes.length);
        copy.set(bytes);
        waiting.push({ id: ++seq, bytes: copy, resolve, reject });
        dispatch();
      });
    },
    async close() {
      closed = true;
      for (const job of waiting.splice(0)) job.reject(new FlirReadError(CLOSED));
      await Promise.all(
        slots.splice(0).map((slot) => {
          if (slot.timer) clearTimeout(slot.timer);
          slot.job?.reject(new FlirReadError(CLOSED));
          slot.job = null;
          return slot.worker.terminate();
        }),
      );
    },
  };
}
