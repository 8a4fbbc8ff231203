import { IconButton, Table, TableBody, TableCell, TableHead, TableRow, TextField, Tooltip, Typography, Button, Stack } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import { useTranslate } from 'react-admin';
import type { KeyValue } from './noteTypes';

interface KeyValueRowsProps {
  title: string;
  rows: readonly KeyValue[];
  /** What of a row may be typed over: nothing, its value, or all of it (and it may be removed). */
  rowEditing: (key: string) => 'none' | 'value' | 'all';
  /** Rows may be added (measurements read in the camera's own software, e.g. a spot 'Sp1'). */
  canAdd: boolean;
  onChange: (rows: KeyValue[]) => void;
  /** A third column, e.g. the camera's own value beside a corrected parameter. */
  extra?: { heading: string; valueOf: (key: string) => string | null };
  /** Rows not shown on their own (the camera's values, shown in the extra column). */
  hidden?: (key: string) => boolean;
  empty: string;
}

const text = (value: KeyValue['v'] | null | undefined) => value ?? '';

/** Spec §2.5: measurements and parameters as key/value rows. */
export function KeyValueRows({ title, rows, rowEditing, canAdd, onChange, extra, hidden, empty }: KeyValueRowsProps) {
  const translate = useTranslate();
  const set = (index: number, patch: Partial<KeyValue>) => onChange(rows.map((row, at) => (at === index ? { ...row, ...patch } : row)));
  const shown = rows.map((row, index) => ({ row, index })).filter(({ row }) => !hidden?.(row.k));
  const showExtra = extra && shown.some(({ row }) => extra.valueOf(row.k) !== null);
  const removable = shown.some(({ row }) => rowEditing(row.k) === 'all');
  return (
    <Stack spacing={0.5}>
      {/* As tall as with the Add row button, so side-by-side tables line up. */}
      <Stack direction="row" sx={{ alignItems: 'center', minHeight: 32 }}>
        <Typography variant="subtitle2" component="h4" sx={{ flexGrow: 1 }}>
          {title}
        </Typography>
        {canAdd ? (
          <Button size="small" startIcon={<AddIcon />} onClick={() => onChange([...rows, { k: '', v: '' }])}>
            {translate('app.thermography.add_row')}
          </Button>
        ) : null}
      </Stack>
      {shown.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {empty}
        </Typography>
      ) : (
        <Table size="small" aria-label={title}>
          <TableHead>
            <TableRow>
              <TableCell>{translate('app.thermography.key')}</TableCell>
              <TableCell>{translate('app.detail.value')}</TableCell>
              {showExtra ? <TableCell>{extra.heading}</TableCell> : null}
              {removable ? <TableCell padding="checkbox" /> : null}
            </TableRow>
          </TableHead>
          <TableBody>
            {shown.map(({ row, index }) => (
              <TableRow key={index}>
                <TableCell>
                  {rowEditing(row.k) === 'all' ? (
                    <TextField
                      size="small"
                      variant="standard"
                      value={row.k}
                      onChange={(event) => set(index, { k: event.target.value })}
                      slotProps={{ htmlInput: { 'aria-label': translate('app.thermography.key_of_row', { n: index + 1 }) } }}
                    />
                  ) : (
                    row.k
                  )}
                </TableCell>
                <TableCell>
                  {rowEditing(row.k) !== 'none' ? (
                    <TextField
                      size="small"
                      variant="standard"
                      value={text(row.v)}
                      onChange={(event) => set(index, { v: event.target.value })}
                      slotProps={{ htmlInput: { 'aria-label': row.k || translate('app.thermography.value_of_row', { n: index + 1 }) } }}
                    />
                  ) : (
                    text(row.v)
                  )}
                </TableCell>
                {showExtra ? <TableCell sx={{ color: 'text.secondary' }}>{extra.valueOf(row.k) ?? ''}</TableCell> : null}
                {removable ? (
                  <TableCell padding="checkbox">
                    {rowEditing(row.k) === 'all' ? (
                      <Tooltip title={translate('app.thermography.remove_row')}>
                        <IconButton size="small" aria-label={translate('app.thermography.remove_row_named', { name: row.k || index + 1 })} onClick={() => onChange(rows.filter((_, at) => at !== index))}>
                          <DeleteIcon fontSize="small" />
                        </IconButton>
                      </Tooltip>
                    ) : null}
                  </TableCell>
                ) : null}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Stack>
  );
}
