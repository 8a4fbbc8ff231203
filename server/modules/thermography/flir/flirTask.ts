import { transferred } from '../../../workers/workerPool';
import { extractFlir } from './extract';
import { FlirReadError } from './flirReadError';
import type { FlirReading } from './flirReading';

export type FlirTaskOutcome = { ok: true; reading: FlirReading } | { ok: false; message: string };

const UNREADABLE = 'The FLIR data in this file could not be read.';

/**
 * One read in a FLIR reader thread (readFlir.ts): parsing a radiometric JPEG (inflating its
 * raw thermal PNG, scanning every pixel) is synchronous work, so it runs there, off the server's
 * event loop, where a file built to be slow can be stopped by terminating the thread. The
 * embedded picture's bytes move to the caller rather than being copied.
 */
export default function readInThread(bytes: Uint8Array) {
  let outcome: FlirTaskOutcome;
  try {
    outcome = { ok: true, reading: extractFlir(bytes) };
  } catch (error) {
    // extractFlir only throws FlirReadError, whose message is meant for the user.
    outcome = { ok: false, message: error instanceof FlirReadError ? error.message : UNREADABLE };
  }
  const image = outcome.ok ? outcome.reading.realImage : null;
  if (!image) return transferred(outcome, []);
  const owned = image.bytes.byteOffset === 0 && image.bytes.byteLength === image.bytes.buffer.byteLength;
  if (!owned) image.bytes = image.bytes.slice();
  return transferred(outcome, [image.bytes.buffer as ArrayBuffer]);
}
