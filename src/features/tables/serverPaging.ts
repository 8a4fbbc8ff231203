import { TABLE_RANGE_MAX, type TableDefinition } from '../../../common/tables/tableDefinition';
import type { QueryValue } from '../../platform/dataProvider/apiBase';
import { ALL_ROWS, sortTermsOf, type TableSettings } from './tableSettings';

/**
 * A table whose script pages itself (docs/scripts.md) answers `total` beyond the rows it sent; from
 * then on the screen asks the server for each page instead of holding every row.
 */
export function pagesOnServer(definition: TableDefinition): boolean {
  return typeof definition.total === 'number' && definition.total > definition.data.length;
}

/**
 * The DESIGN §3 paging params of one page: `range=[first,last]`, the first sort term as
 * `sort=["field","ASC"|"DESC"]`, and the search text for the script (`input.search`).
 */
export function serverPageQuery(settings: TableSettings, search: string): Record<string, QueryValue> {
  const size = settings.itemsPerPage === ALL_ROWS ? TABLE_RANGE_MAX : settings.itemsPerPage;
  const first = settings.itemsPerPage === ALL_ROWS ? 0 : settings.page * size;
  const query: Record<string, QueryValue> = { range: JSON.stringify([first, first + size - 1]) };
  const [term] = sortTermsOf(settings);
  if (term) query.sort = JSON.stringify([term.field, term.order === 'desc' ? 'DESC' : 'ASC']);
  if (search.trim() !== '') query.search = search.trim();
  return query;
}

/** Every row the server can give in one call, for the Excel export of a server-paged table. */
export function exportQuery(settings: TableSettings, search: string): Record<string, QueryValue> {
  return serverPageQuery({ ...settings, page: 0, itemsPerPage: ALL_ROWS }, search);
}
