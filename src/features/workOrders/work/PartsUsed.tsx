import { useId } from 'react';
import { Box, IconButton, Table, TableBody, TableCell, TableHead, TableRow, Tooltip, Typography } from '@mui/material';
import DeleteIcon from '@mui/icons-material/Delete';
import { useTranslate } from 'react-admin';
import type { PartUse } from '../../../../common/resources/workAccounting';
import type { WorkOrderDetail } from '../../../../common/resources/workOrder';
import type { WorkOrderWrites } from '../shared/useWorkOrderWrite';
import { returnPartRequest } from '../shared/workAccountingRequests';
import { AddPartForm } from './AddPartForm';
import { formatMoney } from './workFormat';

const NUMBER_CELL = { textAlign: 'right', whiteSpace: 'nowrap' } as const;

/**
 * The spare parts used on the order (DESIGN §18): each at its unit cost when it was taken from
 * stock. While the order is open a use may be removed (its quantity goes back to stock) and one
 * added below.
 */
export function PartsUsed({ order, writes, open }: { order: WorkOrderDetail; writes: WorkOrderWrites; open: boolean }) {
  const translate = useTranslate();
  const titleId = useId();
  const remove = (use: PartUse) =>
    void writes.write({ kind: 'part', request: returnPartRequest(order._id, use._id), successMessage: 'app.work_order_screen.part_removed' });

  return (
    <Box component="section" aria-labelledby={titleId}>
      <Typography id={titleId} variant="subtitle1" component="h3" gutterBottom>
        {translate('app.work_order_screen.parts')}
      </Typography>
      {order.parts.length === 0 ? (
        <Typography color="text.secondary">{translate('app.work_order_screen.no_parts')}</Typography>
      ) : (
        <Table size="small" aria-labelledby={titleId}>
          <TableHead>
            <TableRow>
              <TableCell>{translate('app.work_order_screen.part_number')}</TableCell>
              <TableCell>{translate('app.work_order_screen.part_name')}</TableCell>
              <TableCell sx={NUMBER_CELL}>{translate('app.work_order_screen.quantity')}</TableCell>
              <TableCell sx={NUMBER_CELL}>{translate('app.work_order_screen.unit_cost')}</TableCell>
              <TableCell sx={NUMBER_CELL}>{translate('app.work_order_screen.cost')}</TableCell>
              {open && <TableCell padding="none" aria-label={translate('app.work_order.actions')} />}
            </TableRow>
          </TableHead>
          <TableBody>
            {order.parts.map((use) => (
              <TableRow key={use._id}>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{use.partNumber}</TableCell>
                <TableCell>{use.partName}</TableCell>
                <TableCell sx={NUMBER_CELL}>{use.quantity}</TableCell>
                <TableCell sx={NUMBER_CELL}>{use.unitCost === null ? '—' : formatMoney(use.unitCost)}</TableCell>
                <TableCell sx={NUMBER_CELL}>{use.cost === null ? '—' : formatMoney(use.cost)}</TableCell>
                {open && (
                  <TableCell padding="none">
                    <Tooltip title={translate('app.work_order_screen.remove_part', { part: use.partNumber })}>
                      <span>
                        <IconButton size="small" aria-label={translate('app.work_order_screen.remove_part', { part: use.partNumber })} disabled={writes.writing !== null} onClick={() => remove(use)}>
                          <DeleteIcon fontSize="small" />
                        </IconButton>
                      </span>
                    </Tooltip>
                  </TableCell>
                )}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      {open && <AddPartForm orderId={order._id} writes={writes} />}
    </Box>
  );
}
