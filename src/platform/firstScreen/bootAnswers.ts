import { sessionStore } from '../authProvider/sessionStore';
import { APPLICATION_INFO_PATH } from '../../../common/firstAsks';
import { API_BASE, API_PATH } from '../dataProvider/apiBase';

/** What the boot script (build/bootPlugin.ts) asked before this bundle arrived. */
interface BootState {
  token: string;
  at: number;
  answers: Record<string, Promise<Response> | undefined>;
  /** Settles once the boot script has made the asks that wait for its first answers (the dashboard, previous inspections). */
  asked?: Promise<void>;
}

declare global {
  interface Window {
    __foBoot?: BootState;
  }
}

/** An early answer older than this is not used: the screen asks again. */
const FRESH_MS = 15_000;

/**
 * Resolves once the boot script has asked everything it will ask (at once when there is no boot
 * script): some of its asks wait for its own first answers, and may be made after the app reaches
 * the screen that wants them; looked up before that, they would be asked a second time.
 */
export function bootAsked(): Promise<void> {
  const asked = typeof window === 'undefined' ? undefined : window.__foBoot?.asked;
  return asked ?? Promise.resolve();
}

/**
 * The boot script's answer for GET `path` (e.g. '/token/init'), once, as parsed JSON — when it was
 * asked with the session's current token, is fresh, and the API is the same-origin one it asked.
 * Null otherwise. A failed or refused answer rejects: the caller then asks again its own way, so
 * errors (401, 403) take the app's ordinary path.
 */
export function takeBootAnswer<T>(path: string): Promise<T> | null {
  const boot = typeof window === 'undefined' ? undefined : window.__foBoot;
  const answer = boot?.answers[path];
  if (!boot || !answer) return null;
  delete boot.answers[path];
  const authenticated = path !== APPLICATION_INFO_PATH;
  if (API_BASE !== API_PATH || Date.now() - boot.at > FRESH_MS || (authenticated && boot.token !== sessionStore.getToken())) return null;
  return answer.then(async (response) => {
    if (!response.ok) throw new Error(`${path}: ${response.status}`);
    const renewed = response.headers.get('x-auth');
    if (renewed && authenticated) sessionStore.renewToken(renewed);
    return (await response.json()) as T;
  });
}
