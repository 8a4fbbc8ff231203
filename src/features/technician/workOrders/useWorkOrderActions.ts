import { useCallback } from 'react';
import { useNotify } from 'react-admin';
import { ACTIVITY_PHOTO_UPLOAD_TARGET, activityComment, type WorkOrderDetail } from '../../../../common/resources/workOrder';
import { isLocalPhotoId } from '../../../platform/offline/outbox/outboxItem';
import { queueOutboxItem, type QueueInput } from '../../../platform/offline/outbox/outboxService';
import { SAVED_ON_PHONE } from '../../../platform/offline/outbox/offlineWrite';
import type { WorkOrderDetailHandle } from '../../workOrders/shared/useWorkOrderDetail';
import { workOrderApiPath } from '../../workOrders/shared/workOrderApiPath';
import { activityRequest, useWorkOrderWrite, type WorkOrderRequest } from '../../workOrders/shared/useWorkOrderWrite';
import { workOrderPath } from './workOrderPath';
import { addTimeRequest, partUseRequest, startTimerRequest, stopTimerRequest, type QueuedPartDraft } from './accounting/workAccountingRequests';

/** What an outbox item of an activity keeps for Edit: the text and photos, reopened in 'Record activity'. */
export interface QueuedActivityDraft {
  orderId: string;
  text: string;
  /** Absent on items queued before activity took photos. */
  photos?: string[];
}

/** A part chosen in 'Add part': its id for the server, its number and name for the screen. */
export interface ChosenPart {
  _id: string;
  partNumber: string;
  name: string;
}

const noop = () => undefined;

/**
 * The technician's writes (spec §2.3, §7; DESIGN §18): the status (PUT of the whole order as read,
 * only the status changed), an activity comment and its photos (POST, trimmed per §5), the timer started and
 * stopped, time added, a part used, and the asset's downtime (the order's PUT again: the assignee
 * may change status and downtime only) — one at a time, their failures shown (`useWorkOrderWrite`).
 * Every time sent is the phone's when the technician pressed.
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
    (kind: QueueInput['kind'], request: WorkOrderRequest, draft: unknown, onQueued: () => void, photos: Pick<QueueInput, 'photoIds' | 'photoFor'> = {}) => async (key: string, createdAt: number) => {
      await queueOutboxItem({ kind, request, ...(draft === undefined ? {} : { draft }), ...photos, id: key, createdAt, label: order.title, editPath: workOrderPath(order._id) });
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
    async (raw: string, photos: string[] = []) => {
      const comment = activityComment(raw);
      if (comment === null) return false;
      const request = activityRequest(order._id, comment, photos);
      const draft: QueuedActivityDraft = { orderId: order._id, text: comment, photos };
      // Photos taken offline go up first (for=workOrder.activity), their local ids replaced in the body.
      const offlinePhotos = { photoIds: photos.filter(isLocalPhotoId), photoFor: ACTIVITY_PHOTO_UPLOAD_TARGET };
      return write({
        kind: 'activity',
        request,
        successMessage: 'app.work_order.activity_recorded',
        keepUnsent: keepInOutbox('workOrderActivity', request, draft, noop, offlinePhotos),
      });
    },
    [keepInOutbox, order._id, write],
  );

  const startTimer = useCallback(() => {
    const request = startTimerRequest(order._id, Date.now());
    return write({ kind: 'labour', request, successMessage: 'app.technician.work_order.timer_started', keepUnsent: keepInOutbox('workOrderLabour', request, undefined, noop) });
  }, [keepInOutbox, order._id, write]);

  const stopTimer = useCallback(() => {
    const request = stopTimerRequest(order._id, Date.now());
    return write({ kind: 'labour', request, successMessage: 'app.technician.work_order.timer_stopped', keepUnsent: keepInOutbox('workOrderLabour', request, undefined, noop) });
  }, [keepInOutbox, order._id, write]);

  const addTime = useCallback(
    (startedAt: number, hours: number, onRefused?: (message: string) => void) => {
      const request = addTimeRequest(order._id, startedAt, hours);
      return write({ kind: 'labour', request, successMessage: 'app.technician.work_order.time_added', keepUnsent: keepInOutbox('workOrderLabour', request, undefined, noop), onRefused });
    },
    [keepInOutbox, order._id, write],
  );

  const recordPartUse = useCallback(
    (part: ChosenPart, quantity: number, onRefused?: (message: string) => void) => {
      const request = partUseRequest(order._id, part._id, quantity);
      const draft: QueuedPartDraft = { orderId: order._id, partNumber: part.partNumber, partName: part.name, quantity };
      return write({ kind: 'part', request, successMessage: 'app.technician.work_order.part_added', keepUnsent: keepInOutbox('workOrderPart', request, draft, noop), onRefused });
    },
    [keepInOutbox, order._id, write],
  );

  /** The asset stopped (a new downtime from now) or runs again (its end now): the whole order as read with those changed. */
  const recordDowntime = useCallback(
    (change: { downtimeStart: number; downtimeEnd: null } | { downtimeEnd: number }) => {
      const body = { ...order, ...change };
      const request: WorkOrderRequest = { method: 'PUT', path: workOrderApiPath(order._id), body };
      return write({ kind: 'downtime', request, successMessage: 'app.technician.work_order.downtime_recorded', keepUnsent: keepInOutbox('workOrderDowntime', request, undefined, () => show(body)) });
    },
    [keepInOutbox, order, show, write],
  );

  return { changeStatus, recordActivity, startTimer, stopTimer, addTime, recordPartUse, recordDowntime, writing };
}
