import DeleteIcon from '@mui/icons-material/Delete';
import { useTranslate } from 'react-admin';
import type { PartUse } from '../../../../common/resources/workAccounting';
import type { WorkOrderDetail } from '../../../../common/resources/workOrder';
import type { WorkOrderWrites } from '../shared/useWorkOrderWrite';
import { returnPartRequest } from '../shared/workAccountingRequests';
import { AddPartForm } from './AddPartForm';
import { formatMoney } from './workFormat';
import { RowAction, WorkTable, type WorkColumn } from './WorkTable';

const money = (value: number | null) => (value === null ? '—' : formatMoney(value));

const COLUMNS: readonly WorkColumn<PartUse>[] = [
  { label: 'app.work_order_screen.part_number', noWrap: true, cell: (use) => use.partNumber },
  { label: 'app.work_order_screen.part_name', cell: (use) => use.partName },
  { label: 'app.work_order_screen.quantity', numeric: true, cell: (use) => use.quantity },
  { label: 'app.work_order_screen.unit_cost', numeric: true, cell: (use) => money(use.unitCost) },
  { label: 'app.work_order_screen.cost', numeric: true, cell: (use) => money(use.cost) },
];

/**
 * The spare parts used on the order (DESIGN §18): each at its unit cost when it was taken from
 * stock. While the order is open a use may be removed (its quantity goes back to stock) and one
 * added below.
 */
export function PartsUsed({ order, writes, open }: { order: WorkOrderDetail; writes: WorkOrderWrites; open: boolean }) {
  const translate = useTranslate();
  const remove = (use: PartUse) =>
    void writes.write({ kind: 'part', request: returnPartRequest(order._id, use._id), successMessage: 'app.work_order_screen.part_removed' });
  const actions = (use: PartUse) => (
    <RowAction label={translate('app.work_order_screen.remove_part', { part: use.partNumber })} icon={<DeleteIcon fontSize="small" />} disabled={writes.writing !== null} onClick={() => remove(use)} />
  );

  return (
    <WorkTable title="app.work_order_screen.parts" empty="app.work_order_screen.no_parts" columns={COLUMNS} rows={order.parts} actions={open ? actions : undefined}>
      {open && <AddPartForm orderId={order._id} writes={writes} />}
    </WorkTable>
  );
}
