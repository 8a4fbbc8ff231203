import { useQuery, type UseQueryOptions } from '@tanstack/react-query';
import { useCallback, useDeferredValue, useEffect, useMemo } from 'react';
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

/**
 * useQuery for our reads. A refused call (401/403) goes through authProvider.checkError like
 * react-admin's own calls do. What arrives is handed over as a deferred value, so that what it
 * mounts (a page's panels, a board's widgets) renders in a pass that yields to the user's input
 * (issue 20, Total Blocking Time): the data, error and status of one answer change together, and an
 * answer to another key (the asset before) is never shown as this one's.
 */
export function useApiQuery<T>(options: UseQueryOptions<T, Error, T, readonly ['api', string]>): ApiRead<T> {
  const { data, error, status, isFetching, refetch } = useQuery(options);
  const logoutIfAccessDenied = useLogoutIfAccessDenied();
  useEffect(() => {
    if (error) void logoutIfAccessDenied(error);
  }, [error, logoutIfAccessDenied]);
  const key = options.queryKey[1];
  // One object per answer (useMemo): a new one each render would defer every render.
  const shown = useDeferredValue(useMemo(() => ({ key, data, error, status, isFetching }), [key, data, error, status, isFetching]));
  const askAgain = useCallback(() => void refetch(), [refetch]);
  if (shown.key !== key) return { data: undefined, error: null, isPending: true, isFetching: true, refetch: askAgain };
  return { data: shown.data, error: shown.error, isPending: shown.status === 'pending', isFetching: shown.isFetching, refetch: askAgain };
}
