import sharp from 'sharp';
import { HttpError } from '../../http/errors';
import { IMAGE_MAX_PIXELS } from '../../../common/constants';

export interface ImageSize {
  width: number;
  height: number;
}

/**
 * Width and height as a JPEG (SOF), PNG (IHDR) or WebP (VP8/VP8L/VP8X) header declares them, read
 * without decoding a pixel; null when no such header can be read. Sharp's own pixel limit is off
 * here, so a header past it still tells its size and the refusal can say it.
 */
export async function declaredImageSize(bytes: Uint8Array): Promise<ImageSize | null> {
  try {
    const { width, height } = await sharp(bytes, { limitInputPixels: false }).metadata();
    return width > 0 && height > 0 ? { width, height } : null;
  } catch {
    return null;
  }
}

const megapixels = (pixels: number) => `${Math.round(pixels / 100_000) / 10} megapixels`;

export const IMAGE_MAX_MEGAPIXELS = `${IMAGE_MAX_PIXELS / 1_000_000} megapixels`;

/**
 * 413 for a picture past IMAGE_MAX_PIXELS, naming `field`; 400 for one whose header cannot be read,
 * as its size is then unknown (a damaged file, as the FLIR reader calls a damaged camera file).
 * `what` names the picture in the message when it is not the field itself.
 */
export async function checkImagePixels(bytes: Uint8Array, field: string, what: string = field): Promise<ImageSize> {
  const size = await declaredImageSize(bytes);
  if (!size) {
    const message = `${what} could not be read: its image header is damaged`;
    throw new HttpError(400, message, { [field]: message });
  }
  if (size.width * size.height > IMAGE_MAX_PIXELS) {
    const message = `${what} is ${size.width} × ${size.height} pixels (${megapixels(size.width * size.height)}); the limit is ${IMAGE_MAX_MEGAPIXELS}`;
    throw new HttpError(413, message, { [field]: message });
  }
  return size;
}
