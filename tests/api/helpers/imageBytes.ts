import { crc32 } from 'node:zlib';
import { encode } from 'fast-png';

/**
 * Image files made byte by byte, so a test controls exactly what their headers declare and how
 * long they are. Padding goes where every decoder skips it: a private ancillary PNG chunk, JPEG
 * comment segments.
 */

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
/** Length, type and CRC around a PNG chunk's data. */
const PNG_CHUNK_OVERHEAD = 12;

export function pngChunk(type: string, data: Uint8Array): Buffer {
  const typed = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed));
  return Buffer.concat([length, typed, crc]);
}

/** A real, decodable RGB PNG of `width` × `height`, a colour gradient. */
export function pngOf(width: number, height: number): Buffer {
  const data = new Uint8Array(width * height * 3).map((_, i) => [(i * 7) % 256, 120, 40][i % 3]!);
  return Buffer.from(encode({ width, height, data, channels: 3 }));
}

/**
 * A PNG whose IHDR declares `width` × `height` (8-bit RGBA) with a few bytes of IDAT: small on the
 * wire, width × height × 4 bytes for anything that decodes it.
 */
export function pngDeclaring(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 6, 0, 0, 0], 8);
  const idat = Buffer.from('789c030000000001', 'hex'); // zlib of nothing
  return Buffer.concat([PNG_SIGNATURE, pngChunk('IHDR', ihdr), pngChunk('IDAT', idat), pngChunk('IEND', new Uint8Array())]);
}

/** `png` grown to exactly `size` bytes by a private ancillary chunk ("paDd") before its IEND. */
export function pngOfSize(size: number, png: Buffer = pngOf(8, 8)): Buffer {
  const iend = png.length - PNG_CHUNK_OVERHEAD;
  const padding = size - png.length - PNG_CHUNK_OVERHEAD;
  if (padding < 0) throw new Error(`a PNG of ${size} bytes cannot hold ${png.length} bytes of picture`);
  return Buffer.concat([png.subarray(0, iend), pngChunk('paDd', Buffer.alloc(padding, 0x20)), png.subarray(iend)]);
}

/** A COM segment is 4 bytes of marker and length, then at most 65,533 bytes of data. */
const MAX_SEGMENT_BYTES = 0xffff + 2;

/** Comment segments of `bytes` in all (0, or at least 4): as few as hold them, of near-equal sizes. */
function commentSegments(bytes: number): Buffer[] {
  const count = Math.ceil(bytes / MAX_SEGMENT_BYTES);
  return Array.from({ length: count }, (_, i) => {
    const total = Math.floor(bytes / count) + (i < bytes % count ? 1 : 0);
    const length = total - 2;
    return Buffer.concat([Buffer.from([0xff, 0xfe, length >> 8, length & 0xff]), Buffer.alloc(total - 4, 0x20)]);
  });
}

/** `jpeg` grown to exactly `size` bytes by comment (COM) segments right after its SOI marker. */
export function jpegOfSize(size: number, jpeg: Buffer): Buffer {
  const padding = size - jpeg.length;
  if (padding !== 0 && padding < 4) throw new Error(`a JPEG of ${size} bytes cannot be made from one of ${jpeg.length}`);
  return Buffer.concat([jpeg.subarray(0, 2), ...commentSegments(padding), jpeg.subarray(2)]);
}

/**
 * A baseline JPEG whose SOF0 declares `width` × `height` (3 components), with a start of scan and
 * no scan data: its header and nothing more.
 */
export function jpegDeclaring(width: number, height: number): Buffer {
  const sof = [0xff, 0xc0, 0x00, 0x11, 8, height >> 8, height & 0xff, width >> 8, width & 0xff, 3, 1, 0x22, 0, 2, 0x11, 0, 3, 0x11, 0];
  const sos = [0xff, 0xda, 0x00, 0x0c, 3, 1, 0x00, 2, 0x11, 3, 0x11, 0, 0x3f, 0];
  return Buffer.from([0xff, 0xd8, ...sof, ...sos, 0xff, 0xd9]);
}

/** A lossless WebP (VP8L) header declaring `width` × `height` (each 1…16384). */
export function webpDeclaring(width: number, height: number): Buffer {
  const bits = (width - 1) | ((height - 1) << 14);
  const vp8l = Buffer.from([0x2f, bits & 0xff, (bits >> 8) & 0xff, (bits >> 16) & 0xff, (bits >> 24) & 0xff, 0, 0, 0]);
  const chunk = Buffer.concat([Buffer.from('VP8L', 'latin1'), Buffer.from([vp8l.length, 0, 0, 0]), vp8l]);
  const riffSize = Buffer.alloc(4);
  riffSize.writeUInt32LE(4 + chunk.length);
  return Buffer.concat([Buffer.from('RIFF', 'latin1'), riffSize, Buffer.from('WEBP', 'latin1'), chunk]);
}
