import { IMAGE_UPLOAD_MAX_BYTES } from '../../../common/constants';
import { drawArrows, type Arrow } from './arrows';

/** Bytes of the picture a data URL carries (base64: 4 characters for 3 bytes). */
const bytesOf = (dataUrl: string) => Math.floor(((dataUrl.length - dataUrl.indexOf(',') - 1) * 3) / 4);

/**
 * The real image with its arrows, at the picture's own size and each arrow's own line width (as it
 * was seen on screen, arrows.ts), as a JPEG data URL for PUT
 * thermographyNote/{id}/realImage (spec §4). The quality steps down until it fits the 1 MB image
 * limit (spec §9): a 2048 px camera picture at full quality can be larger.
 */
export function editedPictureDataUrl(bitmap: ImageBitmap, arrows: readonly Arrow[]): string {
  const canvas = document.createElement('canvas');
  canvas.width = bitmap.width;
  canvas.height = bitmap.height;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('This browser cannot draw pictures');
  context.drawImage(bitmap, 0, 0);
  drawArrows(context, arrows, Math.max(bitmap.width, bitmap.height));
  let dataUrl = '';
  for (const quality of [0.92, 0.85, 0.75, 0.6, 0.45]) {
    dataUrl = canvas.toDataURL('image/jpeg', quality);
    if (bytesOf(dataUrl) <= IMAGE_UPLOAD_MAX_BYTES) break;
  }
  return dataUrl;
}
