import { FlirReadError } from './flirReadError';
import type { JpegSegment } from './jpegSegments';

const APP1 = 0xe1;
const FLIR_SIGNATURE = [0x46, 0x4c, 0x49, 0x52, 0x00]; // "FLIR\0"
const CHUNK_HEADER_BYTES = 8;

const isFlirSegment = (segment: JpegSegment) =>
  segment.marker === APP1 && segment.data.length >= CHUNK_HEADER_BYTES && FLIR_SIGNATURE.every((byte, i) => segment.data[i] === byte);

/**
 * The FFF block carried by the FLIR APP1 segments, or null when there are none. Each segment is
 * `FLIR\0`, one byte we do not use, its index and the last index (one byte each), then its part
 * of the block; the parts are joined in index order. Every index from 0 to the last must be
 * there exactly once and all segments must agree on the last index.
 */
export function joinFlirChunks(segments: JpegSegment[]): Uint8Array | null {
  const flir = segments.filter(isFlirSegment);
  if (flir.length === 0) return null;
  const damaged = (why: string) => new FlirReadError(`The FLIR data in this file is incomplete or damaged (${why}).`);
  const lastIndex = flir[0]!.data[7]!;
  const parts: (Uint8Array | undefined)[] = new Array(lastIndex + 1);
  for (const segment of flir) {
    const index = segment.data[6]!;
    if (segment.data[7] !== lastIndex) throw damaged('the segments disagree on their count');
    if (index > lastIndex) throw damaged(`segment ${index + 1} of ${lastIndex + 1}`);
    if (parts[index]) throw damaged(`segment ${index + 1} appears twice`);
    parts[index] = segment.data.subarray(CHUNK_HEADER_BYTES);
  }
  let total = 0;
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i];
    if (!part) throw damaged(`segment ${i + 1} of ${parts.length} is missing`);
    total += part.length;
  }
  const block = new Uint8Array(total);
  let at = 0;
  for (const part of parts as Uint8Array[]) {
    block.set(part, at);
    at += part.length;
  }
  return block;
}
