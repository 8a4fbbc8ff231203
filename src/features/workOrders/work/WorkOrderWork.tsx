import { Stack, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { formatTimestamp } from '../../../../common/formatTime';
import { isCompleted, type NamedRef, type WorkOrderDetail } from '../../../../common/resources/workOrder';
import type { WorkOrderWrites } from '../shared/useWorkOrderWrite';
import { LabourEntries } from './LabourEntries';
import { OrderCostsSummary } from './OrderCostsSummary';
import { PartsUsed } from './PartsUsed';

/**
 * An order's work (DESIGN §18, docs/work-orders.md "Work accounting") in the engineer's dialog:
 * who completed it and when, its procedure's state, what it cost, the labour recorded (with a form
 * to add an entry) and the parts used (with a row to add one). Each write answers the order as
 * GET /workOrder/{id} does, so what is shown is the server's; a Completed order takes no more
 * labour or parts (409), so it shows them without the forms.
 */
export function WorkOrderWork({ order, users, writes }: { order: WorkOrderDetail; users: readonly NamedRef[]; writes: WorkOrderWrites }) {
  const translate = useTranslate();
  const open = !isCompleted(order.status);
  return (
    <Stack spacing={3} component="section" aria-label={translate('app.work_order_screen.work')}>
      {(order.completedAt !== null || order.procedure !== null || !open) && (
        <Stack spacing={0.5}>
          {order.completedAt !== null && (
            <Typography>{translate('app.work_order_screen.completed_by', { name: order.completedByName ?? '—', time: formatTimestamp(order.completedAt) })}</Typography>
          )}
          {order.procedure !== null && (
            <Typography>
              {translate(procedureStateKey(order.procedureInspection !== null, open), { name: order.procedureName ?? order.procedure })}
            </Typography>
          )}
          {!open && <Typography color="text.secondary">{translate('app.work_order_screen.completed_no_work')}</Typography>}
        </Stack>
      )}
      <OrderCostsSummary costs={order.costs} />
      <LabourEntries order={order} users={users} writes={writes} open={open} />
      <PartsUsed order={order} writes={writes} open={open} />
    </Stack>
  );
}

/** Filled; not filled yet (open); or not filled, the order being completed without it. */
function procedureStateKey(filled: boolean, open: boolean): string {
  if (filled) return 'app.work_order_screen.procedure_filled';
  return open ? 'app.work_order_screen.procedure_not_filled' : 'app.work_order_screen.procedure_never_filled';
}
