import type { GetListParams } from 'react-admin';
import type { SortTerm } from '../../shared/ui/recordTable/tableSort';
import { apiUrl } from './apiBase';
import { httpClient } from './httpClient';
import { withId } from './recordIds';

/**
 * Options of a server-paged list (a ResourceDefinition with `serverPaging`, docs/administration.md):
 * one page of `GET /<resource>?range=[…]&sort=[[…],…]&filter={"q":…}`, the total from the
 * Content-Range header (DESIGN §3). `sort` holds every term of the multi-column sort (spec §2.9);
 * react-admin's own `sort` holds one field only.
 */
export interface ServerPageMeta {
  serverPage: true;
  fields?: readonly string[];
  sort: readonly SortTerm[];
  archived?: 'include' | 'only';
  /** A read beside the page's own (a picker's search): a 403 stays on the page (RefusedInPlace). */
  secondary?: true;
}

export function isServerPage(meta: unknown): meta is ServerPageMeta {
  return typeof meta === 'object' && meta !== null && (meta as ServerPageMeta).serverPage === true;
}

/** Filter values worth sending: an empty search is no filter. */
function filterOf(filter: GetListParams['filter']): string | undefined {
  const sent = Object.fromEntries(Object.entries(filter ?? {}).filter(([, value]) => value !== undefined && value !== null && value !== ''));
  return Object.keys(sent).length > 0 ? JSON.stringify(sent) : undefined;
}

export async function serverPage(resource: string, params: GetListParams, meta: ServerPageMeta) {
  const { page, perPage } = params.pagination ?? { page: 1, perPage: 25 };
  const first = (page - 1) * perPage;
  const url = apiUrl(`/${resource}`, {
    fields: meta.fields?.join(','),
    range: JSON.stringify([first, first + perPage - 1]),
    sort: meta.sort.length > 0 ? JSON.stringify(meta.sort.map((term) => [term.field, term.order.toUpperCase()])) : undefined,
    filter: filterOf(params.filter),
    archived: meta.archived,
  });
  const { json, headers } = await httpClient(url, { signal: params.signal });
  const contentRange = headers.get('Content-Range');
  const total = Number(contentRange?.split('/').pop());
  if (!contentRange || !Number.isSafeInteger(total)) throw new Error(`GET /${resource} answered a page without its total (Content-Range)`);
  return { data: (json as ({ _id: string } & Record<string, unknown>)[]).map(withId), total };
}
