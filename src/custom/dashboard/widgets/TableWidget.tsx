import { Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { TableWidgetData } from '../../../../common/dashboards/widgetData';
import { TableCellContent } from '../../tables/TableCellContent';

const NO_FILTERS = {};

/** Rows in a compact table scrolling inside the item, cells drawn as on the table screens (levels, times, HTML); a row opens the widget's table when it has navigation. */
export function TableWidget({ data, onRowClick }: { data: TableWidgetData; onRowClick?: (row: Record<string, unknown>) => void }) {
  const translate = useTranslate();
  if (data.data.length === 0) {
    return (
      <Typography color="text.secondary" sx={{ p: 1 }}>
        {translate('app.dashboard.no_rows')}
      </Typography>
    );
  }
  return (
    // It scrolls: focusable, so a keyboard can scroll it too (axe scrollable-region-focusable).
    <TableContainer tabIndex={0} sx={{ height: '100%', overflow: 'auto' }}>
      <Table size="small" stickyHeader>
        <TableHead>
          <TableRow>
            {data.fields.map((field) => (
              <TableCell key={field.dataField}>{field.heading}</TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {data.data.map((row, index) => (
            <TableRow
              key={typeof row._id === 'string' ? row._id : index}
              hover={Boolean(onRowClick)}
              onClick={onRowClick ? () => onRowClick(row) : undefined}
              sx={onRowClick ? { cursor: 'pointer' } : undefined}
            >
              {data.fields.map((field) => (
                <TableCell key={field.dataField}>
                  <TableCellContent row={row} rowId={String(row._id ?? index)} dataField={field.dataField} filters={NO_FILTERS} />
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
