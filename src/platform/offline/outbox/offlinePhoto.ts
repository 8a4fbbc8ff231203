import { putPhoto } from './outboxStore';
import { LOCAL_PHOTO_PREFIX } from './outboxItem';
import { newIdempotencyKey } from './offlineWrite';

/**
 * A photo that could not be uploaded (no network) kept in the 'photos' store under a local id
 * (`local-<uuid>`), which stands for it in the form until its outbox item uploads it.
 */
export async function keepPhotoOffline(userId: string, blob: Blob, name: string): Promise<string> {
  const id = `${LOCAL_PHOTO_PREFIX}${newIdempotencyKey()}`;
  await putPhoto({ id, userId, name, blob, createdAt: Date.now() });
  return id;
}
