import simpleRestProvider from 'ra-data-simple-rest';
import type { DataProvider, GetListParams, RaRecord } from 'react-admin';
import { API_BASE } from './apiBase';
import { apiFetch } from './apiFetch';
import { httpClient } from './httpClient';
import { httpStatusOf, RefusedInPlace } from '../authProvider/httpStatus';
import { isServerPage, serverPage } from './pagedList';
import { withId, withoutBookkeeping } from './recordIds';
import { readOnePath, updatePath } from './resourcePaths';

/**
 * Options of a whole-list read: spec §7's `GET /<resource>?fields=…&orderBy=…`, answered as one
 * array that the screen searches, sorts and pages itself (administration lists).
 */
export interface WholeListMeta {
  all: true;
  fields?: readonly string[];
  orderBy?: string;
  /**
   * Archived checklists, attributes and assets (docs/administration.md): 'include' lists them too,
   * 'only' just them; the default leaves them out.
   */
  archived?: 'include' | 'only';
  /** A read beside the page's own (names for a column or a picker): a 403 stays on the page (RefusedInPlace). */
  secondary?: true;
}

type ApiRecord = { _id: string } & Record<string, unknown>;

const simpleRest = simpleRestProvider(API_BASE, httpClient);
const mapAll = (records: ApiRecord[]) => records.map(withId);

function isWholeList(meta: unknown): meta is WholeListMeta {
  return typeof meta === 'object' && meta !== null && (meta as WholeListMeta).all === true;
}

async function wholeList(resource: string, meta: WholeListMeta) {
  const records = await apiFetch<ApiRecord[]>(`/${resource}`, {
    query: { fields: meta.fields?.join(','), orderBy: meta.orderBy, archived: meta.archived },
  });
  return { data: mapAll(records), total: records.length };
}

/**
 * Our dataProvider: ra-data-simple-rest's calls (range/sort/filter with Content-Range, which
 * the server honours for large lists) with `_id` mapped to `id`, the spec's exceptional paths,
 * whole-list reads for administration screens, and server pages for the large ones (pagedList.ts).
 */
export const dataProvider: DataProvider = {
  ...simpleRest,
  async getList(resource: string, params: GetListParams) {
    try {
      if (isWholeList(params.meta)) return (await wholeList(resource, params.meta)) as never;
      if (isServerPage(params.meta)) return (await serverPage(resource, params, params.meta)) as never;
      const result = await simpleRest.getList(resource, params);
      return { ...result, data: mapAll(result.data as unknown as ApiRecord[]) } as never;
    } catch (error) {
      if (httpStatusOf(error) === 403 && (params.meta as { secondary?: true } | undefined)?.secondary) throw new RefusedInPlace(resource);
      throw error;
    }
  },
  async getOne(resource, params) {
    return { data: withId(await apiFetch<ApiRecord>(readOnePath(resource, params.id), { signal: params.signal })) } as never;
  },
  async getMany(resource, params) {
    const result = await simpleRest.getMany(resource, params);
    return { data: mapAll(result.data as unknown as ApiRecord[]) } as never;
  },
  async getManyReference(resource, params) {
    const result = await simpleRest.getManyReference(resource, params);
    return { ...result, data: mapAll(result.data as unknown as ApiRecord[]) } as never;
  },
  async create(resource, params) {
    const saved = await apiFetch<ApiRecord>(`/${resource}`, { method: 'POST', body: withoutBookkeeping(params.data as RaRecord) });
    return { data: withId(saved) } as never;
  },
  async update(resource, params) {
    const saved = await apiFetch<ApiRecord>(updatePath(resource, params.id), { method: 'PUT', body: withoutBookkeeping(params.data as RaRecord) });
    return { data: withId(saved) } as never;
  },
  async delete(resource, params) {
    await apiFetch(`/${resource}/${encodeURIComponent(String(params.id))}`, { method: 'DELETE' });
    return { data: params.previousData ?? { id: params.id } } as never;
  },
};

export { apiFetch } from './apiFetch';
export type { ApiRequest } from './apiFetch';
export { useApiFetch } from './useApiFetch';
