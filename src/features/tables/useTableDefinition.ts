import { useEffect, useState } from 'react';
import { useTranslate } from 'react-admin';
import type { QueryValue } from '../../platform/dataProvider/apiBase';
import { useApiFetch } from '../../platform/dataProvider/useApiFetch';
import { errorMessageOf } from '../../shared/ui/errorMessageOf';
import type { TableDefinition } from './tableDefinition';

/**
 * GET /table/{tableId} with the filter query (spec §7), again whenever the query or `reload`
 * changes. The last definition stays on screen while the next one loads.
 */
export function useTableDefinition(tableId: string, query: Record<string, QueryValue>, reload: number) {
  const apiFetch = useApiFetch();
  const translate = useTranslate();
  const [definition, setDefinition] = useState<TableDefinition | null>(null);
  const [error, setError] = useState<string | null>(null);
  const queryKey = JSON.stringify(query);
  const requestKey = `${tableId}\u0000${queryKey}\u0000${reload}`;
  // The request whose answer (or failure) came last; loading until it is the current one.
  const [settledKey, setSettledKey] = useState<string | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    apiFetch<TableDefinition>(`/table/${encodeURIComponent(tableId)}`, { query: JSON.parse(queryKey) as Record<string, QueryValue>, signal: controller.signal })
      .then((next) => {
        setDefinition({ ...next, fields: next.fields ?? [], data: Array.isArray(next.data) ? next.data : [] });
        setError(null);
      })
      .catch((failure: unknown) => {
        if (!controller.signal.aborted) setError(errorMessageOf(failure, translate));
      })
      .finally(() => {
        if (!controller.signal.aborted) setSettledKey(requestKey);
      });
    return () => controller.abort();
  }, [apiFetch, translate, tableId, queryKey, requestKey]);

  return { definition, loading: settledKey !== requestKey, error };
}
