import { createWorkerPool, PoolClosedError, TaskTimeoutError } from '../../../workers/workerPool';
import type { FlirReading } from './flirReading';
import { FlirReadError } from './flirReadError';
import type { default as readInThread, FlirTask } from './flirTask';
import { FLIR_LIMITS } from './limits';

export { FlirReadError, FlirSettingsError } from './flirReadError';
export { isJpeg } from './jpegSegments';
export { recomputeMeasurements } from './radiometry';
export type { AtmosphereConstants, ObjectSettings, PlanckConstants, RadiometryData } from './radiometryTypes';

const TOO_SLOW = 'Reading the FLIR data took too long; the file may be damaged.';
const CRASHED = 'The FLIR data in this file could not be read.';
const CLOSED = 'The FLIR reader is closed.';

/**
 * The FLIR reader's threads (server/workers/workerPool.ts, task flirTask.ts), started on demand
 * and unreferenced while idle (they never keep the process alive). Each read has a time limit,
 * counted from the moment its thread starts it, and each thread a heap limit; a thread that passes
 * either is terminated, its read fails with a FlirReadError, and a fresh thread takes the next
 * read: a hostile file can neither block the event loop nor hang the server. `workers`: reads at
 * once, the others wait their turn (default 2); `timeLimitMs`: default FLIR_LIMITS.timeLimitMs.
 */
export function createFlirReaderPool(options: { workers?: number; timeLimitMs?: number } = {}) {
  const pool = createWorkerPool<typeof readInThread>({
    task: new URL('./flirTask.ts', import.meta.url),
    maxThreads: Math.max(1, options.workers ?? 2),
    maxHeapMb: FLIR_LIMITS.workerHeapMb,
  });
  const timeLimit = { ms: options.timeLimitMs ?? FLIR_LIMITS.timeLimitMs, message: TOO_SLOW };

  async function read(bytes: Uint8Array, keepRaw = false, measure?: FlirTask['measure']): Promise<FlirReading> {
    if (bytes.length > FLIR_LIMITS.maxFileBytes) throw new FlirReadError('The file is too large to read.');
    // A copy of its own: the caller keeps its bytes, and the copy's buffer moves to the thread.
    const copy = new Uint8Array(bytes.length);
    copy.set(bytes);
    let outcome;
    try {
      outcome = await pool.run({ bytes: copy, keepRaw, measure }, { transferList: [copy.buffer], timeLimit });
    } catch (error) {
      if (error instanceof TaskTimeoutError) throw new FlirReadError(error.message);
      // A thread that dies (out of its heap, or any other failure) takes only its own read with it.
      throw new FlirReadError(error instanceof PoolClosedError ? CLOSED : CRASHED);
    }
    if (!outcome.ok) throw new FlirReadError(outcome.message);
    return outcome.reading;
  }

  return { read, close: () => pool.close() };
}

let pool: ReturnType<typeof createFlirReaderPool> | null = null;

/**
 * Reads a FLIR radiometric JPEG in a reader thread (never on the event loop). A JPEG without
 * FLIR data answers `isFlir: false` with empty extras. Throws FlirReadError (its `.message` in
 * plain words) on a file that is not a JPEG, is truncated or damaged, or takes too long.
 */
export async function readFlirJpeg(bytes: Uint8Array): Promise<FlirReading> {
  pool ??= createFlirReaderPool();
  return pool.read(bytes);
}

/** As readFlirJpeg, with `tools` measured on the picture under `settings` (`measuredTools`, when the file has radiometry). */
export async function readFlirMeasuring(bytes: Uint8Array, measure: NonNullable<FlirTask['measure']>): Promise<FlirReading> {
  pool ??= createFlirReaderPool();
  return pool.read(bytes, false, measure);
}

/** As readFlirJpeg, with every pixel's raw value (`rawImage`) when the file has radiometry: a painted picture's data. */
export async function readFlirRaw(bytes: Uint8Array): Promise<FlirReading> {
  pool ??= createFlirReaderPool();
  return pool.read(bytes, true);
}

/** Stops the reader threads (they are unreferenced while idle, so this is only for tidy shutdowns). */
export async function closeFlirReader(): Promise<void> {
  const current = pool;
  pool = null;
  await current?.close();
}
