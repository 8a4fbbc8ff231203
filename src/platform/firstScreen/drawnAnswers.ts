import { DRAWN_ANSWERS_ID } from '../../../common/firstScreen';
import { SESSION_PATH } from '../../../common/firstAsks';
import { sessionStore } from '../authProvider/sessionStore';
import { tokenSubject } from '../authProvider/tokenClaims';

/** A drawn page's answers are used until the page is this old: past it, the app draws its screen itself and asks again. */
const FRESH_MS = 15_000;

/** What a page drawn by the server holds (common/firstScreen.ts withServerScreen), and the lazy parts it drew (src/shared/ui/lazyWithTimeout.ts). */
export interface DrawnAnswers {
  /** GET path → the answer the screen was drawn from. */
  answers: ReadonlyMap<string, unknown>;
  lazies: readonly string[];
  /** Until when (a Date.now() time) they stand as just asked: FRESH_MS after the page was asked for. */
  freshUntil: number;
}

/**
 * The drawn page's answers, taken out of the page, when they may be used: drawn for the user whose
 * token the app holds (a sign-in since the page was drawn makes them another session's) and the
 * page younger than FRESH_MS. Null otherwise — the app then draws its screen itself.
 */
export function drawnScreenAnswers(): DrawnAnswers | null {
  const element = document.getElementById(DRAWN_ANSWERS_ID);
  element?.remove();
  if (!element || performance.now() > FRESH_MS) return null;
  try {
    const held = JSON.parse(element.textContent ?? '') as { answers: Record<string, unknown>; lazies: unknown[] };
    const answers = new Map(Object.entries(held.answers));
    const user = (answers.get(SESSION_PATH) as { _id?: unknown } | undefined)?._id;
    if (user === undefined || user !== tokenSubject(sessionStore.getToken())) return null;
    const lazies = held.lazies.filter((name): name is string => typeof name === 'string');
    return { answers, lazies, freshUntil: performance.timeOrigin + FRESH_MS };
  } catch {
    return null;
  }
}
