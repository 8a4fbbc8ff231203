import { DRAWN_ANSWERS_ID } from '../../../common/bootPaint';
import { APPLICATION_INFO_PATH, SESSION_PATH } from '../../../common/firstAsks';
import { sessionStore } from '../authProvider/sessionStore';
import { tokenSubject } from '../authProvider/tokenSubject';
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

/** What a page drawn by the server holds (common/bootPaint.ts withServerScreen): its answers, and whom they were asked for. */
interface DrawnAnswers {
  user: unknown;
  answers: Map<string, unknown>;
}

let drawn: DrawnAnswers | null = null;

/** The drawn page's answers, taken out of the page the first time they are looked for; null when it holds none. */
function drawnAnswers(): DrawnAnswers | null {
  const element = typeof document === 'undefined' ? null : document.getElementById(DRAWN_ANSWERS_ID);
  if (!element) return drawn;
  element.remove();
  drawn = null;
  try {
    const held = (JSON.parse(element.textContent ?? '') as { answers?: unknown }).answers;
    if (held && typeof held === 'object') {
      const answers = new Map(Object.entries(held));
      drawn = { user: (answers.get(SESSION_PATH) as { _id?: unknown } | undefined)?._id, answers };
    }
  } catch {
    drawn = null;
  }
  return drawn;
}

/**
 * The drawn page's answer for GET `path`, once: while the page is young (FRESH_MS since it was
 * opened) and when it was drawn for the user whose token the app holds now (the page's cookie and
 * the stored token are one session's, but a sign-in since would not be).
 */
function takeDrawnAnswer<T>(path: string): Promise<T> | null {
  const held = drawnAnswers();
  if (!held?.answers.has(path)) return null;
  const answer = held.answers.get(path) as T;
  held.answers.delete(path);
  if (performance.now() > FRESH_MS || held.user === undefined || held.user !== tokenSubject(sessionStore.getToken())) return null;
  return Promise.resolve(answer);
}

/**
 * The answer asked early for GET `path` (e.g. '/token/init'), once, as parsed JSON: the drawn page's
 * (takeDrawnAnswer), or the boot script's — when it was
 * asked with the session's current token, is fresh, and the API is the same-origin one it asked.
 * Null otherwise. A failed or refused answer rejects: the caller then asks again its own way, so
 * errors (401, 403) take the app's ordinary path.
 */
export function takeBootAnswer<T>(path: string): Promise<T> | null {
  const fromPage = takeDrawnAnswer<T>(path);
  if (fromPage) return fromPage;
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
