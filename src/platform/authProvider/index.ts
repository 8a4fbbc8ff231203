import type { AuthProvider } from 'react-admin';
import type { LoginRequest, LoginResponse } from '../../../common/api';
import { apiFetch } from '../dataProvider/apiFetch';
import { appRoutes } from '../routes/appRoutes';
import { mayOpen } from '../routes/routeAccess';
import { guardedPage } from './guardedPage';
import { httpStatusOf, isRefusedInPlace } from './httpStatus';
import { loadSessionUser } from './loadSessionUser';
import { LOGIN_PATH, loginPathReturningTo } from './loginRedirect';
import { sessionStore } from './sessionStore';

export interface LoginParams extends LoginRequest {
  /** Where the user asked to go ('from', spec §2.1): followed when the account may open it. */
  returnTo?: string;
}

/**
 * A rejection of checkError that keeps the session (react-admin's contract): go to `redirectTo`
 * without signing out, and no snackbar — the Login page itself says what happened.
 */
class AccessDeniedRedirect {
  readonly logoutUser = false;
  readonly message = false;
  constructor(readonly redirectTo: string) {}
}

/**
 * After signing in: 'from' when this account may open it; otherwise Login again with the same
 * 'from', where it names the account and says it cannot open that page — never a loop back.
 */
async function destinationAfterLogin(permissions: readonly string[], returnTo: string): Promise<string> {
  // If an area's table cannot be loaded now, the guard of that page decides as always.
  const allowed = await mayOpen(permissions, returnTo, appRoutes).catch(() => true);
  return allowed ? returnTo : loginPathReturningTo(returnTo);
}

/**
 * Session rules of spec §4 and §2.1: login stores the token and loads the user; permissions are
 * the user's strings, loaded with the stored jwt when missing. Only a 401 ends the session; a 403
 * (signed in, not permitted) to a page's own call goes to Login with 'from' and keeps the session,
 * so Login can name the account; a 403 to a secondary read stays on the page (RefusedInPlace).
 */
export const authProvider = {
  async login({ username, password, returnTo }: LoginParams) {
    const { token } = await apiFetch<LoginResponse>('/token/login', {
      method: 'POST',
      body: { username, password },
      authenticated: false,
    });
    sessionStore.setToken(token);
    try {
      const user = await loadSessionUser();
      return returnTo === undefined ? undefined : { redirectTo: await destinationAfterLogin(user.permissions, returnTo) };
    } catch (error: unknown) {
      sessionStore.clear();
      throw error;
    }
  },

  async logout() {
    sessionStore.clear();
  },

  async checkAuth() {
    if (!sessionStore.getToken()) throw new Error('ra.auth.auth_check_error');
  },

  async checkError(error: unknown) {
    const status = httpStatusOf(error);
    if (status === 401) throw new Error('ra.notification.logged_out');
    // A secondary read's refusal is shown where it was asked (httpStatus.ts, RefusedInPlace).
    if (status === 403 && !isRefusedInPlace(error)) {
      const page = guardedPage.get();
      if (page) sessionStore.markDenied(page);
      throw new AccessDeniedRedirect(page ? loginPathReturningTo(page) : LOGIN_PATH);
    }
  },

  /** Signed out means no permissions, not an error: react-admin asks on every page, /login included. */
  async getPermissions() {
    if (!sessionStore.getToken()) return [];
    const user = await loadSessionUser();
    return user.permissions;
  },

  async getIdentity() {
    const user = await loadSessionUser();
    return { id: user._id, fullName: user.name };
  },
} satisfies AuthProvider;
