import { recordView } from './byteView';
import { FlirReadError } from './flirReadError';
import { FLIR_LIMITS } from './limits';
import { decodePng, isPng, UnsupportedPngError } from './pngDecode';

/** The raw thermal image: one 16-bit sensor value per pixel, row by row, as the camera stored it. */
export interface RawThermalImage {
  width: number;
  height: number;
  values: Uint16Array;
  format: 'png' | 'uncompressed';
}

const HEADER_BYTES = 0x20;
const WHAT = 'raw thermal data';

/**
 * Reads the RawData record (FFF type 0x01): a 32-byte header (byte-order word, width and height
 * at 2 and 4) followed by either a 16-bit greyscale PNG or bare 16-bit samples in the record's
 * byte order. Answers null for a layout the reader does not handle (then there are no
 * measurements, but the rest of the file is still read); throws on damage.
 */
export function readRawThermal(record: Uint8Array): RawThermalImage | null {
  const view = recordView(record, WHAT);
  const width = view.u16(2);
  const height = view.u16(4);
  const data = view.slice(HEADER_BYTES, view.length - HEADER_BYTES);
  if (isPng(data)) return fromPng(data);
  if (width === 0 || height === 0 || width * height > FLIR_LIMITS.maxImagePixels || width > FLIR_LIMITS.maxImageSide || height > FLIR_LIMITS.maxImageSide) {
    throw new FlirReadError('The raw thermal data is damaged (impossible image size).');
  }
  if (data.length < width * height * 2) throw new FlirReadError('The raw thermal data is truncated or damaged.');
  const values = new Uint16Array(width * height);
  const dv = new DataView(data.buffer, data.byteOffset, values.length * 2);
  for (let i = 0; i < values.length; i++) values[i] = dv.getUint16(i * 2, view.littleEndian);
  return { width, height, values, format: 'uncompressed' };
}

function fromPng(data: Uint8Array): RawThermalImage | null {
  let png;
  try {
    png = decodePng(data, WHAT);
  } catch (error) {
    if (error instanceof UnsupportedPngError) return null;
    throw error;
  }
  if (png.channels !== 1 || png.depth !== 16) return null;
  const count = png.width * png.height;
  const asStored = new Uint16Array(count);
  const swapped = new Uint16Array(count);
  const bytes = png.data;
  for (let i = 0; i < count; i++) {
    const high = bytes[2 * i]!;
    const low = bytes[2 * i + 1]!;
    asStored[i] = (high << 8) | low;
    swapped[i] = (low << 8) | high;
  }
  const values = roughness(swapped, png.width) <= roughness(asStored, png.width) ? swapped : asStored;
  return { width: png.width, height: png.height, values, format: 'png' };
}

/**
 * Mean absolute difference between horizontal neighbours. Most FLIR cameras put little-endian
 * samples in the PNG, which PNG readers take as big-endian; read in the wrong order a picture
 * turns into noise (the low byte, which varies quickly, becomes the high one). The right order
 * is the smooth one: on the fixtures 4–76 against 1,085–9,964 (docs/thermography.md). The
 * RawValueMedian tag the issue suggests is wrong for the FLIR ONE and would pick the noise.
 */
function roughness(values: Uint16Array, width: number): number {
  let total = 0;
  for (let i = 1; i < values.length; i++) {
    if (i % width !== 0) total += Math.abs(values[i]! - values[i - 1]!);
  }
  return total / values.length;
}
