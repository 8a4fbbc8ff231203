import { eq, getTableColumns } from 'drizzle-orm';
import { fileBytes } from '../db/fileBytes';
import type { AuthUser } from '../auth/access';
import type { Database } from '../db/client';
import { files } from '../db/schema';
import { mayReadFile } from '../modules/files/fileAccess';
import { documentImages, DOCUMENT_LIMITS, type DocumentImage, type DocumentModel, type NotePicture } from '../../common/reports/documentModel';
import { ReportModelError, type ReportImage } from './reportTypes';

/** Images read or painted at once: enough to keep the FLIR reader's two threads and sharp's four busy. */
const IMAGES_AT_ONCE = 4;

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

/** A document image's bytes, read and measured; throws ReportModelError naming `path` (at `images[3]`, say) when it cannot be. */
export function decoded(bytes: Uint8Array, path: string, caption: string | undefined): ReportImage {
  if (bytes.length > DOCUMENT_LIMITS.imageBytes) throw new ReportModelError(`${path} is larger than ${DOCUMENT_LIMITS.imageBytes / 1_048_576} MB`);
  const size = imageSize(bytes);
  if (!size) throw new ReportModelError(`${path} is not a PNG or JPEG image`);
  return { data: Buffer.from(bytes), ...size, ...(caption === undefined ? {} : { caption }) };
}

/**
 * A thermography note's picture for a document (DESIGN §16), as the thermography module draws it;
 * ReportModelError naming `path` when there is no such note the user may read, or no such picture.
 */
export type NotePictureSource = (noteId: string, picture: NotePicture, path: string, caption: string | undefined) => Promise<ReportImage>;

/** Where an image of documentImages' order sits in the model, as a script author finds it. */
function imagePaths(model: DocumentModel): string[] {
  const paths = (model.images ?? []).map((_, i) => `images[${i}]`);
  (model.sections ?? []).forEach((section, s) =>
    section.blocks.forEach((block, b) => {
      if ('images' in block) block.images.forEach((_, i) => paths.push(`sections[${s}].blocks[${b}].images[${i}]`));
    }),
  );
  return paths;
}

/**
 * The model's images as bytes, in documentImages' order: data URLs decoded, file ids read from the
 * database when the calling user may read the file (DESIGN §9), a thermography note's pictures
 * from `notePicture`. Anything else is the script's fault (422 naming the image), and so are images
 * larger than DOCUMENT_LIMITS.allImageBytes together.
 */
export async function loadReportImages(model: DocumentModel, db: Database, user: AuthUser, notePicture: NotePictureSource): Promise<ReportImage[]> {
  const paths = imagePaths(model);
  const load = async (image: DocumentImage, path: string): Promise<ReportImage> => {
    if (image.dataUrl !== undefined) {
      const base64 = image.dataUrl.slice(image.dataUrl.indexOf(',') + 1);
      return decoded(Buffer.from(base64, 'base64'), `${path}.dataUrl`, image.caption);
    }
    if (image.thermographyNote !== undefined) return notePicture(image.thermographyNote, image.picture, path, image.caption);
    const [file] = await db.select({ ...getTableColumns(files), data: fileBytes }).from(files).where(eq(files._id, image.fileId));
    if (!file || !mayReadFile(file, user)) throw new ReportModelError(`${path}.fileId: no file ${image.fileId} that you may read`);
    return decoded(file.data, `${path}.fileId`, image.caption);
  };
  const wanted = documentImages(model);
  const images: ReportImage[] = new Array<ReportImage>(wanted.length);
  let bytesLeft: number = DOCUMENT_LIMITS.allImageBytes;
  let next = 0;
  let failed = false;
  // A few at a time: a painted picture waits on the FLIR reader's and sharp's threads, not on this one.
  // The first failure stops the others taking more.
  const worker = async () => {
    while (!failed && next < wanted.length) {
      const index = next++;
      const path = paths[index] as string;
      try {
        const loaded = await load(wanted[index]!, path);
        bytesLeft -= loaded.data.length;
        if (bytesLeft < 0) throw new ReportModelError(`${path}: the images are larger than ${DOCUMENT_LIMITS.allImageBytes / 1_048_576} MB together`);
        images[index] = loaded;
      } catch (error) {
        failed = true;
        throw error;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(IMAGES_AT_ONCE, wanted.length) }, worker));
  return images;
}
