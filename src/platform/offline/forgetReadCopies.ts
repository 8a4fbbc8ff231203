import { offlineDb } from './offlineDb';
import { offlineWritesSettled } from './offlineReads';

/**
 * A user who signs out on purpose leaves no copies of what they read on the phone (shared phones
 * pass from shift to shift): the kept answers and the offline catalogue under their id go. Their
 * outbox stays — sign-out warns about it, and it is sent after they sign in again. Not called when
 * a 401 ends the session: the same user signs in again and still needs the copies in a basement.
 */
export async function forgetReadCopies(userId: string): Promise<void> {
  // A copy still being written would otherwise land after the deletion.
  await offlineWritesSettled();
  const db = await offlineDb();
  const tx = db.transaction(['reads', 'catalogue'], 'readwrite');
  // Keys are `<scope>|<path>`: '}' follows '|' in code-unit order, so this range is exactly the user's.
  await tx.objectStore('reads').delete(IDBKeyRange.bound(`${userId}|`, `${userId}}`, false, true));
  await tx.objectStore('catalogue').delete(userId);
  await tx.done;
}
