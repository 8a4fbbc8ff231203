import { encode } from 'fast-png';
import { isJpeg } from './jpegSegments';
import { recordView } from './byteView';
import { decodePng, isPng, UnsupportedPngError } from './pngDecode';

export interface EmbeddedPicture {
  bytes: Uint8Array;
  contentType: 'image/jpeg' | 'image/png';
}

const HEADER_BYTES = 0x20;
const WHAT = 'embedded picture';

/**
 * The visible-light picture of the EmbeddedImage record (FFF type 0x0e): a 32-byte header, then a
 * JPEG (kept as is) or a PNG whose three channels hold Y, Cb and Cr (ExifTool's note), which is
 * turned into an RGB PNG so a browser shows it in its true colours. Other content: null.
 */
export function readEmbeddedImage(record: Uint8Array): EmbeddedPicture | null {
  const view = recordView(record, WHAT);
  const data = view.slice(HEADER_BYTES, view.length - HEADER_BYTES);
  if (isJpeg(data)) return { bytes: data.slice(), contentType: 'image/jpeg' };
  if (!isPng(data)) return null;
  let png;
  try {
    png = decodePng(data, WHAT);
  } catch (error) {
    if (error instanceof UnsupportedPngError) return null;
    throw error;
  }
  if (png.depth !== 8 || png.channels < 3) return null;
  const rgb = new Uint8Array(png.width * png.height * 3);
  for (let i = 0, src = 0; i < rgb.length; i += 3, src += png.channels) {
    ycbcrToRgb(png.data[src]!, png.data[src + 1]!, png.data[src + 2]!, rgb, i);
  }
  return { bytes: encode({ width: png.width, height: png.height, data: rgb, channels: 3, depth: 8 }), contentType: 'image/png' };
}

const clamp = (value: number) => (value < 0 ? 0 : value > 255 ? 255 : Math.round(value));

/** Full-range BT.601 (JFIF) conversion. */
export function ycbcrToRgb(y: number, cb: number, cr: number, out: Uint8Array, at: number): void {
  out[at] = clamp(y + 1.402 * (cr - 128));
  out[at + 1] = clamp(y - 0.344136 * (cb - 128) - 0.714136 * (cr - 128));
  out[at + 2] = clamp(y + 1.772 * (cb - 128));
}
