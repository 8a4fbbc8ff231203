import { useGetList, type RaRecord } from 'react-admin';
import type { SortTerm } from '../../shared/ui/recordTable/tableSort';
import type { WholeListMeta } from '../../platform/dataProvider';
import type { ServerPageMeta } from '../../platform/dataProvider/pagedList';
import type { ResourceDefinition } from './ResourceDefinition';

/** Every record at once: administration lists are searched, sorted and paged in the browser. */
const WHOLE_LIST = { page: 1, perPage: 1_000_000 };

const NO_ROWS: never[] = [];

/** Typing pauses this long before the server is asked (one call per word, not per key). */
export const SERVER_SEARCH_DEBOUNCE_MS = 300;

export interface AdminListView {
  sort: readonly SortTerm[];
  /** What the server searches for (already debounced: SERVER_SEARCH_DEBOUNCE_MS). */
  search: string;
  /** From 0, as the table counts pages. */
  page: number;
  pageSize: number;
}

export interface AdminList<T> {
  rows: readonly T[];
  /** Every matching record's count on a server-paged list; undefined when every row is loaded. */
  total: number | undefined;
  isPending: boolean;
  isFetching: boolean;
  refetch: () => unknown;
}

/**
 * The rows of an administration screen: the whole list (spec §7's call, searched and sorted in
 * the browser), or with `serverPaging` the one page the table shows, sorted by every term and
 * searched on the server. The page on screen stays while the next one loads.
 */
export function useAdminList<T extends RaRecord>(definition: ResourceDefinition<T>, archivedShown: boolean, view: AdminListView): AdminList<T> {
  const paged = Boolean(definition.serverPaging);
  const fields = archivedShown && definition.listFields ? [...definition.listFields, 'archivedAt'] : definition.listFields;
  // Only then is archivedAt asked for: the default call stays the spec's (§7).
  const wholeMeta: WholeListMeta = archivedShown ? { all: true, fields, archived: 'include' } : { all: true, fields: definition.listFields };
  const whole = useGetList<T>(definition.name, { pagination: WHOLE_LIST, meta: wholeMeta }, { enabled: !paged });

  const search = view.search.trim();
  const [first] = view.sort;
  const pageMeta: ServerPageMeta = { serverPage: true, fields, sort: view.sort, ...(archivedShown ? { archived: 'include' } : {}) };
  const page = useGetList<T>(
    definition.name,
    {
      pagination: { page: view.page + 1, perPage: view.pageSize },
      sort: first ? { field: first.field, order: first.order === 'asc' ? 'ASC' : 'DESC' } : undefined,
      filter: search ? { q: search } : {},
      meta: pageMeta,
    },
    { enabled: paged, placeholderData: (previous) => previous },
  );

  const shown = paged ? page : whole;
  return {
    rows: shown.data ?? NO_ROWS,
    total: paged ? (shown.total ?? 0) : undefined,
    isPending: shown.isPending,
    isFetching: shown.isFetching,
    refetch: shown.refetch,
  };
}
