import { ByteView } from './byteView';
import { FlirReadError } from './flirReadError';
import type { JpegSegment } from './jpegSegments';

const APP1 = 0xe1;
const EXIF_SIGNATURE = [0x45, 0x78, 0x69, 0x66, 0x00, 0x00]; // "Exif\0\0"
const TAG_MAKE = 0x010f;
const TAG_MODEL = 0x0110;
const TYPE_ASCII = 2;
const MAX_IFD_ENTRIES = 512;

export interface ExifCamera {
  make: string;
  model: string;
}

/**
 * EXIF Make and Model from the first IFD of the JPEG's Exif segment: a fallback name for cameras
 * that leave the FLIR camera model empty (DJI writes "DJI" / "FLIR"). The EXIF block is optional
 * to the reader, so a damaged one only means no fallback name.
 */
export function readExifCamera(segments: JpegSegment[]): ExifCamera | null {
  const segment = segments.find((s) => s.marker === APP1 && EXIF_SIGNATURE.every((byte, i) => s.data[i] === byte));
  if (!segment) return null;
  try {
    return readIfd0(segment.data.subarray(EXIF_SIGNATURE.length));
  } catch (error) {
    if (error instanceof FlirReadError) return null;
    throw error;
  }
}

function readIfd0(tiff: Uint8Array): ExifCamera | null {
  const order = String.fromCharCode(tiff[0] ?? 0, tiff[1] ?? 0);
  if (order !== 'II' && order !== 'MM') return null;
  const view = new ByteView(tiff, order === 'II', 'EXIF block');
  const ifd = view.u32(4);
  const count = view.u16(ifd);
  if (count > MAX_IFD_ENTRIES) return null;
  const found: Record<number, string> = {};
  for (let i = 0; i < count; i++) {
    const entry = ifd + 2 + i * 12;
    const tag = view.u16(entry);
    if ((tag !== TAG_MAKE && tag !== TAG_MODEL) || view.u16(entry + 2) !== TYPE_ASCII) continue;
    const size = view.u32(entry + 4);
    const at = size <= 4 ? entry + 8 : view.u32(entry + 8);
    found[tag] = view.text(at, Math.min(size, 256));
  }
  return { make: found[TAG_MAKE] ?? '', model: found[TAG_MODEL] ?? '' };
}
