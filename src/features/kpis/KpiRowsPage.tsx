import { useMemo, useState } from 'react';
import { useParams, useSearchParams } from 'react-router-dom';
import { Alert, Box, Button, Paper, Stack, TextField, Typography } from '@mui/material';
import DownloadIcon from '@mui/icons-material/Download';
import { useNotify, useTranslate } from 'react-admin';
import { formatTimestamp } from '../../../common/formatTime';
import { isKpiName, KPI_DEFINITIONS, kpiNumber, kpiParts, kpiValueText, type KpiDefinition, type KpiField, type KpiFigure, type KpiRows } from '../../../common/kpis/kpiDefinitions';
import { apiQuery } from '../../platform/dataProvider/apiQuery';
import { useApiQuery } from '../../platform/dataProvider/useApiQuery';
import { useApiFetch } from '../../platform/dataProvider/useApiFetch';
import { useDebouncedValue } from '../../shared/ui/useDebouncedValue';
import { RecordTable, type RecordColumn } from '../../shared/ui/recordTable/RecordTable';
import type { SortTerm } from '../../shared/ui/recordTable/tableSort';
import { errorMessageOf } from '../../shared/ui/errorMessageOf';
import { useTimeZone } from '../../shared/ui/timeZone';
import { exportToExcel } from '../tables/exportExcel';

/** Rows one call answers at most (the server's page limit): the export reads the matches in pages of it. */
const EXPORT_PAGE = 10_000;
const SEARCH_DELAY_MS = 300;

type Row = Record<string, unknown> & { id: string };

/** A cell as the screen shows it: times in the user's zone, hours and money to 2 places, yes/no. */
export function kpiCellText(field: KpiField, value: unknown, timeZone?: string): string {
  if (value === null || value === undefined) return '';
  switch (field.kind) {
    case 'time':
      return typeof value === 'number' ? formatTimestamp(value, timeZone) : '';
    case 'hours':
    case 'minutes':
      return typeof value === 'number' ? kpiNumber(value) : '';
    case 'money':
      return typeof value === 'number' ? value.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 }) : '';
    case 'yesNo':
      return value === true ? 'Yes' : 'No';
    default:
      return String(value);
  }
}

/** `sort=["field","ASC"|"DESC"]` of the one term the rows are sorted by, if any. */
const sortParam = (sort: readonly SortTerm[]) => (sort[0] ? { sort: JSON.stringify([sort[0].field, sort[0].order.toUpperCase()]) } : {});

/**
 * The rows a KPI counted (docs/kpis.md), opened from its dashboard widget with the same period and
 * assets: the formula, the figure and what it divided above, then exactly those rows — paged,
 * sorted and searched by the server over all of them (a KPI may count tens of thousands), and
 * exported to Excel whole, as the table screens export theirs.
 */
export function KpiRowsPage() {
  const translate = useTranslate();
  const notify = useNotify();
  const timeZone = useTimeZone();
  const apiFetch = useApiFetch();
  const { name = '' } = useParams();
  const [params] = useSearchParams();
  const query = useMemo(() => Object.fromEntries([...params.entries()].filter(([key]) => ['start', 'end', 'asset'].includes(key))), [params]);
  const known = isKpiName(name);
  const [sort, setSort] = useState<SortTerm[]>([]);
  const [search, setSearch] = useState('');
  const searched = useDebouncedValue(search.trim(), SEARCH_DELAY_MS);
  const [paging, setPaging] = useState({ page: 0, pageSize: 25 });
  const [exporting, setExporting] = useState(false);
  const view = useMemo(() => ({ ...query, ...sortParam(sort), ...(searched ? { search: searched } : {}) }), [query, sort, searched]);
  // A new sort or search starts at the first page.
  const [pagedView, setPagedView] = useState(view);
  if (pagedView !== view) {
    setPagedView(view);
    setPaging((current) => ({ ...current, page: 0 }));
  }
  const first = paging.page * paging.pageSize;
  const figure = useApiQuery({ ...apiQuery<KpiFigure>(`/kpi/${name}`, { query }), enabled: known });
  const rows = useApiQuery({
    ...apiQuery<KpiRows>(`/kpi/${name}/rows`, { query: { ...view, range: `[${first},${first + paging.pageSize - 1}]` } }),
    enabled: known,
    // The page shown stays until the next one has come: no empty table between pages.
    placeholderData: (previous) => previous,
  });
  const fields = known ? KPI_DEFINITIONS[name].fields : [];
  const cellText = (dataField: string, value: unknown) => kpiCellText(fields.find((field) => field.dataField === dataField) as KpiField, value, timeZone);
  const columns: RecordColumn<Row>[] = fields.map((field) => ({
    key: field.dataField,
    label: field.heading,
    render: (row) => kpiCellText(field, row[field.dataField], timeZone),
    align: ['hours', 'minutes', 'money'].includes(field.kind) ? 'right' : 'left',
  }));
  const shown: Row[] = (rows.data?.rows ?? []).map((row, index) => ({ ...row, id: String(row._id ?? first + index) }));
  const matching = rows.data?.matching ?? 0;

  /** Every matching row, in the order shown, read in pages of the server's limit. */
  const exportRows = async (definition: KpiDefinition) => {
    setExporting(true);
    try {
      const all: Record<string, unknown>[] = [];
      for (let start = 0; start === 0 || start < matching; start += EXPORT_PAGE) {
        const page = await apiFetch<KpiRows>(`/kpi/${definition.name}/rows`, { query: { ...view, range: `[${start},${start + EXPORT_PAGE - 1}]` } });
        all.push(...page.rows);
        if (page.rows.length < EXPORT_PAGE) break;
      }
      await exportToExcel(definition.label, fields, all, cellText);
    } catch (failure: unknown) {
      const message = errorMessageOf(failure, translate);
      // `_`: the server's words are shown as they are, not looked up as a translation key.
      notify(message, { type: 'error', messageArgs: { _: message } });
    } finally {
      setExporting(false);
    }
  };

  if (!known) return <Alert severity="error">{translate('app.kpi.unknown', { name })}</Alert>;
  const definition = KPI_DEFINITIONS[name];
  const error = figure.error ?? rows.error;
  return (
    <Box sx={{ p: { xs: 1, sm: 2 } }}>
      <Typography variant="h5" component="h1">
        {definition.label}
      </Typography>
      <Paper variant="outlined" sx={{ p: 2, my: 2 }}>
        <Typography data-testid="kpi-formula">{definition.formula}</Typography>
        <Typography variant="body2" color="text.secondary">
          {definition.source}
        </Typography>
        {figure.data && (
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ xs: 0.5, sm: 3 }} sx={{ mt: 1.5, alignItems: { sm: 'baseline' } }}>
            <Typography variant="h4" component="p" data-testid="kpi-value" sx={{ fontVariantNumeric: 'tabular-nums' }}>
              {kpiValueText(figure.data)}
            </Typography>
            <Typography data-testid="kpi-parts">{kpiParts(figure.data)}</Typography>
            <Typography color="text.secondary">
              {translate('app.kpi.period', { start: formatTimestamp(figure.data.scope.start, timeZone), end: formatTimestamp(figure.data.until, timeZone) })}
            </Typography>
          </Stack>
        )}
      </Paper>
      {error && <Alert severity="error">{errorMessageOf(error, translate)}</Alert>}
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {translate('app.kpi.rows_are', { rows: definition.rowsAre, count: (rows.data?.total ?? 0).toLocaleString('en-US') })}
        {rows.data && searched !== '' && ` ${translate('app.kpi.matching', { count: matching.toLocaleString('en-US') })}`}
      </Typography>
      <Stack direction="row" spacing={1} sx={{ mb: 1, alignItems: 'center' }}>
        <TextField size="small" label={translate('app.kpi.search')} value={search} onChange={(event) => setSearch(event.target.value)} />
        <Button
          startIcon={<DownloadIcon />}
          sx={{ flexShrink: 0, whiteSpace: 'nowrap' }}
          disabled={shown.length === 0 || exporting}
          onClick={() => void exportRows(definition)}
        >
          {translate('app.kpi.export')}
        </Button>
      </Stack>
      <RecordTable
        rows={shown}
        columns={columns}
        sort={sort}
        // The server sorts by one column: the one clicked last.
        onSortChange={(next) => setSort(next.filter((term) => !sort.some((kept) => kept.field === term.field && kept.order === term.order)).slice(-1))}
        loading={rows.isPending || rows.isFetching}
        page={paging.page}
        onPageChange={(page) => setPaging((current) => ({ ...current, page }))}
        pageSize={paging.pageSize}
        onPageSizeChange={(pageSize) => setPaging({ page: 0, pageSize })}
        serverTotal={matching}
        serverSorted
        empty={translate('app.kpi.none')}
      />
    </Box>
  );
}
