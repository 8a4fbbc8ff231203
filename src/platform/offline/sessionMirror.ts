import { offlineDb, type OfflineSchema } from './offlineDb';

/**
 * The session mirrored in IndexedDB ('session' store, key 'current'): the token, the user
 * /token/init last answered for it, and the API's address. Two readers: an offline reload
 * (offlineSession.ts) and the service worker's Background Sync, which sends the outbox with the
 * token — so this file stays free of the page's modules (no localStorage in a service worker).
 * Each writer adds its part; nobody's part is wiped by another's for the same token.
 */
export type MirroredSession = OfflineSchema['session']['value'];

const CURRENT = 'current';

/** Stores `part` for `token`; what is already stored for the same token and not given is kept. */
export async function mirrorSession(token: string, part: Partial<Omit<MirroredSession, 'token'>>): Promise<void> {
  const db = await offlineDb();
  const tx = db.transaction('session', 'readwrite');
  const stored = await tx.store.get(CURRENT);
  const kept: MirroredSession = stored?.token === token ? stored : { token, user: null };
  await tx.store.put({ ...kept, ...part, token, user: part.user ?? kept.user }, CURRENT);
  await tx.done;
}

export async function readSessionMirror(): Promise<MirroredSession | undefined> {
  const db = await offlineDb();
  return db.get('session', CURRENT);
}

export async function clearSessionMirror(): Promise<void> {
  const db = await offlineDb();
  await db.delete('session', CURRENT);
}
