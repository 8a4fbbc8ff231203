import { and, eq, inArray, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { workOrders } from '../../db/schema';
import { badRequest } from '../../http/errors';
import { periodOf, periodQuerySchema } from '../../http/period';
import { parseQueryJson } from '../../http/queryJson';
import { QUERY_FILTER_KEYS, SORT_FIELDS, includes, type QueryFilterKey } from './workOrderFields';
import { overlapping, searching, type SortTerm } from './workOrderReads';
import type { WorkOrderSettings } from './workOrderSettings';

/**
 * GET /workOrder's query (docs/work-orders.md): `filters` (spec §7: a JSON object of filter key →
 * chosen value), react-admin's `filter` (the same keys, and `q` for search), `search`, the
 * calendar's `start`/`end`, `sort` and `range`.
 */
export interface WorkOrderListQuery {
  filters?: string;
  filter?: string;
  search?: string;
  start?: string;
  end?: string;
  sort?: string;
  range?: string;
}

export const workOrderListQuerySchema = {
  type: 'object',
  properties: {
    filters: { type: 'string', maxLength: 5000, description: `JSON object of filter key → value (or list of values, any of them); keys ${QUERY_FILTER_KEYS.join(', ')}` },
    filter: { type: 'string', maxLength: 5000, description: 'react-admin\'s filter: the same keys, and q (search)' },
    search: { type: 'string', maxLength: 200, description: 'text found (ignoring case) in title, asset name, assignee name, status or priority' },
    sort: { type: 'string', maxLength: 200, description: '["field","ASC"|"DESC"]; default the config entry workOrder.sort' },
    ...periodQuerySchema,
    start: { type: 'string', maxLength: 20, description: 'epoch ms; with end, only orders whose window overlaps [start, end] (the calendar)' },
  },
} as const;

const FILTER_COLUMNS: Record<QueryFilterKey, PgColumn> = {
  title: workOrders.title,
  status: workOrders.status,
  priority: workOrders.priority,
  asset: workOrders.asset,
  assignedTo: workOrders.assignedTo,
  alert: workOrders.alert,
  type: workOrders.type,
};

function jsonObject(param: string, text: string | undefined): Record<string, unknown> {
  if (text === undefined || text.trim() === '') return {};
  const value = parseQueryJson(param, text);
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw badRequest(param, `${param} must be a JSON object of filter key → value`);
  return value as Record<string, unknown>;
}

/** One filter key's condition; an empty value (null, '', []) is no filter — a cleared dropdown. */
function filterCondition(param: string, key: string, value: unknown): SQL | null {
  const field = `${param}.${key}`;
  if (!includes(QUERY_FILTER_KEYS, key)) throw badRequest(field, `${field} is not a work order filter (${QUERY_FILTER_KEYS.join(', ')})`);
  if (value === null || value === '') return null;
  const values = Array.isArray(value) ? value : [value];
  if (!values.every((item) => typeof item === 'string')) throw badRequest(field, `${field} must be a text or a list of texts`);
  if (values.length === 0) return null;
  const column = FILTER_COLUMNS[key];
  return values.length === 1 ? eq(column, values[0] as string) : inArray(column, values as string[]);
}

/** The rows a list call asks for, or undefined for all. */
export function listConditions(query: WorkOrderListQuery): SQL | undefined {
  const conditions: SQL[] = [];
  const searches: string[] = [query.search ?? ''];
  for (const param of ['filters', 'filter'] as const) {
    for (const [key, value] of Object.entries(jsonObject(param, query[param]))) {
      if (param === 'filter' && key === 'q') {
        if (typeof value !== 'string') throw badRequest('filter.q', 'filter.q must be a text');
        searches.push(value);
        continue;
      }
      const condition = filterCondition(param, key, value);
      if (condition) conditions.push(condition);
    }
  }
  for (const text of searches) if (text.trim() !== '') conditions.push(searching(text.trim()));
  const hasPeriod = [query.start, query.end].some((value) => value !== undefined && value !== '');
  if (hasPeriod) conditions.push(overlapping(periodOf(query)));
  return conditions.length === 0 ? undefined : and(...conditions);
}

/** `sort=["field","ASC"]`, else the configured order (workOrder.sort), else newest start first. */
export function sortTerms(text: string | undefined, configured: WorkOrderSettings['sort']): SortTerm[] {
  if (text !== undefined && text.trim() !== '') {
    const value = parseQueryJson('sort', text);
    if (!Array.isArray(value) || value.length !== 2 || typeof value[1] !== 'string' || !/^(asc|desc)$/i.test(value[1])) {
      throw badRequest('sort', 'sort must be ["field", "ASC" or "DESC"]');
    }
    if (!includes(SORT_FIELDS, value[0])) throw badRequest('sort', `sort: the list cannot be sorted by ${String(value[0])} (${SORT_FIELDS.join(', ')})`);
    return [{ field: value[0], direction: value[1].toLowerCase() as SortTerm['direction'] }];
  }
  const terms = configured.flatMap((entry) => (Object.entries(entry) as [SortTerm['field'], SortTerm['direction']][]).map(([field, direction]) => ({ field, direction })));
  return terms.length > 0 ? terms : [{ field: 'startTimestamp', direction: 'desc' }];
}
