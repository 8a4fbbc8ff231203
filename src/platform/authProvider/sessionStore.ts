import type { SessionUser } from '../../../common/api';
import { mirrorPageCookie } from './pageCookie';

/**
 * The signed-in session: the JWT in localStorage (key 'jwt', spec §2.1) and the user from
 * /token/init in memory only. Keeping the user out of storage is deliberate: spec §2.1 says
 * permissions that are not loaded are fetched again with the stored jwt, so a reload re-validates
 * the token and picks up permission changes instead of trusting a stale copy.
 * One exception (issue 20, docs/offline.md): the user /token/init last answered is mirrored in
 * IndexedDB with its token (src/platform/offline/offlineSession.ts) and used only when /token/init gets no
 * answer at all for that same token — a 401/403 still signs out, and it is asked again once online.
 */
export const TOKEN_STORAGE_KEY = 'jwt';
/** Where versions before the server's first screens kept copies of the last screens shown (one user's data). */
const FORMER_LAST_SCREENS_KEY = 'fo.lastScreens';

export interface SessionState {
  token: string | null;
  user: SessionUser | null;
  /** A page the server refused this session (a 403 from a data call): Login says so instead of looping. */
  deniedPath: string | null;
}

type Listener = () => void;

const listeners = new Set<Listener>();
let state: SessionState = { token: readStoredToken(), user: null, deniedPath: null };
// A session signed in before the cookie existed (or whose cookie the browser dropped) gets it back,
// with the phone's zone as it is now.
if (state.token) mirrorPageCookie(state.token);

function readStoredToken(): string | null {
  // A server render (src/platform/firstScreen/) has no storage: its session comes from the page's request.
  return typeof localStorage === 'undefined' ? null : localStorage.getItem(TOKEN_STORAGE_KEY);
}

function update(next: SessionState): void {
  state = next;
  listeners.forEach((listener) => listener());
}

export const sessionStore = {
  /** Re-read on every call so a token removed elsewhere (another tab, a test) is noticed. */
  getState(): SessionState {
    const token = readStoredToken();
    if (token !== state.token) {
      state = { token, user: null, deniedPath: null };
    }
    return state;
  },

  getToken(): string | null {
    return sessionStore.getState().token;
  },

  getUser(): SessionUser | null {
    return sessionStore.getState().user;
  },

  /** A new token belongs to a new sign-in: the previous user is dropped until /token/init answers. */
  setToken(token: string): void {
    localStorage.setItem(TOKEN_STORAGE_KEY, token);
    mirrorPageCookie(token);
    update({ token, user: null, deniedPath: null });
  },

  /** The same sign-in under a fresh token (after a password change): the user stays loaded. */
  renewToken(token: string): void {
    const { user, deniedPath } = state;
    localStorage.setItem(TOKEN_STORAGE_KEY, token);
    mirrorPageCookie(token);
    update({ token, user, deniedPath });
  },

  setUser(user: SessionUser): void {
    const token = readStoredToken();
    update({ token, user, deniedPath: token === state.token ? state.deniedPath : null });
  },

  /** The server answered 403 to a call of this page; forgotten with the session. */
  markDenied(path: string): void {
    update({ ...sessionStore.getState(), deniedPath: path });
  },

  clear(): void {
    localStorage.removeItem(TOKEN_STORAGE_KEY);
    mirrorPageCookie(null);
    // Copies of screens that earlier versions kept on the phone: not for the next user of the phone.
    localStorage.removeItem(FORMER_LAST_SCREENS_KEY);
    update({ token: null, user: null, deniedPath: null });
  },

  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  },
};
