import { useMemo } from 'react';
import { queryOptions } from '@tanstack/react-query';
import { useLogoutIfAccessDenied } from 'react-admin';
import type { WorkOrder, WorkOrderInput } from '../../../common/resources/workOrder';
import { apiUrl, type QueryValue } from '../../platform/dataProvider/apiBase';
import { httpClient } from '../../platform/dataProvider/httpClient';
import { apiKey } from '../../platform/dataProvider/apiQuery';
import { useApiFetch } from '../../platform/dataProvider/useApiFetch';
import { workOrderApiPath } from './shared/workOrderApiPath';

/** What narrows the list and the calendar alike: the chosen filter values (key → value) and the search text. */
export interface WorkOrderQuery {
  filters: Readonly<Record<string, string>>;
  search: string;
}

/** One page of the list: its rows and how many orders match in all (the Content-Range total). */
export interface WorkOrderPage {
  rows: WorkOrder[];
  total: number;
}

/** docs/work-orders.md: `filters` is a JSON object of the chosen values, `search` the trimmed text; empty ones are not sent. */
export function workOrderQueryParams({ filters, search }: WorkOrderQuery): Record<string, QueryValue> {
  const chosen = Object.fromEntries(Object.entries(filters).filter(([, value]) => value !== ''));
  return {
    filters: Object.keys(chosen).length > 0 ? JSON.stringify(chosen) : undefined,
    search: search.trim() !== '' ? search.trim() : undefined,
  };
}

/** `Content-Range: items 0-9/1234` → 1234; a page without the header counts its own rows. */
export function totalOfContentRange(header: string | null, rows: number): number {
  const total = header ? Number(header.split('/')[1]) : Number.NaN;
  return Number.isFinite(total) ? total : rows;
}

/** The engineer's work order calls (spec §7, docs/work-orders.md). Failures reject; a 401/403 signs out (spec §8). */
export function useWorkOrderApi() {
  const apiFetch = useApiFetch();
  const logoutIfAccessDenied = useLogoutIfAccessDenied();
  return useMemo(
    () => ({
      /**
       * One page (its range, sort, filters and search), ordered by the server (by its `sort`, else the config's):
       * `range` asks only for the rows shown, so ten thousand orders cost one page each time.
       */
      page: async (params: Record<string, QueryValue>, signal?: AbortSignal): Promise<WorkOrderPage> => {
        try {
          const { json, headers } = await httpClient(apiUrl('/workOrder', params), { signal });
          const rows = Array.isArray(json) ? (json as WorkOrder[]) : [];
          return { rows, total: totalOfContentRange(headers.get('Content-Range'), rows.length) };
        } catch (error: unknown) {
          await logoutIfAccessDenied(error);
          throw error;
        }
      },
      /** Every order whose window overlaps [start, end] (epoch ms): the calendar's visible period. */
      inPeriod: (query: WorkOrderQuery, start: number, end: number) =>
        apiFetch<WorkOrder[]>('/workOrder', { query: { start, end, ...workOrderQueryParams(query) } }),
      /** The order opened for an alert, if any (the server allows one per alert). */
      ofAlert: async (alertId: string, signal?: AbortSignal): Promise<WorkOrder | null> => {
        const orders = await apiFetch<WorkOrder[]>('/workOrder', { query: { filters: JSON.stringify({ alert: alertId }) }, signal });
        return orders[0] ?? null;
      },
      create: (body: WorkOrderInput) => apiFetch<WorkOrder>('/workOrder', { method: 'POST', body }),
      /** PUT with the whole order (spec §7): the form, a row's status, a drag's new times. */
      update: (order: WorkOrder) => apiFetch<WorkOrder>(workOrderApiPath(order._id), { method: 'PUT', body: order }),
      remove: (id: string) => apiFetch<unknown>(workOrderApiPath(id), { method: 'DELETE' }),
    }),
    [apiFetch, logoutIfAccessDenied],
  );
}

export type WorkOrderApi = ReturnType<typeof useWorkOrderApi>;

/** The query of one page of the list through the one query cache, keyed by the call it makes. */
export function workOrderPageQuery(api: WorkOrderApi, params: Record<string, QueryValue>) {
  return queryOptions({
    queryKey: apiKey('/workOrder', params),
    queryFn: ({ signal }) => api.page(params, signal),
    // As apiQuery's: a failure shows at once, pushes say when to ask again, and it asks offline too.
    retry: false,
    refetchOnWindowFocus: false,
    networkMode: 'always',
  });
}
