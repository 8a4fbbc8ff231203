import { inflateSync } from 'node:zlib';
import { ByteView } from './byteView';
import { FlirReadError } from './flirReadError';
import { FLIR_LIMITS } from './limits';

/** A decoded PNG: rows of `width × channels` samples, 16-bit samples as two bytes, high byte first (as PNG stores them). */
export interface DecodedPng {
  width: number;
  height: number;
  channels: number;
  depth: 8 | 16;
  data: Uint8Array;
}

export const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const CHANNELS: Record<number, number> = { 0: 1, 2: 3, 4: 2, 6: 4 };

export const isPng = (bytes: Uint8Array) => PNG_SIGNATURE.every((byte, i) => bytes[i] === byte);

/** A PNG the reader understands but does not handle (interlaced, palette, under 8 bits): not damage. */
export class UnsupportedPngError extends Error {}

/**
 * Decodes the PNGs FLIR cameras write (non-interlaced, 8 or 16 bits, grey or colour, with or
 * without alpha). Written here rather than handed to a general decoder so its cost is bounded
 * before any work: the size is checked against FLIR_LIMITS from the header, and the compressed
 * data is inflated with a cap of exactly the size the header announces, so a "zip bomb" stops
 * at that size instead of filling memory.
 */
export function decodePng(bytes: Uint8Array, what: string): DecodedPng {
  const damaged = () => new FlirReadError(`The ${what} is truncated or damaged.`);
  if (!isPng(bytes)) throw damaged();
  const view = new ByteView(bytes, false, what);
  let pos = PNG_SIGNATURE.length;
  let header: { width: number; height: number; depth: number; colourType: number; interlace: number } | null = null;
  const idat: Uint8Array[] = [];
  for (let chunks = 0; ; chunks++) {
    if (chunks >= FLIR_LIMITS.maxPngChunks) throw damaged();
    const length = view.u32(pos);
    const type = view.u32(pos + 4);
    const data = view.slice(pos + 8, length);
    view.slice(pos + 8 + length, 4); // the CRC must be there; zlib's own checksum guards the pixels
    pos += 12 + length;
    if (type === 0x49484452 /* IHDR */) {
      if (length < 13) throw damaged();
      const ihdr = new ByteView(data, false, what);
      header = { width: ihdr.u32(0), height: ihdr.u32(4), depth: ihdr.u8(8), colourType: ihdr.u8(9), interlace: ihdr.u8(12) };
    } else if (type === 0x49444154 /* IDAT */) {
      idat.push(data);
    } else if (type === 0x49454e44 /* IEND */) {
      break;
    }
  }
  if (!header || idat.length === 0) throw damaged();
  const { width, height, depth, colourType, interlace } = header;
  const channels = CHANNELS[colourType];
  if (interlace !== 0 || !channels || (depth !== 8 && depth !== 16)) throw new UnsupportedPngError(`${what}: unsupported PNG layout`);
  if (width < 1 || height < 1 || width > FLIR_LIMITS.maxImageSide || height > FLIR_LIMITS.maxImageSide || width * height > FLIR_LIMITS.maxImagePixels) {
    throw new FlirReadError(`The ${what} is larger than this reader accepts.`);
  }
  const pixelBytes = (channels * depth) / 8;
  const rowBytes = width * pixelBytes;
  const expected = height * (rowBytes + 1);
  let filtered: Uint8Array;
  try {
    filtered = inflateSync(concat(idat), { maxOutputLength: expected });
  } catch {
    throw damaged();
  }
  if (filtered.length !== expected) throw damaged();
  return { width, height, channels, depth, data: unfilter(filtered, height, rowBytes, pixelBytes, damaged) };
}

function concat(parts: Uint8Array[]): Uint8Array {
  if (parts.length === 1) return parts[0]!;
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

/** Undoes PNG's per-row filters (None, Sub, Up, Average, Paeth) into a fresh buffer; one loop per filter keeps it quick. */
function unfilter(filtered: Uint8Array, height: number, rowBytes: number, bpp: number, damaged: () => Error): Uint8Array {
  const out = new Uint8Array(height * rowBytes);
  const zeroRow = new Uint8Array(rowBytes);
  for (let y = 0; y < height; y++) {
    const start = y * (rowBytes + 1);
    const src = filtered.subarray(start + 1, start + 1 + rowBytes);
    const row = out.subarray(y * rowBytes, (y + 1) * rowBytes);
    const up = y > 0 ? out.subarray((y - 1) * rowBytes, y * rowBytes) : zeroRow;
    switch (filtered[start]) {
      case 0:
        row.set(src);
        break;
      case 1:
        for (let x = 0; x < rowBytes; x++) row[x] = src[x]! + (x >= bpp ? row[x - bpp]! : 0);
        break;
      case 2:
        for (let x = 0; x < rowBytes; x++) row[x] = src[x]! + up[x]!;
        break;
      case 3:
        for (let x = 0; x < rowBytes; x++) row[x] = src[x]! + (((x >= bpp ? row[x - bpp]! : 0) + up[x]!) >> 1);
        break;
      case 4:
        for (let x = 0; x < rowBytes; x++) {
          const left = x >= bpp ? row[x - bpp]! : 0;
          const above = up[x]!;
          const upLeft = x >= bpp ? up[x - bpp]! : 0;
          const p = left + above - upLeft;
          const pa = Math.abs(p - left);
          const pb = Math.abs(p - above);
          const pc = Math.abs(p - upLeft);
          row[x] = src[x]! + (pa <= pb && pa <= pc ? left : pb <= pc ? above : upLeft);
        }
        break;
      default:
        throw damaged();
    }
  }
  return out;
}
