import { createFlirReaderPool, type FlirReaderPool } from './flirWorkerPool';
import type { FlirReading } from './flirReading';

export { FlirReadError, FlirSettingsError } from './flirReadError';
export { isJpeg } from './jpegSegments';
export { recomputeMeasurements } from './radiometry';
export type { AtmosphereConstants, ObjectSettings, PlanckConstants, RadiometryData } from './radiometryTypes';

let pool: FlirReaderPool | null = null;

/**
 * Reads a FLIR radiometric JPEG in a reader thread (never on the event loop). A JPEG without
 * FLIR data answers `isFlir: false` with empty extras. Throws FlirReadError (its `.message` in
 * plain words) on a file that is not a JPEG, is truncated or damaged, or takes too long.
 */
export async function readFlirJpeg(bytes: Uint8Array): Promise<FlirReading> {
  pool ??= createFlirReaderPool();
  return pool.read(bytes);
}

/** Stops the reader threads (they are unreferenced while idle, so this is only for tidy shutdowns). */
export async function closeFlirReader(): Promise<void> {
  const current = pool;
  pool = null;
  await current?.close();
}
