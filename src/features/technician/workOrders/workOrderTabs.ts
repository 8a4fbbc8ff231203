import { isCompleted, type WorkOrder } from '../../../../common/resources/workOrder';

export type WorkOrderTab = 'open' | 'completed';

export const WORK_ORDER_TABS: readonly WorkOrderTab[] = ['open', 'completed'];

/**
 * Spec §2.3's two tabs: Completed holds the orders whose status is Completed, the first tab every
 * other status. Open orders come by start, soonest first — what is due next is on top; completed
 * ones newest first, by when they last changed (completing is the last change a technician can
 * make), then by end.
 */
export function splitByTab(orders: readonly WorkOrder[]): Record<WorkOrderTab, WorkOrder[]> {
  const open = orders.filter((order) => !isCompleted(order.status));
  const completed = orders.filter((order) => isCompleted(order.status));
  open.sort((a, b) => a.startTimestamp - b.startTimestamp || a.endTimestamp - b.endTimestamp);
  completed.sort((a, b) => b.updatedAt - a.updatedAt || b.endTimestamp - a.endTimestamp);
  return { open, completed };
}
