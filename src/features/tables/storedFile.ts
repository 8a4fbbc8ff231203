import { fileIdOf, FILE_URL_PREFIX } from '../../../common/thermography/note';

/** A cell value naming a stored file: an API file URL (`/api/file/<id>`, as DESIGN §8 serves images). */
export function storedFileIdOf(value: unknown): string | null {
  return typeof value === 'string' && value.startsWith(FILE_URL_PREFIX) ? fileIdOf(value) : null;
}
