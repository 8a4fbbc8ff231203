/**
 * The file id behind a note's image value. DESIGN §8 serves image values as file URLs of the API
 * (`/api/file/<id>`); a bare id is taken as it is. null for no image.
 */
export function fileIdOf(image: string | null | undefined): string | null {
  if (!image) return null;
  const match = /\/file\/([^/?#]+)/.exec(image);
  if (match) return decodeURIComponent(match[1]!);
  return /^[\w-]+$/.test(image) ? image : null;
}
