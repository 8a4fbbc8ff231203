import { QueryObserver, useQueryClient, type QueryObserverResult, type UseQueryOptions } from '@tanstack/react-query';
import { startTransition, useCallback, useEffect, useState } from 'react';
import { useLogoutIfAccessDenied } from 'react-admin';

/** What a screen reads of one of our queries. */
export interface ApiRead<T> {
  /** The last answer; it stays while the next is on its way (no flicker). */
  data: T | undefined;
  /** The last failure, cleared by the next answer. */
  error: Error | null;
  /** No answer and no failure yet. */
  isPending: boolean;
  /** Asking (again) now. */
  isFetching: boolean;
  /** Asks again (a retry button, a push that concerns it). */
  refetch: () => void;
}

type ApiKey = readonly ['api', string];

/**
 * A query of ours, read through its own QueryObserver. A refused call (401/403) goes through
 * authProvider.checkError like react-admin's own calls do.
 *
 * Why not useQuery: it reads the cache through useSyncExternalStore, and React renders such a
 * store's change urgently, redoing any yielding render under way as one blocking task. On a phone's
 * first screen every answer then cost a long task (Lighthouse TBT +300–600 ms, issue 41 step 2). Here
 * each result the observer reports is handed to state inside startTransition, so what it mounts (a
 * page's panels, a board's widgets) renders in a pass that yields to the user's input (issue 20).
 * The data, error and status of one answer change together, and an answer to another key (the asset
 * before) is never shown as this one's: a new key reads the cache as it stands until its own
 * results arrive.
 */
export function useApiQuery<T>(options: UseQueryOptions<T, Error, T, ApiKey>): ApiRead<T> {
  const client = useQueryClient();
  const defaulted = client.defaultQueryOptions(options);
  const [observer] = useState(() => new QueryObserver<T, Error, T, T, ApiKey>(client, defaulted));
  const key = options.queryKey[1];
  // The first render's result is what the cache holds now (a seeded cache, a server render).
  const [shown, setShown] = useState<{ key: string; result: QueryObserverResult<T, Error> }>(() => ({
    key,
    result: observer.getOptimisticResult(defaulted),
  }));
  useEffect(() => {
    observer.setOptions(defaulted);
  });
  useEffect(
    () =>
      observer.subscribe((result) => {
        const answeredKey = observer.getCurrentQuery().queryKey[1];
        startTransition(() => setShown({ key: answeredKey, result }));
      }),
    [observer],
  );
  const { data, error, status, isFetching } = shown.key === key ? shown.result : observer.getOptimisticResult(defaulted);
  const logoutIfAccessDenied = useLogoutIfAccessDenied();
  useEffect(() => {
    if (error) void logoutIfAccessDenied(error);
  }, [error, logoutIfAccessDenied]);
  const askAgain = useCallback(() => void observer.refetch(), [observer]);
  return { data, error, isPending: status === 'pending', isFetching, refetch: askAgain };
}
