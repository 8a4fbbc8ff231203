import type { SessionUser } from '../../common/api';
import { takeBootAnswer } from '../boot/bootAnswers';
import { apiFetch } from '../dataProvider/apiFetch';
import { prefetchJson } from '../dataProvider/prefetch';
import { isAccessDenied } from './httpStatus';
import { sessionStore } from './sessionStore';

export class NotSignedInError extends Error {
  constructor() {
    super('ra.auth.auth_check_error');
    this.name = 'NotSignedInError';
  }
}

let pending: Promise<SessionUser> | null = null;

export const dashboardPath = (dashboardId: string) => `/dashboard/${encodeURIComponent(dashboardId)}`;

/**
 * The session user, fetched from /token/init with the stored jwt when it is not loaded yet
 * ("logging in again with the stored jwt", spec §2.1). Concurrent callers (route guard,
 * react-admin's getPermissions) share one request. A rejected token is forgotten.
 */
export function loadSessionUser(): Promise<SessionUser> {
  const { token, user } = sessionStore.getState();
  if (user) return Promise.resolve(user);
  if (!token) return Promise.reject(new NotSignedInError());
  // Asked already by the boot script, in parallel with this bundle (issue 20); if that failed, asked again.
  pending ??= (takeBootAnswer<SessionUser>('/token/init')?.catch(() => apiFetch<SessionUser>('/token/init')) ?? apiFetch<SessionUser>('/token/init'))
    .then(
      (loaded) => {
        if (sessionStore.getToken() === token) sessionStore.setUser(loaded);
        // Every area's home shows this dashboard: asked now, it arrives while the home's code loads.
        if (loaded.dashboardId && loaded.permissions.includes('read-dashboard')) prefetchJson(dashboardPath(loaded.dashboardId));
        return loaded;
      },
      (error: unknown) => {
        if (isAccessDenied(error) && sessionStore.getToken() === token) sessionStore.clear();
        throw error;
      },
    )
    .finally(() => {
      pending = null;
    });
  return pending;
}
