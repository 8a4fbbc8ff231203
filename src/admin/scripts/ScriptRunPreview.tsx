import { useMemo, useRef, useState } from 'react';
import { Alert, Box, Button, CircularProgress, Stack, TextField, Typography } from '@mui/material';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import { useTranslate } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { RecordTable, type RecordColumn } from '../../shared/ui/recordTable/RecordTable';
import type { SortTerm } from '../../shared/ui/recordTable/tableSort';
import { useApiFetch } from '../../platform/dataProvider/useApiFetch';

/** What POST /script/run answers on success. */
export interface ScriptRunResult {
  value: unknown;
  logs: string[];
  durationMs: number;
}

const MONOSPACE = 'ui-monospace, SFMono-Regular, Menlo, Consolas, "Liberation Mono", monospace';
const PREVIEW_ROWS = 20;

/** The script's line named in an error message ('… (line 3)'), if any. */
export function errorLineOf(message: string): number | null {
  const match = /\bline (\d+)\b/i.exec(message);
  return match ? Number(match[1]) : null;
}

/** The input as an object, or null when it is not a JSON object. Blank means {}. */
function parseInput(text: string): Record<string, unknown> | null {
  if (text.trim() === '') return {};
  try {
    const value: unknown = JSON.parse(text);
    return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

interface TableField {
  heading: string;
  dataField: string;
}

/** A table definition (spec §3: fields [{heading, dataField}] and data rows) among the run's value. */
function tableOf(value: unknown): { fields: TableField[]; data: Record<string, unknown>[] } | null {
  if (value === null || typeof value !== 'object') return null;
  const { fields, data } = value as { fields?: unknown; data?: unknown };
  if (!Array.isArray(fields) || !Array.isArray(data) || fields.length === 0) return null;
  const valid = fields.every(
    (field: unknown) =>
      field !== null && typeof field === 'object' && typeof (field as TableField).heading === 'string' && typeof (field as TableField).dataField === 'string',
  );
  return valid ? { fields: fields as TableField[], data: data.filter((row): row is Record<string, unknown> => row !== null && typeof row === 'object') } : null;
}

const cellText = (value: unknown) => (value === null || value === undefined ? '' : typeof value === 'object' ? JSON.stringify(value) : String(value));

type PreviewRow = Record<string, unknown> & { id: number };

function TablePreview({ fields, data }: { fields: TableField[]; data: Record<string, unknown>[] }) {
  const translate = useTranslate();
  const [sort, setSort] = useState<SortTerm[]>([]);
  const rows = useMemo(() => data.slice(0, PREVIEW_ROWS).map((row, index): PreviewRow => ({ ...row, id: index })), [data]);
  const columns = useMemo<RecordColumn<PreviewRow>[]>(
    () =>
      fields.map((field) => ({
        key: field.dataField,
        label: field.heading,
        render: (row) => cellText(row[field.dataField]),
        sortValue: (row) => cellText(row[field.dataField]),
      })),
    [fields],
  );
  return (
    <Box component="section" aria-label={translate('app.script.run.table')}>
      <Typography variant="subtitle2">
        {translate('app.script.run.table_rows', { shown: rows.length, total: data.length })}
      </Typography>
      <RecordTable rows={rows} columns={columns} sort={sort} onSortChange={setSort} pageSize={25} />
    </Box>
  );
}

const blockSx = {
  fontFamily: MONOSPACE,
  fontSize: 13,
  m: 0,
  p: 1,
  maxHeight: 320,
  overflow: 'auto',
  whiteSpace: 'pre',
  bgcolor: 'background.default',
  border: 1,
  borderColor: 'divider',
  borderRadius: 1,
} as const;

/**
 * The run preview under the code editor: runs the code now in the editor (saved or not) on the
 * server's sandbox with an optional JSON input, and shows the value, the logs and the duration,
 * or the error (whose line the editor then marks).
 */
export function ScriptRunPreview({ onErrorLine }: { onErrorLine: (line: number | null) => void }) {
  const translate = useTranslate();
  const apiFetch = useApiFetch();
  const code = (useWatch({ name: 'code' }) as string | null | undefined) ?? '';
  const [inputText, setInputText] = useState('{}');
  const [inputInvalid, setInputInvalid] = useState(false);
  const [running, setRunning] = useState(false);
  const [result, setResult] = useState<ScriptRunResult | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [errorLogs, setErrorLogs] = useState<string[]>([]);
  const runId = useRef(0);

  const run = async () => {
    const input = parseInput(inputText);
    setInputInvalid(input === null);
    if (input === null) return;
    const id = ++runId.current;
    setRunning(true);
    setError(null);
    setErrorLogs([]);
    setResult(null);
    onErrorLine(null);
    try {
      const answer = await apiFetch<ScriptRunResult>('/script/run', { method: 'POST', body: { code, input } });
      if (id !== runId.current) return;
      setResult({ value: answer.value, logs: Array.isArray(answer.logs) ? answer.logs : [], durationMs: answer.durationMs });
    } catch (failure: unknown) {
      if (id !== runId.current) return;
      const message = failure instanceof Error && failure.message ? failure.message : translate('app.script.run.failed');
      // The server's error body also carries the line and the logs written before the failure.
      const body = (failure as { body?: unknown } | null)?.body as { line?: unknown; logs?: unknown } | undefined;
      const line = typeof body?.line === 'number' ? body.line : errorLineOf(message);
      setError(message);
      setErrorLogs(Array.isArray(body?.logs) ? body.logs.map(String) : []);
      onErrorLine(line);
    } finally {
      if (id === runId.current) setRunning(false);
    }
  };

  const table = result ? tableOf(result.value) : null;

  return (
    <Stack component="section" aria-label={translate('app.script.run.title')} spacing={1.5} sx={{ pt: 1 }}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'flex-start' } }}>
        <TextField
          label={translate('app.script.run.input')}
          value={inputText}
          onChange={(event) => {
            setInputText(event.target.value);
            if (inputInvalid) setInputInvalid(false);
          }}
          error={inputInvalid}
          helperText={inputInvalid ? translate('app.script.run.invalid_input') : translate('app.script.run.input_help')}
          multiline
          minRows={1}
          maxRows={8}
          size="small"
          sx={{ flex: 1 }}
          slotProps={{ htmlInput: { spellCheck: false, style: { fontFamily: MONOSPACE, fontSize: 13 } } }}
        />
        <Button
          type="button"
          variant="outlined"
          onClick={() => void run()}
          disabled={running}
          startIcon={running ? <CircularProgress size={18} color="inherit" /> : <PlayArrowIcon />}
          sx={{ mt: { sm: 0.5 } }}
        >
          {translate(running ? 'app.script.run.running' : 'app.script.run.run')}
        </Button>
      </Stack>
      {error !== null && (
        <Alert severity="error" role="alert">
          {error}
        </Alert>
      )}
      {error !== null && errorLogs.length > 0 && (
        <>
          <Typography variant="subtitle2" component="h3">{translate('app.script.run.logs')}</Typography>
          <Box component="pre" aria-label={translate('app.script.run.logs')} tabIndex={0} sx={{ ...blockSx, maxHeight: 200 }}>
            {errorLogs.join('\n')}
          </Box>
        </>
      )}
      {result && (
        <Stack spacing={1}>
          <Typography variant="body2" color="text.secondary">
            {translate('app.script.run.duration', { ms: Math.round(result.durationMs) })}
          </Typography>
          <Typography variant="subtitle2" component="h3">{translate('app.script.run.value')}</Typography>
          <Box component="pre" aria-label={translate('app.script.run.value')} tabIndex={0} sx={blockSx}>
            {result.value === undefined ? 'undefined' : JSON.stringify(result.value, null, 2)}
          </Box>
          {table && <TablePreview fields={table.fields} data={table.data} />}
          <Typography variant="subtitle2" component="h3">{translate('app.script.run.logs')}</Typography>
          {result.logs.length === 0 ? (
            <Typography variant="body2" color="text.secondary">{translate('app.script.run.no_logs')}</Typography>
          ) : (
            <Box component="pre" aria-label={translate('app.script.run.logs')} tabIndex={0} sx={{ ...blockSx, maxHeight: 200 }}>
              {result.logs.join('\n')}
            </Box>
          )}
        </Stack>
      )}
    </Stack>
  );
}
