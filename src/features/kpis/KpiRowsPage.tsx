import { useMemo, useState } from 'react';
import { useParams, useSearchParams } from 'react-router-dom';
import { Alert, Box, Button, Paper, Stack, TextField, Typography } from '@mui/material';
import DownloadIcon from '@mui/icons-material/Download';
import { useTranslate } from 'react-admin';
import { formatTimestamp } from '../../../common/formatTime';
import { isKpiName, KPI_DEFINITIONS, kpiNumber, kpiParts, kpiValueText, type KpiField, type KpiFigure, type KpiRows } from '../../../common/kpis/kpiDefinitions';
import { apiQuery } from '../../platform/dataProvider/apiQuery';
import { useApiQuery } from '../../platform/dataProvider/useApiQuery';
import { RecordTable, type RecordColumn } from '../../shared/ui/recordTable/RecordTable';
import type { SortTerm } from '../../shared/ui/recordTable/tableSort';
import { errorMessageOf } from '../../shared/ui/errorMessageOf';
import { useTimeZone } from '../../shared/ui/timeZone';
import { exportToExcel } from '../tables/exportExcel';

/** Rows one KPI screen reads at once: the server's page limit. */
const ALL_ROWS = '[0,9999]';

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

/**
 * The rows a KPI counted (docs/kpis.md), opened from its dashboard widget with the same period and
 * assets: the formula, the figure and what it divided above, then exactly those rows — sortable,
 * searchable, exported to Excel as the table screens export theirs.
 */
export function KpiRowsPage() {
  const translate = useTranslate();
  const timeZone = useTimeZone();
  const { name = '' } = useParams();
  const [params] = useSearchParams();
  const query = useMemo(() => Object.fromEntries([...params.entries()].filter(([key]) => ['start', 'end', 'asset'].includes(key))), [params]);
  const known = isKpiName(name);
  const figure = useApiQuery({ ...apiQuery<KpiFigure>(`/kpi/${name}`, { query }), enabled: known });
  const rows = useApiQuery({ ...apiQuery<KpiRows>(`/kpi/${name}/rows`, { query: { ...query, range: ALL_ROWS } }), enabled: known });
  const [sort, setSort] = useState<SortTerm[]>([]);
  const [search, setSearch] = useState('');
  const fields = known ? KPI_DEFINITIONS[name].fields : [];
  const columns: RecordColumn<Row>[] = fields.map((field) => ({
    key: field.dataField,
    label: field.heading,
    render: (row) => kpiCellText(field, row[field.dataField], timeZone),
    sortValue: (row) => (typeof row[field.dataField] === 'number' || typeof row[field.dataField] === 'string' ? (row[field.dataField] as number | string) : row[field.dataField] === true ? 1 : 0),
    searchText: (row) => kpiCellText(field, row[field.dataField], timeZone),
    align: ['hours', 'minutes', 'money'].includes(field.kind) ? 'right' : 'left',
  }));
  const shown: Row[] = (rows.data?.rows ?? []).map((row, index) => ({ ...row, id: String(row._id ?? index) }));

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
        {translate('app.kpi.rows_are', { rows: definition.rowsAre, count: rows.data?.total ?? 0 })}
      </Typography>
      <Stack direction="row" spacing={1} sx={{ mb: 1, alignItems: 'center' }}>
        <TextField size="small" label={translate('app.kpi.search')} value={search} onChange={(event) => setSearch(event.target.value)} />
        <Button
          startIcon={<DownloadIcon />}
          sx={{ flexShrink: 0, whiteSpace: 'nowrap' }}
          disabled={shown.length === 0}
          onClick={() => void exportToExcel(definition.label, fields, shown, (dataField, value) => kpiCellText(fields.find((field) => field.dataField === dataField) as KpiField, value, timeZone))}
        >
          {translate('app.kpi.export')}
        </Button>
      </Stack>
      <RecordTable rows={shown} columns={columns} sort={sort} onSortChange={setSort} search={search} loading={rows.isPending} pageSize={25} empty={translate('app.kpi.none')} />
    </Box>
  );
}
