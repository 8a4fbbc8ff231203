import type { AuthProvider } from 'react-admin';
import type { LoginRequest, LoginResponse } from '../../common/api';
import { apiFetch } from '../dataProvider/apiFetch';
import { httpStatusOf } from './httpStatus';
import { loadSessionUser } from './loadSessionUser';
import { sessionStore } from './sessionStore';

/**
 * Session rules of spec §4 and §2.1: login stores the token and loads the user; permissions are
 * the user's strings, loaded with the stored jwt when missing; 401/403 end the session.
 */
export const authProvider = {
  async login({ username, password }: LoginRequest) {
    const { token } = await apiFetch<LoginResponse>('/token/login', {
      method: 'POST',
      body: { username, password },
      authenticated: false,
    });
    sessionStore.setToken(token);
    try {
      await loadSessionUser();
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
    if (status === 403) throw new Error('ra.notification.not_authorized');
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
