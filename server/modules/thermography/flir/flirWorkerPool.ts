import { Worker } from 'node:worker_threads';
import { FlirReadError } from './flirReadError';
import { FLIR_LIMITS } from './limits';
import type { FlirReading } from './readFlir';

const workerUrl = new URL('./flirWorker.mjs', import.meta.url);

type WorkerAnswer = { id: number; ok: true; reading: FlirReading } | { id: number; ok: false; message: string };

interface Job {
  id: number;
  bytes: Uint8Array<ArrayBuffer>;
  resolve: (reading: FlirReading) => void;
  reject: (error: Error) => void;
}

interface Slot {
  worker: Worker;
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

/**
 * A small pool of reader threads, started on demand and unreferenced while idle (they never keep
 * the process alive). Each read has a time limit and the thread a heap limit; a thread that
 * passes either is terminated, its read fails with a FlirReadError, and the next read starts a
 * fresh one — a hostile file can neither block the event loop nor hang the server.
 */
export function createFlirReaderPool(options: FlirReaderPoolOptions = {}): FlirReaderPool {
  const maxWorkers = Math.max(1, options.workers ?? 2);
  const timeLimitMs = options.timeLimitMs ?? FLIR_LIMITS.timeLimitMs;
  const slots: Slot[] = [];
  const waiting: Job[] = [];
  let seq = 0;
  let closed = false;

  function retire(slot: Slot, error: Error | null) {
    const index = slots.indexOf(slot);
    if (index >= 0) slots.splice(index, 1);
    if (slot.timer) clearTimeout(slot.timer);
    const job = slot.job;
    slot.job = null;
    void slot.worker.terminate();
    if (job && error) job.reject(error);
    dispatch();
  }

  function startWorker(): Slot {
    const worker = new Worker(workerUrl, { resourceLimits: { maxOldGenerationSizeMb: FLIR_LIMITS.workerHeapMb } });
    const slot: Slot = { worker, job: null, timer: null };
    worker.on('message', (answer: WorkerAnswer) => {
      const job = slot.job;
      if (!job || job.id !== answer.id) return;
      if (slot.timer) clearTimeout(slot.timer);
      slot.job = null;
      slot.timer = null;
      worker.unref();
      if (answer.ok) job.resolve(answer.reading);
      else job.reject(new FlirReadError(answer.message));
      dispatch();
    });
    // A thread that dies (out of its heap, or any other failure) takes only its own read with it.
    worker.on('error', () => retire(slot, new FlirReadError(CRASHED)));
    worker.on('exit', () => retire(slot, new FlirReadError(CRASHED)));
    slots.push(slot);
    return slot;
  }

  function run(slot: Slot, job: Job) {
    slot.job = job;
    slot.worker.ref();
    slot.timer = setTimeout(() => retire(slot, new FlirReadError(TOO_SLOW)), timeLimitMs);
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
      if (closed) return Promise.reject(new FlirReadError('The FLIR reader is closed.'));
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
      const stopping = slots.splice(0).map((slot) => {
        if (slot.timer) clearTimeout(slot.timer);
        slot.job?.reject(new FlirReadError('The FLIR reader is closed.'));
        slot.job = null;
        return slot.worker.terminate();
      });
      for (const job of waiting.splice(0)) job.reject(new FlirReadError('The FLIR reader is closed.'));
      await Promise.all(stopping);
    },
  };
}
