/** Image formats recognised by their first bytes, never by a name or a claimed type (DESIGN §8, §9). */
export type ImageType = 'image/jpeg' | 'image/png' | 'image/webp';

const startsWith = (bytes: Uint8Array, signature: readonly number[], at = 0) => signature.every((byte, i) => bytes[at + i] === byte);

export function sniffImageType(bytes: Uint8Array): ImageType | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(bytes, [0x52, 0x49, 0x46, 0x46]) && startsWith(bytes, [0x57, 0x45, 0x42, 0x50], 8)) return 'image/webp';
  return null;
}

/** A PDF document starts with its header, `%PDF-` (ISO 32000-1 §7.5.2). */
const PDF_HEADER = [0x25, 0x50, 0x44, 0x46, 0x2d];

/** What a declared file field may hold, by content: a picture as above, or a PDF document. */
export function sniffFileType(bytes: Uint8Array): ImageType | 'application/pdf' | null {
  return sniffImageType(bytes) ?? (startsWith(bytes, PDF_HEADER) ? 'application/pdf' : null);
}
