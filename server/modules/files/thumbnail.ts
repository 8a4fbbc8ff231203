import sharp from 'sharp';
import { HttpError } from '../../http/errors';
import { IMAGE_MAX_PIXELS, THUMBNAIL_MAX_SIDE } from '../../../common/constants';
import { checkImagePixels } from './imagePixels';

export const THUMBNAIL_CONTENT_TYPE = 'image/webp';

/**
 * A stored picture scaled to fit THUMBNAIL_MAX_SIDE (never enlarged), turned upright by its EXIF
 * orientation, as WebP (small, and keeps a PNG's transparency), without the original's metadata.
 * A page showing a dozen 48 px pictures then decodes a dozen small images instead of a dozen
 * camera photos. Files stored before uploads were bounded are checked again: one past the pixel
 * bound is refused (413), one whose header cannot be read (400) or that cannot be decoded (415),
 * naming `file`.
 */
export async function makeThumbnail(bytes: Uint8Array): Promise<Buffer> {
  await checkImagePixels(bytes, 'file');
  try {
    return await sharp(bytes, { failOn: 'none', limitInputPixels: IMAGE_MAX_PIXELS })
      .autoOrient()
      .resize(THUMBNAIL_MAX_SIDE, THUMBNAIL_MAX_SIDE, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 80 })
      .toBuffer();
  } catch {
    const message = 'file could not be decoded to make a thumbnail';
    throw new HttpError(415, message, { file: message });
  }
}
