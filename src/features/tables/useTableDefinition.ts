import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { useTranslate } from 'react-admin';
import type { QueryValue } from '../../platform/dataProvider/apiBase';
import { apiPathKey, apiQuery } from '../../platform/dataProvider/apiQuery';
import { useApiQuery } from '../../platform/dataProvider/useApiQuery';
import { errorMessageOf } from '../../shared/ui/errorMessageOf';
import type { TableDefinition } from './tableDefinition';

const tableDefinitionPath = (tableId: string) => `/table/${encodeURIComponent(tableId)}`;

/** GET /table/{tableId} with the filter and page query (spec §7): the definition with its rows. */
export const tableDefinitionQuery = (tableId: string, query: Record<string, QueryValue>) => apiQuery<TableDefinition>(tableDefinitionPath(tableId), { query });

/**
 * GET /table/{tableId} with the filter query (spec §7), again whenever the query changes or on
 * refresh(). The last definition stays on screen while the next one loads, also one of another
 * query (other filters, another page): the filters and toolbar stay where they are.
 */
export function useTableDefinition(tableId: string, query: Record<string, QueryValue>) {
  const translate = useTranslate();
  const client = useQueryClient();
  const { data, error, isFetching } = useApiQuery(tableDefinitionQuery(tableId, query));
  const answer = useMemo(() => (data ? { ...data, fields: data.fields ?? [], data: Array.isArray(data.data) ? data.data : [] } : null), [data]);
  const [last, setLast] = useState(answer);
  if (answer && answer !== last) setLast(answer);
  // A refresh concerns every query of the table: the pages and filters not shown are asked again when shown.
  const refresh = useCallback(() => void client.invalidateQueries(apiPathKey(tableDefinitionPath(tableId))), [client, tableId]);
  return { definition: answer ?? last, loading: isFetching, error: error ? errorMessageOf(error, translate) : null, refresh };
}
