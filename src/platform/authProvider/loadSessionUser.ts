import type { SessionUser } from '../../../common/api';
import { boardOf, dashboardPath, SESSION_PATH } from '../../../common/firstAsks';
import type { DashboardRecord } from '../../../common/resources/dashboard';
import { apiFetch } from '../dataProvider/apiFetch';
import { apiQuery, queryClient, PREFETCHED_FRESH_MS } from '../dataProvider/apiQuery';
import { isNetworkFailure } from '../offline/serverReach';
import { rememberSession, storedSessionUser } from '../offline/offlineSession';
import { isAccessDenied } from './httpStatus';
import { sessionStore } from './sessionStore';

export class NotSignedInError extends Error {
  constructor() {
    super('ra.auth.auth_check_error');
    this.name = 'NotSignedInError';
  }
}

let pending: Promise<SessionUser> | null = null;

/**
 * GET /dashboard/{id}, kept for offline use. Asked at sign-in for the home's board, it is not asked
 * again when the home shows it moments later.
 */
export const dashboardQuery = (dashboardId: string) => apiQuery<DashboardRecord>(dashboardPath(dashboardId), { offline: true, staleTime: PREFETCHED_FRESH_MS });

/**
 * The session user, fetched from /token/init with the stored jwt when it is not loaded yet
 * ("logging in again with the stored jwt", spec §2.1). Concurrent callers (route guard,
 * react-admin's getPermissions) share one request. A rejected token is forgotten.
 *
 * Offline (docs/offline.md): when /token/init gets no answer at all, the user it last answered for
 * this same token (mirrored in IndexedDB) is used, so a technician reloading the app in a plant room
 * stays signed in; it is asked again as soon as the browser is back online. A 401/403 still signs
 * out, and a different token never gets another token's user.
 */
export function loadSessionUser(): Promise<SessionUser> {
  const { token, user } = sessionStore.getState();
  if (user) return Promise.resolve(user);
  if (!token) return Promise.reject(new NotSignedInError());
  pending ??= queryClient
    .fetchQuery(apiQuery<SessionUser>(SESSION_PATH))
    .then(
      (loaded) => {
        if (sessionStore.getToken() === token) {
          sessionStore.setUser(loaded);
          void rememberSession(token, loaded);
        }
        // Every area's home shows this dashboard: asked now, it arrives while the home's code loads.
        const board = boardOf(loaded);
        if (board) void queryClient.prefetchQuery(dashboardQuery(board));
        return loaded;
      },
      async (error: unknown) => {
        if (isAccessDenied(error) && sessionStore.getToken() === token) sessionStore.clear();
        if (!isNetworkFailure(error)) throw error;
        const stored = await storedSessionUser(token);
        if (!stored || sessionStore.getToken() !== token) throw error;
        sessionStore.setUser(stored);
        revalidateWhenOnline(token);
        return stored;
      },
    )
    .finally(() => {
      pending = null;
    });
  return pending;
}

/** A session taken from the phone's copy is checked with the server once the network is back. */
function revalidateWhenOnline(token: string): void {
  const check = () => {
    if (sessionStore.getToken() !== token) return;
    apiFetch<SessionUser>(SESSION_PATH).then(
      (fresh) => {
        if (sessionStore.getToken() !== token) return;
        sessionStore.setUser(fresh);
        void rememberSession(token, fresh);
      },
      (error: unknown) => {
        if (isAccessDenied(error) && sessionStore.getToken() === token) sessionStore.clear();
        else if (isNetworkFailure(error)) window.addEventListener('online', check, { once: true });
      },
    );
  };
  window.addEventListener('online', check, { once: true });
}
