import { bootAsked, takeBootAnswer } from '../boot/bootAnswers';
import { keepAnswer } from '../offline/offlineReads';
import { apiFetch } from './apiFetch';

/** A prefetched answer older than this is not used: the screen asks again. */
const FRESH_MS = 10_000;

const prefetched = new Map<string, { at: number; answer: Promise<unknown> }>();

/**
 * Starts a GET the next screen is known to need before that screen's code has loaded (the home
 * dashboard right after sign-in), so the round trip overlaps the chunk download.
 */
export function prefetchJson(path: string): void {
  if (prefetched.has(path)) return;
  // The boot script may have asked already (the home dashboard, issue 20); either way the answer is
  // kept on the phone like the screen's own read would be (docs/offline.md): the home opens offline too.
  const ask = () => apiFetch(path, { offline: true });
  const answer = bootAsked().then(() => {
    const early = takeBootAnswer(path);
    return early ? keepAnswer(early, path).catch(ask) : ask();
  });
  // A failure is the taker's to handle (it asks again); unhandled here it would only be noise.
  answer.catch(() => undefined);
  prefetched.set(path, { at: Date.now(), answer });
}

/** The prefetched answer for `path`, once, while fresh; null when there is none. */
export function takePrefetched<T>(path: string): Promise<T> | null {
  const entry = prefetched.get(path);
  prefetched.delete(path);
  if (!entry || Date.now() - entry.at > FRESH_MS) return null;
  return entry.answer as Promise<T>;
}
