import { useCallback } from 'react';
import { useLogoutIfAccessDenied } from 'react-admin';
import { apiFetch, type ApiRequest } from './apiFetch';

/**
 * apiFetch for components: a 401/403 answer goes through authProvider.checkError like react-admin's
 * own data calls, so the user lands on Login with 'from' (spec §8). The error is still rethrown
 * for the caller's own handling.
 */
export function useApiFetch() {
  const logoutIfAccessDenied = useLogoutIfAccessDenied();
  return useCallback(
    async <T>(path: string, request?: ApiRequest): Promise<T> => {
      try {
        return await apiFetch<T>(path, request);
      } catch (error: unknown) {
        await logoutIfAccessDenied(error);
        throw error;
      }
    },
    [logoutIfAccessDenied],
  );
}
