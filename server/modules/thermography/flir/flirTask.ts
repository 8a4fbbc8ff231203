import { transferred } from '../../../workers/workerPool';
import { extractFlir } from './extract';
import { FlirReadError } from './flirReadError';
import type { FlirReading } from './flirReading';
import { measureTools, type MeasurementTool } from '../../../../common/thermography/measurementTools';
import type { ObjectSettings } from '../../../../common/thermography/radiometricFormula';

export type FlirTaskOutcome = { ok: true; reading: FlirReading } | { ok: false; message: string };

/** One read: the file, whether every pixel's raw value comes back too (a painted picture's), and tools to measure on it. */
export interface FlirTask {
  bytes: Uint8Array;
  keepRaw: boolean;
  measure?: { tools: MeasurementTool[]; settings: ObjectSettings };
}

const UNREADABLE = 'The FLIR data in this file could not be read.';

/** A buffer that can move to the caller: the view's own, whole. */
function ownBuffer(view: Uint8Array | Uint16Array): ArrayBuffer {
  const whole = view.byteOffset === 0 && view.byteLength === view.buffer.byteLength;
  return (whole ? view : view.slice()).buffer as ArrayBuffer;
}

/**
 * One read in a FLIR reader thread (readFlir.ts): parsing a radiometric JPEG (inflating its
 * raw thermal PNG, scanning every pixel) is synchronous work, so it runs there, off the server's
 * event loop, where a file built to be slow can be stopped by terminating the thread. The
 * embedded picture's bytes and the raw values move to the caller rather than being copied.
 */
export default function readInThread(task: FlirTask) {
  let outcome: FlirTaskOutcome;
  try {
    const reading = extractFlir(task.bytes, { keepRaw: task.keepRaw || task.measure !== undefined });
    // Measured here, off the event loop: a box over the whole picture, per tool settings, is a pass over every pixel.
    if (task.measure && reading.rawImage && reading.radiometry) reading.measuredTools = measureTools(task.measure.tools, reading.rawImage, reading.radiometry, task.measure.settings);
    if (!task.keepRaw) delete reading.rawImage;
    outcome = { ok: true, reading };
  } catch (error) {
    // extractFlir only throws FlirReadError, whose message is meant for the user.
    outcome = { ok: false, message: error instanceof FlirReadError ? error.message : UNREADABLE };
  }
  if (!outcome.ok) return transferred(outcome, []);
  const moved: ArrayBuffer[] = [];
  const { realImage, rawImage } = outcome.reading;
  if (realImage) {
    const buffer = ownBuffer(realImage.bytes);
    realImage.bytes = new Uint8Array(buffer);
    moved.push(buffer);
  }
  if (rawImage) {
    const buffer = ownBuffer(rawImage.values);
    rawImage.values = new Uint16Array(buffer);
    moved.push(buffer);
  }
  return transferred(outcome, moved);
}
