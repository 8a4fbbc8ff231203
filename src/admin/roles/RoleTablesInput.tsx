import { useMemo, useState } from 'react';
import {
  Autocomplete,
  Box,
  IconButton,
  Switch,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import DeleteIcon from '@mui/icons-material/Delete';
import { useInput, useTranslate } from 'react-admin';
import { setDefaultTable, type RoleTableEntry } from '../../../common/resources/role';
import type { TableRecord } from '../../../common/resources/table';
import { useRelatedList } from '../mechanism/useRelatedList';

type TableOption = Pick<TableRecord, 'name' | 'type'> & { id: string };

const asEntries = (value: unknown): RoleTableEntry[] => (Array.isArray(value) ? (value as RoleTableEntry[]) : []);
const keepEntries = (value: RoleTableEntry[]) => value;

/**
 * The tables of a role (spec §2.9, §4): tables are added from the table records, each shows its
 * type and a default switch; turning one on turns off the role's other tables of that type.
 */
export function RoleTablesInput({ source, label }: { source: string; label?: string }) {
  const translate = useTranslate();
  const { field } = useInput<RoleTableEntry[]>({ source, format: asEntries, parse: keepEntries });
  const entries = asEntries(field.value);
  const [query, setQuery] = useState('');
  const tables = useRelatedList<TableOption>('table', ['name', 'type']);
  const byId = useMemo(() => new Map(tables.map((table) => [String(table.id), table])), [tables]);
  const available = useMemo(
    () =>
      tables
        .filter((table) => !entries.some((entry) => entry.table === String(table.id)))
        .sort((a, b) => a.type.localeCompare(b.type) || a.name.localeCompare(b.name)),
    [tables, entries],
  );

  const typeOf = (tableId: string) => byId.get(tableId)?.type;
  const nameOf = (tableId: string) => byId.get(tableId)?.name ?? tableId;

  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
      <Typography component="legend" variant="subtitle2" sx={{ mb: 1 }}>
        {label ?? translate('app.role.fields.tables')}
      </Typography>
      {entries.length === 0 ? (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>{translate('app.role.no_tables')}</Typography>
      ) : (
        <Table size="small" sx={{ mb: 1, maxWidth: 720 }}>
          <TableHead>
            <TableRow>
              <TableCell>{translate('app.role.table')}</TableCell>
              <TableCell>{translate('app.role.type')}</TableCell>
              <TableCell>{translate('app.role.default_table')}</TableCell>
              <TableCell padding="checkbox" />
            </TableRow>
          </TableHead>
          <TableBody>
            {entries.map((entry) => (
              <TableRow key={entry.table} data-table-id={entry.table}>
                <TableCell>{nameOf(entry.table)}</TableCell>
                <TableCell>{typeOf(entry.table) ?? ''}</TableCell>
                <TableCell>
                  <Switch
                    size="small"
                    checked={entry.default}
                    onChange={(event) => field.onChange(setDefaultTable(entries, entry.table, event.target.checked, typeOf))}
                    slotProps={{ input: { 'aria-label': `${translate('app.role.default_table')} ${nameOf(entry.table)}` } }}
                  />
                </TableCell>
                <TableCell padding="checkbox">
                  <Tooltip title={translate('app.role.remove_table', { name: nameOf(entry.table) })}>
                    <IconButton
                      size="small"
                      aria-label={translate('app.role.remove_table', { name: nameOf(entry.table) })}
                      onClick={() => field.onChange(entries.filter((other) => other.table !== entry.table))}
                    >
                      <DeleteIcon fontSize="small" />
                    </IconButton>
                  </Tooltip>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      <Autocomplete<TableOption>
        size="small"
        sx={{ maxWidth: 360 }}
        options={available}
        groupBy={(table) => table.type}
        getOptionLabel={(table) => table.name}
        value={null}
        inputValue={query}
        // A picked table joins the list above; the box empties for the next one.
        onInputChange={(_event, text, reason) => setQuery(reason === 'reset' ? '' : text)}
        blurOnSelect
        onChange={(_event, table) => {
          if (table) field.onChange([...entries, { table: String(table.id), default: false }]);
        }}
        renderInput={(params) => <TextField {...params} label={translate('app.role.add_table')} />}
      />
    </Box>
  );
}
