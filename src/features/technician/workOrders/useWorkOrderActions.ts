import { useCallback } from 'react';
import { useNotify } from 'react-admin';
import { activityComment, type WorkOrderDetail } from '../../../../common/resources/workOrder';
import { queueOutboxItem, type QueueInput } from '../../../platform/offline/outbox/outboxService';
import { SAVED_ON_PHONE } from '../../../platform/offline/outbox/offlineWrite';
import type { WorkOrderDetailHandle } from '../../workOrders/shared/useWorkOrderDetail';
import { workOrderApiPath } from '../../workOrders/shared/workOrderApiPath';
import { activityRequest, useWorkOrderWrite, type WorkOrderRequest } from '../../workOrders/shared/useWorkOrderWrite';
import { workOrderPath } from './workOrderPath';

/** What an outbox item of an activity keeps for Edit: the text, reopened in 'Record activity'. */
export interface QueuedActivityDraft {
  orderId: string;
  text: string;
}

/**
 * The technician's two writes (spec §2.3, §7): the status (PUT of the whole order as read, only the
 * status changed) and an activity comment (POST, trimmed per §5), one at a time, their failures
 * shown (`useWorkOrderWrite`).
 *
 * Offline (docs/offline.md): each write carries an Idempotency-Key made at the press; when the
 * server cannot be reached it goes into the outbox (label: the order's title; Edit leads to the
 * order) and the screen goes on as after a success.
 */
export function useWorkOrderActions(order: WorkOrderDetail, detail: Pick<WorkOrderDetailHandle, 'reload' | 'show'>) {
  const notify = useNotify();
  const { write, writing } = useWorkOrderWrite(detail);
  const { show } = detail;

  /** Into the outbox under the press's key and time; then the screen goes on as `onQueued` says. */
  const keepInOutbox = useCallback(
    (kind: QueueInput['kind'], request: WorkOrderRequest, draft: unknown, onQueued: () => void) => async (key: string, createdAt: number) => {
      await queueOutboxItem({ kind, request, ...(draft === undefined ? {} : { draft }), id: key, createdAt, label: order.title, editPath: workOrderPath(order._id) });
      notify(SAVED_ON_PHONE, { type: 'info' });
      onQueued();
    },
    [notify, order._id, order.title],
  );

  const changeStatus = useCallback(
    (status: string) => {
      // The whole order as read (docs/work-orders.md): the server refuses any other changed field.
      const body = { ...order, status };
      const request: WorkOrderRequest = { method: 'PUT', path: workOrderApiPath(order._id), body };
      return write({
        kind: 'status',
        request,
        successMessage: 'app.work_order.updated',
        // The screen shows the status chosen; the server's log of it comes when it is sent.
        keepUnsent: keepInOutbox('workOrderStatus', request, undefined, () => show(body)),
      });
    },
    [keepInOutbox, order, show, write],
  );

  const recordActivity = useCallback(
    async (raw: string) => {
      const comment = activityComment(raw);
      if (comment === null) return false;
      const request = activityRequest(order._id, comment);
      const draft: QueuedActivityDraft = { orderId: order._id, text: comment };
      return write({
        kind: 'activity',
        request,
        successMessage: 'app.work_order.activity_recorded',
        keepUnsent: keepInOutbox('workOrderActivity', request, draft, () => undefined),
      });
    },
    [keepInOutbox, order._id, write],
  );

  return { changeStatus, recordActivity, writing };
}
