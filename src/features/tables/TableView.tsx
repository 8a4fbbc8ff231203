import { useEffect, useMemo, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { Alert, Box, Button, InputAdornment, Stack, TextField } from '@mui/material';
import DownloadIcon from '@mui/icons-material/Download';
import RefreshIcon from '@mui/icons-material/Refresh';
import SearchIcon from '@mui/icons-material/Search';
import UnfoldLessIcon from '@mui/icons-material/UnfoldLess';
import UnfoldMoreIcon from '@mui/icons-material/UnfoldMore';
import { useNotify, useTranslate } from 'react-admin';
import { RecordTable, type RecordColumn } from '../../shared/ui/recordTable/RecordTable';
import { errorMessageOf } from '../../shared/ui/errorMessageOf';
import { useDebouncedValue } from '../../shared/ui/useDebouncedValue';
import { useApiFetch } from '../../platform/dataProvider/useApiFetch';
import { SafeHtml } from '../../shared/ui/SafeHtml';
import { useTimeZone } from '../../shared/ui/timeZone';
import { cellText, REPORT_FORMAT_FIELDS, TIME_FIELDS } from './cellText';
import { exportToExcel } from './exportExcel';
import { TableActionButtons } from './actions/TableActionButtons';
import { TableRowDetail } from './details/TableRowDetail';
import { TableCellContent } from './TableCellContent';
import type { TableDefinition, TableRow } from './tableDefinition';
import { TableFilters } from './TableFilters';
import { filterQuery, initialFilterValues, type FilterValue, type FilterValues } from './tableFilters';
import { ALL_ROWS, defaultSettings, loadSettings, saveSettings, sortTermsOf, withSort, type TableSettings } from './tableSettings';
import { exportQuery, pagesOnServer, serverPageQuery } from './serverPaging';
import { extraLinkParams, tableLinkOf, type TableLink } from './tableLink';
import { useTableDefinition } from './useTableDefinition';

type ShownRow = TableRow & { id: string };

function withLinkedSearch<T extends TableSettings | null>(settings: T, link: TableLink): T {
  return settings && link.search !== null ? { ...settings, search: link.search, page: 0 } : settings;
}

function rowIdOf(row: TableRow, keyField: string | undefined, index: number): string {
  const key = (keyField && row[keyField]) ?? row._id;
  return key === undefined || key === null || typeof key === 'object' ? `#${index}` : String(key);
}

/** Rows keyed for the table; keys repeated in the data get their position added so each stays distinct. */
function shownRows(definition: TableDefinition): ShownRow[] {
  const seen = new Set<string>();
  return definition.data.map((row, index) => {
    let id = rowIdOf(row, definition.keyField, index);
    if (seen.has(id)) id = `${id}#${index}`;
    seen.add(id);
    return { ...row, id };
  });
}

/**
 * One table of the generic table screen (spec §2.5): pre/post HTML, filters, the toolbar (custom and
 * bulk actions, Export to Excel, Expand All / Collapse All, Refresh), search and the multi-sort table
 * whose rows expand into the detail of their type. Page, page size, search and sort are saved per
 * table (spec §3) and restored on return. A script that pages itself (answers `total` past its
 * rows) gets each page, sort and search from the server (serverPaging.ts).
 */
export function TableView({ tableId }: { tableId: string }) {
  const translate = useTranslate();
  const notify = useNotify();
  const [filterValues, setFilterValues] = useState<FilterValues | null>(null);
  // A link's filters and search (a dashboard widget opened this table) win over the saved ones.
  const location = useLocation();
  const [link] = useState<TableLink>(() => tableLinkOf(location.search));
  const [settings, setSettings] = useState<TableSettings | null>(() => withLinkedSearch(loadSettings(tableId), link));
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [expanded, setExpanded] = useState<Set<string>>(new Set());
  const [exporting, setExporting] = useState(false);
  const apiFetch = useApiFetch();
  // Set once the script shows that it pages itself: from then on each page is asked of the server.
  const [serverPaged, setServerPaged] = useState(false);
  const serverSearch = useDebouncedValue(settings?.search ?? '', 300);

  const filtersOf = (definition: TableDefinition | null) => definition?.filters ?? [];
  const [filterDefinitions, setFilterDefinitions] = useState<TableDefinition['filters']>([]);
  const query = useMemo(
    () => (filterValues ? { ...extraLinkParams(link, filterDefinitions ?? []), ...filterQuery(filterDefinitions, filterValues) } : link.params),
    [filterDefinitions, filterValues, link],
  );
  // While the search text is still being typed the last page asked stays, so one request follows.
  const typing = (settings?.search ?? '') !== serverSearch;
  const nextPageQuery = serverPaged && settings && !typing ? serverPageQuery(settings, serverSearch) : null;
  const [pageQuery, setPageQuery] = useState<ReturnType<typeof serverPageQuery>>({});
  if (nextPageQuery && JSON.stringify(nextPageQuery) !== JSON.stringify(pageQuery)) setPageQuery(nextPageQuery);
  const requestQuery = useMemo(() => ({ ...query, ...pageQuery }), [query, pageQuery]);
  const { definition, loading, error, refresh } = useTableDefinition(tableId, requestQuery);

  // The first definition brings the filters and their defaults, and the sort when none is saved
  // (state adjusted while rendering, so the defaults are in place before anything shows).
  if (definition && !filterValues) {
    setFilterDefinitions(filtersOf(definition));
    setFilterValues(initialFilterValues(filtersOf(definition), link.params));
    if (!settings) setSettings(withLinkedSearch(defaultSettings(definition.sort, definition.hidePagination), link));
  }
  if (definition && !serverPaged && pagesOnServer(definition)) setServerPaged(true);

  useEffect(() => {
    if (settings) saveSettings(tableId, settings);
  }, [tableId, settings]);

  const priority = useMemo(() => (text: string) => translate('app.table.priority', { level: text }), [translate]);
  const timeZone = useTimeZone();
  const textOf = useMemo(() => (dataField: string, value: unknown) => cellText(dataField, value, priority, timeZone), [priority, timeZone]);
  const rows = useMemo(() => (definition ? shownRows(definition) : []), [definition]);
  // The data row behind each shown row (whose added id is not one of its fields).
  const sourceOf = useMemo(() => new Map(rows.map((row, index) => [row.id, definition?.data[index] ?? row])), [rows, definition]);
  const columns = useMemo<RecordColumn<ShownRow>[]>(
    () =>
      (definition?.fields ?? []).map((field) => ({
        key: field.dataField,
        label: field.heading,
        sortable: !REPORT_FORMAT_FIELDS.has(field.dataField),
        sortValue: (row) => {
          const value = row[field.dataField];
          return TIME_FIELDS.has(field.dataField) && typeof value === 'number' ? value : textOf(field.dataField, value);
        },
        searchText: (row) => (REPORT_FORMAT_FIELDS.has(field.dataField) ? '' : textOf(field.dataField, row[field.dataField])),
        render: (row) => <TableCellContent row={row} rowId={String(row._id ?? row.id)} dataField={field.dataField} filters={query} />,
      })),
    [definition, textOf, query],
  );

  if (!definition) {
    return error ? (
      <Alert severity="error" action={<Button onClick={refresh}>{translate('app.tables.retry')}</Button>}>
        {error}
      </Alert>
    ) : (
      <RecordTable rows={[]} columns={[]} sort={[]} onSortChange={() => undefined} loading />
    );
  }

  const current = settings ?? defaultSettings(definition.sort, definition.hidePagination);
  const update = (patch: Partial<TableSettings>) => setSettings({ ...current, ...patch });
  const canExpand = definition.setSupportRowExpand === true;
  const hidePagination = definition.hidePagination === true;
  const setFilter = (name: string, value: FilterValue) => {
    setFilterValues((values) => ({ ...values, [name]: value }));
    update({ page: 0 });
  };

  const runExport = async () => {
    setExporting(true);
    try {
      // A server-paged table exports every row the server gives in one call, not just the page shown.
      const rowsToExport = serverPaged
        ? (await apiFetch<TableDefinition>(`/table/${encodeURIComponent(tableId)}`, { query: { ...query, ...exportQuery(current, current.search) } })).data
        : definition.data;
      await exportToExcel(definition.name, definition.fields, rowsToExport, textOf);
    } catch (failure: unknown) {
      const message = errorMessageOf(failure, translate);
      notify(message, { type: 'error', messageArgs: { _: message } });
    } finally {
      setExporting(false);
    }
  };

  return (
    <Box>
      <SafeHtml html={definition.preTableContent} />
      <TableFilters filters={filterDefinitions ?? []} values={filterValues ?? {}} onChange={setFilter} />
      <SafeHtml html={definition.preTableContentAfterFilters} />
      {error && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {error}
        </Alert>
      )}
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center', mb: 1 }}>
        <TableActionButtons
          customActions={definition.customActions ?? []}
          bulkActions={definition.allowSelection ? (definition.bulkActions ?? []) : []}
          hasSelection={rows.some((row) => selected.has(row.id))}
          onRefresh={refresh}
          context={() => ({
            rows: definition.data,
            selected: rows.filter((row) => selected.has(row.id)).map((row) => sourceOf.get(row.id) ?? row),
            filters: filterValues ?? {},
            table: { name: definition.name, type: definition.type },
          })}
        />
        {definition.excelExport && (
          <Button variant="outlined" size="small" startIcon={<DownloadIcon />} disabled={exporting} onClick={() => void runExport()}>
            {translate('app.table.export_excel')}
          </Button>
        )}
        {canExpand && definition.expandCollapseAllRows && (
          <>
            <Button variant="outlined" size="small" startIcon={<UnfoldMoreIcon />} onClick={() => setExpanded(new Set(rows.map((row) => row.id)))}>
              {translate('app.table.expand_all')}
            </Button>
            <Button variant="outlined" size="small" startIcon={<UnfoldLessIcon />} onClick={() => setExpanded(new Set())}>
              {translate('app.table.collapse_all')}
            </Button>
          </>
        )}
        <Button variant="outlined" size="small" startIcon={<RefreshIcon />} onClick={refresh}>
          {translate('app.table.refresh')}
        </Button>
        <Box sx={{ flexGrow: 1 }} />
        <TextField
          size="small"
          label={translate('app.table.search')}
          value={current.search}
          onChange={(event) => update({ search: event.target.value, page: 0 })}
          slotProps={{ input: { startAdornment: <InputAdornment position="start"><SearchIcon fontSize="small" /></InputAdornment> } }}
        />
      </Stack>
      <RecordTable
        rows={rows}
        columns={columns}
        search={current.search}
        sort={sortTermsOf(current)}
        onSortChange={(terms) => update(withSort(current, terms))}
        expand={canExpand ? (row) => <TableRowDetail definition={definition} row={sourceOf.get(row.id) ?? row} fields={definition.fields} onRecordChanged={refresh} /> : undefined}
        expanded={expanded}
        onExpandedChange={setExpanded}
        selectable={definition.allowSelection === true}
        selected={selected}
        onSelectedChange={setSelected}
        loading={loading}
        page={current.page}
        onPageChange={(page) => update({ page })}
        pageSize={hidePagination ? ALL_ROWS : current.itemsPerPage}
        onPageSizeChange={(itemsPerPage) => update({ itemsPerPage, page: 0 })}
        hidePagination={hidePagination}
        serverTotal={serverPaged ? definition.total : undefined}
      />
      <SafeHtml html={definition.postTableContent} />
    </Box>
  );
}
