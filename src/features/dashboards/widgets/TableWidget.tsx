import { Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { TableWidgetData } from '../../../../common/dashboards/widgetData';
import { SidewaysScroll } from '../../../shared/ui/SidewaysScroll';
import { TableCellContent } from '../../tables/TableCellContent';

const NO_FILTERS = {};

/**
 * Rows in a compact table, cells drawn as on the table screens (levels, times, HTML); a row opens
 * the widget's table when it has navigation. In a grid item it scrolls inside the item; on a phone
 * the item is as tall as the rows (WidgetItem), and columns wider than the screen scroll sideways
 * inside the widget with a cue saying so.
 */
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
    <SidewaysScroll>
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
    </SidewaysScroll>
  );
}
