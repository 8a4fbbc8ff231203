import { bootAsked, takeBootAnswer } from '../firstScreen/bootAnswers';
import { keepAnswer } from '../offline/offlineReads';
import { apiFetch } from './apiFetch';
import { apiUrl, type QueryValue } from './apiBase';

/** A prefetched answer older than this is not used: the screen asks again. */
const FRESH_MS = 10_000;

interface Prefetched {
  at: number;
  answer: Promise<unknown>;
  /** What the screen knew when it was asked (e.g. the live versions): taken only under the same. */
  tag: unknown;
}

const prefetched = new Map<string, Prefetched>();

const keyOf = (path: string, query?: Record<string, QueryValue>) => (query ? apiUrl(path, query, '') : path);

/**
 * Starts a GET the next screen is known to need before that screen's code has loaded (the home
 * dashboard right after sign-in, a dashboard's widgets while its filter bar loads), so the round
 * trip overlaps the chunk download.
 */
export function prefetchJson(path: string, query?: Record<string, QueryValue>, tag?: unknown): void {
  const key = keyOf(path, query);
  const now = Date.now();
  // Answers nobody took (a screen left before it showed) are dropped once too old to be used.
  for (const [old, entry] of prefetched) if (now - entry.at > FRESH_MS) prefetched.delete(old);
  if (prefetched.has(key)) return;
  // The boot script may have asked already (the home dashboard, issue 20); either way the answer is
  // kept on the phone like the screen's own read would be (docs/offline.md): the home opens offline too.
  const ask = () => apiFetch(path, { query, offline: true });
  const answer = bootAsked().then(() => {
    const early = takeBootAnswer(key);
    return early ? keepAnswer(early, key).catch(ask) : ask();
  });
  // A failure is the taker's to handle (it asks again); unhandled here it would only be noise.
  answer.catch(() => undefined);
  prefetched.set(key, { at: now, answer, tag });
}

/** The prefetched answer for `path` (and `query`), once, while fresh and asked under the same `tag`; null otherwise. */
export function takePrefetched<T>(path: string, query?: Record<string, QueryValue>, tag?: unknown): Promise<T> | null {
  const key = keyOf(path, query);
  const entry = prefetched.get(key);
  prefetched.delete(key);
  if (!entry || Date.now() - entry.at > FRESH_MS || entry.tag !== tag) return null;
  return entry.answer as Promise<T>;
}
