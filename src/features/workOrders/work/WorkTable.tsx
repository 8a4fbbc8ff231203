import { useId, type ReactNode } from 'react';
import { Box, IconButton, Table, TableBody, TableCell, TableHead, TableRow, Tooltip, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';

/** Cells of numbers line up on the right; the table fits the 600 px dialog without a sideways scroll. */
const NUMBER_CELL = { textAlign: 'right', whiteSpace: 'nowrap' } as const;

export interface WorkColumn<Row> {
  /** The heading's i18n key. */
  label: string;
  numeric?: boolean;
  /** Kept on one line (a part number). */
  noWrap?: boolean;
  cell: (row: Row) => ReactNode;
}

interface WorkTableProps<Row extends { _id: string }> {
  /** The section's heading, as an i18n key. */
  title: string;
  /** What shows when there are no rows, as an i18n key. */
  empty: string;
  columns: readonly WorkColumn<Row>[];
  rows: readonly Row[];
  /** A row's buttons, in a last column; absent when nothing may change (a completed order). */
  actions?: (row: Row) => ReactNode;
  /** Below the table: the form that adds a row. */
  children?: ReactNode;
}

/**
 * A titled table of what was recorded on an order (its labour, its parts; DESIGN §18): a heading
 * that names the table, the rows or a line saying there are none, each row's buttons while the
 * order may change, and the form adding one below.
 */
export function WorkTable<Row extends { _id: string }>({ title, empty, columns, rows, actions, children }: WorkTableProps<Row>) {
  const translate = useTranslate();
  const titleId = useId();
  return (
    <Box component="section" aria-labelledby={titleId}>
      <Typography id={titleId} variant="subtitle1" component="h3" gutterBottom>
        {translate(title)}
      </Typography>
      {rows.length === 0 ? (
        <Typography color="text.secondary">{translate(empty)}</Typography>
      ) : (
        <Table size="small" aria-labelledby={titleId}>
          <TableHead>
            <TableRow>
              {columns.map((column) => (
                <TableCell key={column.label} sx={column.numeric ? NUMBER_CELL : undefined}>
                  {translate(column.label)}
                </TableCell>
              ))}
              {actions && <TableCell padding="none" aria-label={translate('app.work_order.actions')} />}
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((row) => (
              <TableRow key={row._id}>
                {columns.map((column) => (
                  <TableCell key={column.label} sx={column.numeric ? NUMBER_CELL : column.noWrap ? { whiteSpace: 'nowrap' } : undefined}>
                    {column.cell(row)}
                  </TableCell>
                ))}
                {actions && (
                  <TableCell padding="none" sx={{ whiteSpace: 'nowrap' }}>
                    {actions(row)}
                  </TableCell>
                )}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      {children}
    </Box>
  );
}

/** A row's icon button, named by its tooltip (the span lets the tooltip show while it is disabled). */
export function RowAction({ label, icon, disabled, onClick }: { label: string; icon: ReactNode; disabled: boolean; onClick: () => void }) {
  return (
    <Tooltip title={label}>
      <span>
        <IconButton size="small" aria-label={label} disabled={disabled} onClick={onClick}>
          {icon}
        </IconButton>
      </span>
    </Tooltip>
  );
}
