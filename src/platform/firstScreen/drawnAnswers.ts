import { DRAWN_ANSWERS_ID } from '../../../common/firstScreen';
import { SESSION_PATH } from '../../../common/firstAsks';
import { sessionStore } from '../authProvider/sessionStore';
import { tokenSubject } from '../authProvider/tokenClaims';

/** A drawn page's answers older than this are not used: the app draws its screen itself and asks again. */
const FRESH_MS = 15_000;

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
 * The drawn page's answer for GET `path` (e.g. '/token/init'), once, when usable: a query of the
 * hydrated screen, stale from the start, asks its path again as it mounts and takes this instead of
 * the network. Null otherwise.
 */
export function takeDrawnAnswer<T>(path: string): Promise<T> | null {
  const held = drawnAnswers();
  if (!held?.answers.has(path)) return null;
  const answer = held.answers.get(path) as T;
  held.answers.delete(path);
  return usable(held) ? Promise.resolve(answer) : null;
}
