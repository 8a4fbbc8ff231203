import { eq } from 'drizzle-orm';
import type { AuthUser } from '../auth/access';
import type { Database } from '../db/client';
import { files } from '../db/schema';
import { mayReadFile } from '../modules/files/fileAccess';
import { DOCUMENT_LIMITS, type DocumentModel } from '../../common/reports/documentModel';
import { ReportModelError, type ReportImage } from './reportTypes';

/** Width and height in pixels of a PNG or JPEG, read from its header; null when it is neither or broken. */
export function imageSize(bytes: Uint8Array): { type: 'png' | 'jpeg'; width: number; height: number } | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (bytes.length >= 24 && view.getUint32(0) === 0x89504e47 && view.getUint32(4) === 0x0d0a1a0a) {
    const width = view.getUint32(16);
    const height = view.getUint32(20);
    return width > 0 && height > 0 ? { type: 'png', width, height } : null;
  }
  if (bytes.length < 4 || bytes[0] !== 0xff || bytes[1] !== 0xd8) return null;
  let at = 2;
  while (at + 9 < bytes.length) {
    if (bytes[at] !== 0xff) return null;
    const marker = bytes[at + 1] as number;
    if (marker === 0xff) {
      at += 1;
      continue;
    }
    const length = view.getUint16(at + 2);
    // SOF0…SOF15 hold the frame size, except DHT (C4), JPG (C8) and DAC (CC).
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      const height = view.getUint16(at + 5);
      const width = view.getUint16(at + 7);
      return width > 0 && height > 0 ? { type: 'jpeg', width, height } : null;
    }
    at += 2 + length;
  }
  return null;
}

function decoded(bytes: Uint8Array, path: string, caption: string | undefined): ReportImage {
  if (bytes.length > DOCUMENT_LIMITS.imageBytes) throw new ReportModelError(`${path} is larger than ${DOCUMENT_LIMITS.imageBytes / 1_048_576} MB`);
  const size = imageSize(bytes);
  if (!size) throw new ReportModelError(`${path} is not a PNG or JPEG image`);
  return { data: Buffer.from(bytes), ...size, ...(caption === undefined ? {} : { caption }) };
}

/**
 * The model's images as bytes: data URLs decoded, file ids read from the database when the calling
 * user may read the file (DESIGN §9). Anything else is the script's fault (422 naming the image).
 */
export async function loadReportImages(model: DocumentModel, db: Database, user: AuthUser): Promise<ReportImage[]> {
  const images: ReportImage[] = [];
  for (const [index, image] of (model.images ?? []).entries()) {
    const path = `images[${index}]`;
    if (image.dataUrl !== undefined) {
      const base64 = image.dataUrl.slice(image.dataUrl.indexOf(',') + 1);
      images.push(decoded(Buffer.from(base64, 'base64'), `${path}.dataUrl`, image.caption));
      continue;
    }
    const [file] = await db.select().from(files).where(eq(files._id, image.fileId));
    if (!file || !mayReadFile(file, user)) throw new ReportModelError(`${path}.fileId: no file ${image.fileId} that you may read`);
    images.push(decoded(file.data, `${path}.fileId`, image.caption));
  }
  return images;
}
