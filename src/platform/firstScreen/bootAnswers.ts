import { DRAWN_ANSWERS_ID } from '../../../common/firstScreen';
import { APPLICATION_INFO_PATH, SESSION_PATH } from '../../../common/firstAsks';
import { sessionStore } from '../authProvider/sessionStore';
import { tokenSubject } from '../authProvider/tokenSubject';
import { API_BASE, API_PATH } from '../dataProvider/apiBase';
import type { BootState } from './boot';

/** An early answer older than this is not used: the screen asks again. */
const FRESH_MS = 15_000;

/**
 * Resolves once the boot module has asked everything it will ask (at once when there is no boot
 * script): some of its asks wait for its own first answers, and may be made after the app reaches
 * the screen that wants them; looked up before that, they would be asked a second time.
 */
export function bootAsked(): Promise<void> {
  const asked = typeof window === 'undefined' ? undefined : window.__foBoot?.asked;
  return asked ?? Promise.resolve();
}

/** What a page drawn by the server holds (common/firstScreen.ts withServerScreen): its answers, and whom they were asked for. */
interface DrawnAnswers {
  user: unknown;
  answers: Map<string, unknown>;
  lazies: string[];
}

let drawn: DrawnAnswers | null = null;

/** The drawn page's answers, taken out of the page the first time they are looked for; null when it holds none. */
function drawnAnswers(): DrawnAnswers | null {
  const element = typeof document === 'undefined' ? null : document.getElementById(DRAWN_ANSWERS_ID);
  if (!element) return drawn;
  element.remove();
  drawn = null;
  try {
    const { answers: held, lazies } = JSON.parse(element.textContent ?? '') as { answers?: unknown; lazies?: unknown };
    if (held && typeof held === 'object') {
      const answers = new Map(Object.entries(held));
      const named = Array.isArray(lazies) ? lazies.filter((name): name is string => typeof name === 'string') : [];
      drawn = { user: (answers.get(SESSION_PATH) as { _id?: unknown } | undefined)?._id, answers, lazies: named };
    }
  } catch {
    drawn = null;
  }
  return drawn;
}

/** Whether the drawn page's answers may be used now: the page is young and was drawn for the user whose token the app holds. */
const usable = (held: DrawnAnswers) => performance.now() <= FRESH_MS && held.user !== undefined && held.user === tokenSubject(sessionStore.getToken());

/**
 * Every answer the drawn page holds, when they may be used (a sign-in since the page was drawn, or
 * a page kept open too long, makes them another session's or stale): the app hydrates the drawn
 * screen with them and the lazy parts it names (startApp.tsx). Null otherwise — the app then draws its screen itself.
 */
export function drawnScreenAnswers(): { answers: ReadonlyMap<string, unknown>; lazies: readonly string[] } | null {
  const held = drawnAnswers();
  return held && usable(held) ? { answers: new Map(held.answers), lazies: held.lazies } : null;
}

/**
 * The drawn page's answer for GET `path`, once, when usable: a query of the hydrated screen, stale
 * from the start, asks its path again as it mounts and takes this instead of the network.
 */
function takeDrawnAnswer<T>(path: string): Promise<T> | null {
  const held = drawnAnswers();
  if (!held?.answers.has(path)) return null;
  const answer = held.answers.get(path) as T;
  held.answers.delete(path);
  return usable(held) ? Promise.resolve(answer) : null;
}

/**
 * The answer asked early for GET `path` (e.g. '/token/init'), once, as parsed JSON: the drawn page's
 * (takeDrawnAnswer), or the boot module's — when it was
 * asked with the session's current token, is fresh, and the API is the same-origin one it asked.
 * Null otherwise. A failed or refused answer rejects: the caller then asks again its own way, so
 * errors (401, 403) take the app's ordinary path.
 */
export function takeBootAnswer<T>(path: string): Promise<T> | null {
  const fromPage = takeDrawnAnswer<T>(path);
  if (fromPage) return fromPage;
  const boot: BootState | undefined = typeof window === 'undefined' ? undefined : window.__foBoot;
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
