import { IMAGE_UPLOAD_MAX_BYTES } from '../../../common/constants';

/** Why a chosen thermal image cannot go up (spec §5, §9), or null when it can. */
export type ThermalFileProblem = 'not_jpeg' | 'too_large' | null;

/**
 * A JPEG is known by its content, not its name: every JPEG starts with FF D8 FF (SOI and the
 * first marker). The size rule is spec §9's 1,048,576 bytes; the server repeats both (DESIGN §8).
 */
export async function thermalFileProblem(file: Blob): Promise<ThermalFileProblem> {
  const head = new Uint8Array(await file.slice(0, 3).arrayBuffer());
  if (head.length < 3 || head[0] !== 0xff || head[1] !== 0xd8 || head[2] !== 0xff) return 'not_jpeg';
  if (file.size > IMAGE_UPLOAD_MAX_BYTES) return 'too_large';
  return null;
}
