import { Fragment, useDeferredValue, useMemo, useRef, useState, type ReactNode } from 'react';
import {
  Badge,
  Box,
  Checkbox,
  IconButton,
  LinearProgress,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TablePagination,
  TableRow,
  TableSortLabel,
  Typography,
} from '@mui/material';
import KeyboardArrowDownIcon from '@mui/icons-material/KeyboardArrowDown';
import KeyboardArrowRightIcon from '@mui/icons-material/KeyboardArrowRight';
import { useTranslate } from 'react-admin';
import { TABLE_PAGE_SIZE } from '../../../../common/constants';
import { buildSearchIndex, searchRows } from './tableSearch';
import { sortRows, toggleSort, type SortTerm, type SortValue } from './tableSort';
import { useVisibleWidth } from './useVisibleWidth';

export interface RecordColumn<T> {
  /** Field name; also the sort key. */
  key: string;
  label: string;
  render?: (row: T) => ReactNode;
  /** What sorting compares; default the field's value. */
  sortValue?: (row: T) => SortValue;
  /** What the search box matches; default the sort value. */
  searchText?: (row: T) => string;
  sortable?: boolean;
  align?: 'left' | 'right' | 'center';
  width?: number | string;
}

export interface RecordTableProps<T extends { id: string | number }> {
  rows: readonly T[];
  columns: readonly RecordColumn<T>[];
  search?: string;
  sort: readonly SortTerm[];
  onSortChange: (sort: SortTerm[]) => void;
  /** Content of an expanded row (spec §2.9: the inline editor). */
  expand?: (row: T) => ReactNode;
  selectable?: boolean;
  selected?: ReadonlySet<T['id']>;
  onSelectedChange?: (selected: Set<T['id']>) => void;
  loading?: boolean;
  pageSize?: number;
  /** Controlled paging (the generic table screen keeps it in saved settings); internal state otherwise. */
  page?: number;
  onPageChange?: (page: number) => void;
  onPageSizeChange?: (pageSize: number) => void;
  /** Controlled expanded rows (Expand All / Collapse All); internal state otherwise. */
  expanded?: ReadonlySet<T['id']>;
  onExpandedChange?: (expanded: Set<T['id']>) => void;
  /** No paging controls (spec §9: the table then shows all rows, page size -1). */
  hidePagination?: boolean;
  /**
   * Set when the server pages: `rows` are the current page, already searched and ordered by the
   * server, and this is the number of all rows. The page's rows are still ordered by `sort`.
   */
  serverTotal?: number;
  /**
   * The server sorted the page too (server-paged administration lists): rows stay in its order
   * (the browser's collation could reorder a page against its neighbours), and there is no
   * 'All' rows choice, the server answering one page at a time.
   */
  serverSorted?: boolean;
  /** Shown when there is nothing to list. */
  empty?: ReactNode;
}

const ALL_ROWS = -1;
const PAGE_SIZES = [10, 25, 50, 100];

/** The pager's sizes, with a table's own one (a detail's sub-table shows 5, spec §9) among them. */
const pageSizeChoices = (pageSize: number) => (pageSize === ALL_ROWS || PAGE_SIZES.includes(pageSize) ? PAGE_SIZES : [...PAGE_SIZES, pageSize].sort((a, b) => a - b));

function fieldValue<T>(row: T, key: string): SortValue {
  const value = (row as Record<string, unknown>)[key];
  if (Array.isArray(value)) return value.join(', ');
  return value as SortValue;
}

/**
 * The table of every administration screen and, later, of the generic table screen: search,
 * multi-column sort, paging, expandable rows and row selection, all on rows already loaded.
 */
export function RecordTable<T extends { id: string | number }>(props: RecordTableProps<T>) {
  const { rows, columns, sort, onSortChange, expand, selectable = false, loading = false } = props;
  const translate = useTranslate();
  const containerRef = useRef<HTMLDivElement>(null);
  const visibleWidth = useVisibleWidth(containerRef);
  const search = useDeferredValue(props.search ?? '');
  const [ownPage, setOwnPage] = useState(0);
  const [ownPageSize, setOwnPageSize] = useState(props.pageSize ?? TABLE_PAGE_SIZE);
  const [ownExpanded, setOwnExpanded] = useState<ReadonlySet<T['id']>>(new Set());
  const page = props.page ?? ownPage;
  const pageSize = props.onPageSizeChange ? (props.pageSize ?? TABLE_PAGE_SIZE) : ownPageSize;
  const expanded = props.expanded ?? ownExpanded;
  const setPage = (next: number) => (props.onPageChange ? props.onPageChange(next) : setOwnPage(next));
  const setPageSize = (next: number) => (props.onPageSizeChange ? props.onPageSizeChange(next) : setOwnPageSize(next));
  const selected = props.selected ?? new Set<T['id']>();

  const valueOf = useMemo(() => {
    const byKey = new Map(columns.map((column) => [column.key, column]));
    return (row: T, key: string): SortValue => {
      const column = byKey.get(key);
      return column?.sortValue ? column.sortValue(row) : fieldValue(row, key);
    };
  }, [columns]);

  const index = useMemo(
    () =>
      buildSearchIndex(rows, (row) =>
        columns.map((column) => (column.searchText ? column.searchText(row) : String(valueOf(row, column.key) ?? ''))).join('\u0000'),
      ),
    [rows, columns, valueOf],
  );
  // Sorted once per data or sort change; a keystroke only filters the sorted rows (order kept).
  const sorted = useMemo(() => (props.serverSorted ? [...rows] : sortRows(rows, sort, valueOf)), [props.serverSorted, rows, sort, valueOf]);
  const serverPaged = props.serverTotal !== undefined;
  const visible = useMemo(() => (serverPaged ? sorted : searchRows(sorted, index, search)), [serverPaged, sorted, index, search]);
  const count = props.serverTotal ?? visible.length;
  const lastPage = pageSize === ALL_ROWS ? 0 : Math.max(0, Math.ceil(count / pageSize) - 1);
  const currentPage = Math.min(page, lastPage);
  const pageRows = pageSize === ALL_ROWS || serverPaged ? visible : visible.slice(currentPage * pageSize, (currentPage + 1) * pageSize);

  const toggleExpanded = (id: T['id']) => {
    const next = new Set(expanded);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    if (props.onExpandedChange) props.onExpandedChange(next);
    else setOwnExpanded(next);
  };
  const toggleSelected = (id: T['id']) => {
    const next = new Set(selected);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    props.onSelectedChange?.(next);
  };
  const pageIds = pageRows.map((row) => row.id);
  const allOnPageSelected = pageIds.length > 0 && pageIds.every((id) => selected.has(id));
  const toggleAllOnPage = () => {
    const next = new Set(selected);
    for (const id of pageIds) {
      if (allOnPageSelected) next.delete(id);
      else next.add(id);
    }
    props.onSelectedChange?.(next);
  };
  const extraColumns = (expand ? 1 : 0) + (selectable ? 1 : 0);

  return (
    <Box>
      {loading && <LinearProgress />}
      <TableContainer ref={containerRef}>
        <Table size="small">
          <TableHead>
            <TableRow>
              {expand && <TableCell padding="checkbox" />}
              {selectable && (
                <TableCell padding="checkbox">
                  <Checkbox
                    size="small"
                    checked={allOnPageSelected}
                    indeterminate={!allOnPageSelected && pageIds.some((id) => selected.has(id))}
                    onChange={toggleAllOnPage}
                    inputProps={{ 'aria-label': translate('ra.action.select_all') }}
                  />
                </TableCell>
              )}
              {columns.map((column) => {
                const position = sort.findIndex((term) => term.field === column.key);
                const term = sort[position];
                return (
                  <TableCell key={column.key} align={column.align} sx={{ width: column.width, fontWeight: 600 }}>
                    {column.sortable === false ? (
                      column.label
                    ) : (
                      <TableSortLabel active={Boolean(term)} direction={term?.order ?? 'asc'} onClick={() => onSortChange(toggleSort(sort, column.key))}>
                        {column.label}
                        {sort.length > 1 && term && (
                          // The column's place in a multi-column sort.
                          <Badge badgeContent={position + 1} color="primary" sx={{ ml: 1.5 }} aria-hidden />
                        )}
                      </TableSortLabel>
                    )}
                  </TableCell>
                );
              })}
            </TableRow>
          </TableHead>
          <TableBody>
            {pageRows.map((row) => {
              const isExpanded = expanded.has(row.id);
              return (
                <Fragment key={row.id}>
                  <TableRow hover selected={selected.has(row.id)} data-row-id={row.id}>
                    {expand && (
                      <TableCell padding="checkbox">
                        <IconButton size="small" aria-label={translate(isExpanded ? 'ra.action.close' : 'ra.action.expand')} aria-expanded={isExpanded} onClick={() => toggleExpanded(row.id)}>
                          {isExpanded ? <KeyboardArrowDownIcon /> : <KeyboardArrowRightIcon />}
                        </IconButton>
                      </TableCell>
                    )}
                    {selectable && (
                      <TableCell padding="checkbox">
                        <Checkbox size="small" checked={selected.has(row.id)} onChange={() => toggleSelected(row.id)} inputProps={{ 'aria-label': translate('ra.action.select_row') }} />
                      </TableCell>
                    )}
                    {columns.map((column) => (
                      <TableCell key={column.key} align={column.align}>
                        {column.render ? column.render(row) : String(valueOf(row, column.key) ?? '')}
                      </TableCell>
                    ))}
                  </TableRow>
                  {expand && isExpanded && (
                    <TableRow>
                      <TableCell colSpan={columns.length + extraColumns} sx={{ bgcolor: 'action.hover', py: 2 }}>
                        {/* A wide table scrolls sideways (a phone); its detail stays in view at the visible width. */}
                        <Box sx={{ position: 'sticky', left: 16, width: visibleWidth ? visibleWidth - 32 : undefined }}>{expand(row)}</Box>
                      </TableCell>
                    </TableRow>
                  )}
                </Fragment>
              );
            })}
            {!loading && pageRows.length === 0 && (
              <TableRow>
                <TableCell colSpan={columns.length + extraColumns}>
                  <Typography color="text.secondary" sx={{ py: 2 }}>{props.empty ?? translate('app.table.no_rows')}</Typography>
                </TableCell>
              </TableRow>
            )}
          </TableBody>
        </Table>
      </TableContainer>
      {!props.hidePagination && (
      <TablePagination
        component="div"
        count={count}
        page={currentPage}
        rowsPerPage={pageSize}
        rowsPerPageOptions={props.serverSorted ? pageSizeChoices(pageSize) : [...pageSizeChoices(pageSize), { label: translate('app.table.all_rows'), value: ALL_ROWS }]}
        onPageChange={(_event, next) => setPage(next)}
        onRowsPerPageChange={(event) => {
          setPageSize(Number(event.target.value));
          setPage(0);
        }}
      />
      )}
    </Box>
  );
}
