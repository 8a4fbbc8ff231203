import { sniffImageType } from '../../files/imageContent';
import { FlirReadError } from './flirReadError';
import { FLIR_LIMITS } from './limits';

/** An application segment (APP0…APP15) of a JPEG: its marker byte and its data after the length. */
export interface JpegSegment {
  marker: number;
  data: Uint8Array;
}

const SOS = 0xda;
const EOI = 0xd9;
const APP0 = 0xe0;
const APP15 = 0xef;

/** A JPEG by content: the SOI marker followed by the start of another marker (FF D8 FF). */
export function isJpeg(bytes: Uint8Array): boolean {
  return sniffImageType(bytes) === 'image/jpeg';
}

/** Markers that stand alone, without a length: TEM and RST0–RST7. */
const standalone = (marker: number) => marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7);

/**
 * The APPn segments of a JPEG, read from the start of the file up to the start of the image data
 * (SOS). Lengths are checked against the file; a file that ends before its image data, or whose
 * image data never reaches an end marker (EOI), is truncated.
 */
export function readJpegSegments(bytes: Uint8Array): JpegSegment[] {
  if (!isJpeg(bytes)) throw new FlirReadError('The file is not a JPEG picture.');
  const truncated = () => new FlirReadError('The JPEG file is truncated or damaged.');
  const segments: JpegSegment[] = [];
  let pos = 2;
  for (let count = 0; ; count++) {
    if (count >= FLIR_LIMITS.maxJpegSegments) throw new FlirReadError('The JPEG file has too many segments.');
    if (pos >= bytes.length || bytes[pos] !== 0xff) throw truncated();
    while (pos < bytes.length && bytes[pos] === 0xff) pos++; // fill bytes before the marker code
    if (pos >= bytes.length) throw truncated();
    const marker = bytes[pos] as number;
    pos++;
    if (standalone(marker)) continue;
    if (marker === EOI) throw truncated(); // an end before any image data
    if (pos + 2 > bytes.length) throw truncated();
    const length = ((bytes[pos] as number) << 8) | (bytes[pos + 1] as number);
    if (length < 2 || pos + length > bytes.length) throw truncated();
    if (marker === SOS) {
      // Entropy-coded data never holds FF D9 (an FF there is followed by 00 or a restart code).
      if (!hasEndMarkerAfter(bytes, pos + length)) throw truncated();
      return segments;
    }
    if (marker >= APP0 && marker <= APP15) segments.push({ marker, data: bytes.subarray(pos + 2, pos + length) });
    pos += length;
  }
}

function hasEndMarkerAfter(bytes: Uint8Array, from: number): boolean {
  for (let i = bytes.length - 2; i >= from; i--) {
    if (bytes[i] === 0xff && bytes[i + 1] === EOI) return true;
  }
  return false;
}
