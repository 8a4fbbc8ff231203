import { Table, TableBody, TableCell, TableRow as MuiTableRow } from '@mui/material';
import { useTranslate } from 'react-admin';
import { useTimeZone } from '../../shared/ui/timeZone';
import { cellText, REPORT_FORMAT_FIELDS } from './cellText';
import type { TableField, TableRow } from './tableDefinition';

/**
 * An expanded row: every field of the row as a name/value pair, named by its column heading when
 * it has one. (The detail views by table type of spec §2.5 replace this in a later slice.)
 */
export function RowFields({ row, fields }: { row: TableRow; fields: readonly TableField[] }) {
  const translate = useTranslate();
  const timeZone = useTimeZone();
  const headings = new Map(fields.map((field) => [field.dataField, field.heading]));
  const names = Object.keys(row).filter((name) => name !== '_id' && !REPORT_FORMAT_FIELDS.has(name));
  return (
    <Table size="small" aria-label={translate('app.tables.row_details')}>
      <TableBody>
        {names.map((name) => (
          <MuiTableRow key={name}>
            <TableCell component="th" scope="row" sx={{ fontWeight: 600, width: '30%' }}>
              {headings.get(name) ?? name}
            </TableCell>
            <TableCell>{cellText(name, row[name], (text) => translate('app.table.priority', { level: text }), timeZone)}</TableCell>
          </MuiTableRow>
        ))}
      </TableBody>
    </Table>
  );
}
