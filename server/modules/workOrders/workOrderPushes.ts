import type { Publisher } from '../../realtime/pushHub';
import type { NewWorkOrderEvent, WorkOrder } from '../../../common/resources/workOrder';
import { assigneeAudience, workOrderAudience } from '../../../common/realtime';
import type { ResolvedByCompletion } from './workOrderActivityLog';

/** The push a new or reassigned order sends its assignee (common NewWorkOrderEvent). */
export const newWorkOrderEvent = (order: WorkOrder): NewWorkOrderEvent => ({
  _id: order._id,
  title: order.title,
  asset: order.asset,
  assetName: order.assetName,
  priority: order.priority,
  status: order.status,
  startTimestamp: order.startTimestamp,
  endTimestamp: order.endTimestamp,
  alert: order.alert,
});

/**
 * After a committed write (DESIGN §6, §11): `update-detail` for the order to those who may read
 * it — manage-workorder holders and, holding read-workorder, its assignee before and after the
 * write (`assignees`), never every technician; `new-work-order` to the assignee's own sockets
 * only, when the order is new to them; and, when completing it resolved its alert, `update-detail`
 * for that alert and its inspection, as POST /alert/resolve pushes them.
 */
export function publishWorkOrderWrite(
  pushes: Publisher,
  orderId: string,
  change: { assignees: readonly string[]; order?: WorkOrder | null; newAssignee?: string | null; resolved?: ResolvedByCompletion },
): void {
  pushes.publishTo(workOrderAudience(change.assignees), 'update-detail', { type: 'workOrder', _id: orderId });
  if (change.newAssignee && change.order) pushes.publishTo(assigneeAudience(change.newAssignee), 'new-work-order', newWorkOrderEvent(change.order));
  for (const _id of change.resolved?.alerts ?? []) pushes.publish('update-detail', { type: 'alert', _id });
  for (const _id of change.resolved?.inspections ?? []) pushes.publish('update-detail', { type: 'inspection', _id });
}
