import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { workOrders } from '../../db/schema';
import type { AuthUser } from '../../auth/access';
import { forbidden, notFound } from '../../http/errors';
import type { Transaction } from '../../crud/crudTypes';
import type { WorkOrderRow } from './workOrderInput';

export const MANAGE = 'manage-workorder';
export const NOT_FOUND = 'Work order not found';
export const NOT_YOURS = 'This work order is not assigned to you';
export const PROCEDURE_FILLED = "This work order's procedure has been filled: it can no longer change";

export const mayManage = (user: AuthUser): boolean => user.permissions.has(MANAGE);

/** The order's row, locked for the rest of the transaction: what a write's checks see cannot change under it. */
export async function lockedOrder(tx: Transaction, id: string): Promise<WorkOrderRow> {
  const [row] = await tx.select().from(workOrders).where(eq(workOrders._id, id)).for('update');
  if (!row) throw notFound(NOT_FOUND);
  return row;
}

/**
 * The order, for a caller allowed to act on it (docs/work-orders.md): manage-workorder acts on
 * any; anyone else only on orders assigned to them — 403 before their body is even looked at.
 */
export async function orderFor(db: Pick<Database, 'select'>, id: string, user: AuthUser): Promise<WorkOrderRow> {
  const [row] = await db.select().from(workOrders).where(eq(workOrders._id, id));
  if (!row) throw notFound(NOT_FOUND);
  if (!mayManage(user) && row.assignedTo !== user._id) throw forbidden(NOT_YOURS);
  return row;
}
