import { offlineDb } from '../offlineDb';
import type { SessionUser } from '../../../common/api';

/**
 * The signed-in session mirrored into IndexedDB ('session' store, key 'current') for the service
 * worker, which has no localStorage: Background Sync sends the outbox with this token. Written by
 * the page whenever the token changes, removed on sign-out.
 */
export interface MirroredSession {
  token: string;
  user: SessionUser | null;
  apiBase?: string;
}

const KEY = 'current';

export async function writeSessionMirror(session: MirroredSession | null): Promise<void> {
  const db = await offlineDb();
  if (session) await db.put('session', session, KEY);
  else await db.delete('session', KEY);
}

export async function readSessionMirror(): Promise<MirroredSession | undefined> {
  const db = await offlineDb();
  return db.get('session', KEY);
}
