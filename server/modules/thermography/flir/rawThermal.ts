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
  const { width, height, data: bytes } = png;
  const swap = roughness(bytes, width, height, true) <= roughness(bytes, width, height, false);
  const values = new Uint16Array(width * height);
  for (let i = 0; i < values.length; i++) {
    const first = bytes[2 * i]!;
    const second = bytes[2 * i + 1]!;
    values[i] = swap ? (second << 8) | first : (first << 8) | second;
  }
  return { width, height, values, format: 'png' };
}

/** Rows looked at to decide the byte order: plenty for a verdict, bounded for a huge image. */
const SAMPLED_ROWS = 256;

/**
 * Mean absolute difference between horizontal neighbours, over up to SAMPLED_ROWS rows spread
 * through the image, reading each sample high byte first (as PNG stores it) or swapped. Most
 * FLIR cameras put little-endian samples in the PNG, which PNG readers take as big-endian; read
 * in the wrong order a picture turns into noise (the low byte, which varies quickly, becomes the
 * high one). The right order is the smooth one: on the fixtures 4–76 against 1,085–9,964
 * (docs/thermography.md). The RawValueMedian tag the issue suggests is wrong for the FLIR ONE.
 */
function roughness(bytes: Uint8Array, width: number, height: number, swapped: boolean): number {
  const step = Math.max(1, Math.floor(height / SAMPLED_ROWS));
  const [high, low] = swapped ? [1, 0] : [0, 1];
  let total = 0;
  let pairs = 0;
  for (let y = 0; y < height; y += step) {
    const row = y * width * 2;
    let previous = (bytes[row + high]! << 8) | bytes[row + low]!;
    for (let x = 1; x < width; x++) {
      const value = (bytes[row + 2 * x + high]! << 8) | bytes[row + 2 * x + low]!;
      total += Math.abs(value - previous);
      previous = value;
    }
    pairs += width - 1;
  }
  return pairs === 0 ? 0 : total / pairs;
}
