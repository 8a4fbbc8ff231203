import type { SessionUser } from '../../../common/api';
import { sessionStore } from '../authProvider/sessionStore';
import { clearSessionMirror, mirrorSession, readSessionMirror } from './sessionMirror';

/**
 * The page's side of the mirrored session (sessionMirror.ts): an offline reload takes the stored
 * user only when /token/init gets no answer at all and the stored token is the one in localStorage
 * (docs/offline.md: a changed token, a 401 or a 403 keep nobody signed in).
 */
export async function rememberSession(token: string, user: SessionUser): Promise<void> {
  try {
    await mirrorSession(token, { user });
  } catch {
    // No IndexedDB: an offline reload will ask for a sign-in, as before.
  }
}

/** The user stored for exactly this token; null for another token or none. */
export async function storedSessionUser(token: string): Promise<SessionUser | null> {
  try {
    const stored = await readSessionMirror();
    return stored && stored.token === token ? stored.user : null;
  } catch {
    return null;
  }
}

export async function forgetSession(): Promise<void> {
  try {
    await clearSessionMirror();
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
