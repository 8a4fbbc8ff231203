import { useMemo, useState } from 'react';
import { Alert, Box, Button, Stack, Typography } from '@mui/material';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import { useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { useFormState } from 'react-hook-form';
import { RecordTable, type RecordColumn } from '../../shared/ui/recordTable/RecordTable';
import type { SortTerm } from '../../shared/ui/recordTable/tableSort';
import { errorMessageOf } from '../../shared/ui/errorMessageOf';
import { useApiFetch } from '../../platform/dataProvider/useApiFetch';
import { TableCellContent } from '../../features/tables/TableCellContent';
import type { TableDefinition } from '../../features/tables/tableDefinition';
import type { EditorProps } from '../mechanism/ResourceDefinition';
import { tableScreenPath } from './tableScreenPath';
import type { TableAdminRecord } from './types';

type PreviewRow = Record<string, unknown> & { id: string };

/**
 * Under a table record's inputs: "Run" (issue 5) — GET /table/{id} with the filters' defaults, the
 * resulting rows read-only, or the script's error — and a link to the table's screen. It runs the
 * saved table, so it waits for unsaved changes to be saved rather than showing something other
 * than what is being edited.
 */
export function TablePreview({ record }: EditorProps<TableAdminRecord>) {
  const tableId = String(record.id);
  const screen = tableScreenPath(record.type, tableId);
  const translate = useTranslate();
  const apiFetch = useApiFetch();
  const { isDirty } = useFormState();
  const [result, setResult] = useState<{ definition: TableDefinition } | { error: string } | null>(null);
  const [running, setRunning] = useState(false);
  const [sort, setSort] = useState<SortTerm[]>([]);

  const run = async () => {
    setRunning(true);
    try {
      setResult({ definition: await apiFetch<TableDefinition>(`/table/${encodeURIComponent(tableId)}`) });
    } catch (failure: unknown) {
      setResult({ error: errorMessageOf(failure, translate) });
    } finally {
      setRunning(false);
    }
  };

  const definition = result && 'definition' in result ? result.definition : null;
  const rows = useMemo<PreviewRow[]>(() => (definition?.data ?? []).map((row, index) => ({ ...row, id: `${index}` })), [definition]);
  const columns = useMemo<RecordColumn<PreviewRow>[]>(
    () =>
      (definition?.fields ?? []).map((field) => ({
        key: field.dataField,
        label: field.heading,
        render: (row) => <TableCellContent row={row} rowId={String(row._id ?? row.id)} dataField={field.dataField} filters={{}} />,
      })),
    [definition],
  );

  return (
    <Stack spacing={1}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <Button variant="outlined" startIcon={<PlayArrowIcon />} disabled={isDirty || running} onClick={() => void run()}>
          {translate('app.table_admin.run')}
        </Button>
        {isDirty && (
          <Typography variant="caption" color="text.secondary">
            {translate('app.table_admin.save_to_run')}
          </Typography>
        )}
      </Stack>
      {result && 'error' in result && <Alert severity="error">{result.error}</Alert>}
      {definition && (
        <>
          <Typography variant="subtitle2">
            {/* A script that pages itself answers its first page and the number of all rows. */}
            {typeof definition.total === 'number' && definition.total > rows.length
              ? translate('app.table_admin.preview_page', { name: definition.name, count: rows.length, smart_count: definition.total })
              : translate('app.table_admin.preview', { name: definition.name, smart_count: rows.length })}
          </Typography>
          <RecordTable rows={rows} columns={columns} sort={sort} onSortChange={setSort} />
        </>
      )}
      {screen && (
        <Box>
          <Button component={Link} to={screen} size="small" startIcon={<OpenInNewIcon />}>
            {translate('app.table_admin.open')}
          </Button>
        </Box>
      )}
    </Stack>
  );
}
