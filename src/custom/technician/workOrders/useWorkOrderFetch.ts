import { useCallback } from 'react';
import { useLogoutIfAccessDenied } from 'react-admin';
import { httpStatusOf } from '../../../authProvider/httpStatus';
import { apiFetch, type ApiRequest } from '../../../dataProvider/apiFetch';

/**
 * apiFetch for the calls about one work order. A 401 ends the session as everywhere; a 403 does not
 * send the user to Login here (spec §8's rule for every other call): on these calls it says the order
 * is not theirs (any more) — reassigned, or opened from an old link — and the screen says so
 * instead (docs/work-orders.md, "Technician screens"). The error is rethrown for the caller.
 */
export function useWorkOrderFetch() {
  const logoutIfAccessDenied = useLogoutIfAccessDenied();
  return useCallback(
    async <T>(path: string, request?: ApiRequest): Promise<T> => {
      try {
        return await apiFetch<T>(path, request);
      } catch (error: unknown) {
        if (httpStatusOf(error) === 401) await logoutIfAccessDenied(error);
        throw error;
      }
    },
    [logoutIfAccessDenied],
  );
}

/** /workOrder/{id} and what hangs below it. */
export const workOrderApiPath = (id: string, rest = ''): string => `/workOrder/${encodeURIComponent(id)}${rest}`;
