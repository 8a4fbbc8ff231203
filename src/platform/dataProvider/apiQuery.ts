import { notifyManager, QueryClient, queryOptions, type QueryKey } from '@tanstack/react-query';
import { isRefusedInPlace } from '../authProvider/httpStatus';
import { sessionStore } from '../authProvider/sessionStore';
import { apiUrl, type QueryValue } from './apiBase';
import { apiFetch } from './apiFetch';

/**
 * The web app's one cache of server answers: react-admin's TanStack Query client (App.tsx hands it
 * to AdminContext), so its CRUD screens and every other read share one cache, one way to refresh
 * and one way to seed. Its defaults are TanStack's, as react-admin's own client had them; the
 * options of our reads are set per read by apiQuery.
 */
/** TanStack's own retries (three), but never of a read refused in place: a refused read stays refused. */
const FAILURES_RETRIED = 3;
export const queryClient = new QueryClient({ defaultOptions: { queries: { retry: (failures, error) => !isRefusedInPlace(error) && failures < FAILURES_RETRIED } } });

// Screens hear of an answer in the task it arrived in (a microtask), not in a timer task queued
// behind the page's other timers (TanStack's default): so also under a test's fake clock.
notifyManager.setScheduler(queueMicrotask);

/**
 * What one sign-in was shown is not for the next user of the phone: a new sign-in or a sign-out
 * empties the cache (react-admin's logout does too, but a refused token signs out without it). A
 * renewed token (a password change) is the same sign-in and keeps it.
 */
let signedInWith = sessionStore.getState().token;
sessionStore.subscribe(() => {
  const { token, user } = sessionStore.getState();
  if (token !== signedInWith && !(token && user)) queryClient.clear();
  signedInWith = token;
});

/** The cache key of GET `path`?`query`: the path as the offline copies and common/firstAsks.ts name it. */
export const apiKey = (path: string, query?: Record<string, QueryValue>) => ['api', query ? apiUrl(path, query, '') : path] as const;

/** Every key under GET `path`, whatever its query: for refreshing all of them at once. */
export const apiPathKey = (path: string) => ({
  queryKey: ['api'] as QueryKey,
  predicate: (query: { queryKey: QueryKey }) => {
    const key = query.queryKey[1];
    return typeof key === 'string' && (key === path || key.startsWith(`${path}?`));
  },
});

/**
 * Puts a drawn screen's answers (common/firstScreen.ts) into `client`, where its reads find them,
 * on the server that draws it and in the browser that hydrates it alike. Dated `freshUntil` (a
 * Date.now() time), they stand as answers just asked until then: the hydrated screen's queries take
 * them as they mount instead of asking each again.
 */
export function seedAnswers(client: QueryClient, answers: Iterable<[string, unknown]>, freshUntil?: number): void {
  for (const [path, answer] of answers) client.setQueryData(apiKey(path), answer, { updatedAt: freshUntil });
}

/**
 * How long an answer asked ahead of its screen (the home's board at sign-in, a board's widgets while
 * its filter bar loads) is taken as it is: the round trip overlaps the chunk download, and the
 * screen does not ask it a second time.
 */
export const PREFETCHED_FRESH_MS = 10_000;

export interface ApiQueryOptions {
  query?: Record<string, QueryValue>;
  /** Keep the answer on the phone and fall back to the kept copy offline (apiFetch's `offline`). */
  offline?: boolean;
  /** Public calls (application info) go without the session (apiFetch's `authenticated`). */
  authenticated?: boolean;
  /** How long an answer is used without asking again (default: asked again whenever a screen shows it). */
  staleTime?: number;
}

/**
 * The query options of GET `path` (spec §7) through apiFetch: a failure shows at once (no retry —
 * the server's message is what the user needs, and a refused call stays refused), coming back to
 * the tab asks nothing by itself (pushes say what changed), and an offline phone still asks.
 */
export function apiQuery<T>(path: string, { query, offline = false, authenticated = true, staleTime = 0 }: ApiQueryOptions = {}) {
  const key = apiKey(path, query);
  return queryOptions<T, Error, T, typeof key>({
    queryKey: key,
    queryFn: ({ signal }) => apiFetch<T>(path, { query, signal, offline, authenticated }),
    retry: false,
    refetchOnWindowFocus: false,
    // Asked offline too: apiFetch answers the phone's kept copy then (TanStack would wait for the network).
    networkMode: 'always',
    staleTime,
  });
}
