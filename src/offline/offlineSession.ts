import type { SessionUser } from '../../common/api';
import { sessionStore } from '../authProvider/sessionStore';
import { offlineDb } from './offlineDb';

/**
 * The session mirrored in IndexedDB ('session' store, key 'current'): the token and the user
 * /token/init last answered for it. Read back only when /token/init gets no answer at all and the
 * stored token is the one in localStorage (docs/offline.md: an offline reload keeps the technician
 * signed in; a changed token, a 401 or a 403 do not). The service worker reads it too (the outbox).
 */
const CURRENT = 'current';

export async function rememberSession(token: string, user: SessionUser): Promise<void> {
  try {
    const db = await offlineDb();
    await db.put('session', { token, user }, CURRENT);
  } catch {
    // No IndexedDB: an offline reload will ask for a sign-in, as before.
  }
}

/** The user stored for exactly this token; null for another token or none. */
export async function storedSessionUser(token: string): Promise<SessionUser | null> {
  try {
    const db = await offlineDb();
    const stored = await db.get('session', CURRENT);
    return stored && stored.token === token ? stored.user : null;
  } catch {
    return null;
  }
}

export async function forgetSession(): Promise<void> {
  try {
    const db = await offlineDb();
    await db.delete('session', CURRENT);
  } catch {
    // Nothing stored.
  }
}

// Signing out (or a 401/403 clearing the session) forgets the mirrored user at once.
let hadToken = Boolean(sessionStore.getToken());
sessionStore.subscribe(() => {
  const hasToken = Boolean(sessionStore.getToken());
  if (hadToken && !hasToken) void forgetSession();
  hadToken = hasToken;
});
