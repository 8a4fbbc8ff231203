import { useCallback, useRef, useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { activityComment, type WorkOrderDetail } from '../../../../common/resources/workOrder';
import { httpStatusOf } from '../../../authProvider/httpStatus';
import { errorMessageOf } from '../../../common-ui/errorMessageOf';
import { useApiFetch } from '../../../dataProvider/useApiFetch';
import { queueOutboxItem, type QueueInput } from '../../../offline/outbox/outboxService';
import { idempotencyHeaders, newIdempotencyKey, SAVED_ON_PHONE } from '../../../offline/outbox/offlineWrite';
import { cannotReachServer, isOffline } from '../../../offline/serverReach';
import { workOrderApiPath, workOrderPath } from './workOrderPath';
import type { WorkOrderDetailHandle } from './useWorkOrderDetail';

/** What an outbox item of an activity keeps for Edit: the text, reopened in 'Record activity'. */
export interface QueuedActivityDraft {
  orderId: string;
  text: string;
}

/** The outbox item of a write, but for its key and time (made when the user pressed the button). */
type Queued = Pick<QueueInput, 'kind' | 'request' | 'draft'>;

export type WorkOrderWrite = 'status' | 'activity';

/** Answers that mean the order on screen is out of date: completed (409), gone (404). A 403 signs the user out (spec §8). */
const STALE_ORDER_STATUSES = new Set([404, 409]);

const isDetail = (answer: unknown): answer is WorkOrderDetail =>
  typeof answer === 'object' && answer !== null && Array.isArray((answer as Partial<WorkOrderDetail>).activity);

/**
 * The technician's two writes (spec §2.3, §7): the status (PUT of the whole order as read, only the
 * status changed) and an activity comment (POST, trimmed per §5). One at a time: a second tap while
 * one is on its way does nothing (the ref guards at once; the state disables the controls).
 *
 * Failures: the original showed nothing (spec §8); here the server's message is shown as an error
 * notification, and when it says the order on screen is out of date — completed meanwhile (409),
 * deleted (404) — the order is read again so the screen shows what is true now.
 *
 * Offline (docs/offline.md): each write carries an Idempotency-Key made at the press; when the
 * server cannot be reached it goes into the outbox (label: the order's title; Edit leads to the
 * order) and the screen goes on as after a success.
 */
export function useWorkOrderActions(order: WorkOrderDetail, detail: Pick<WorkOrderDetailHandle, 'reload' | 'show'>) {
  const fetchOrder = useApiFetch();
  const notify = useNotify();
  const translate = useTranslate();
  const inFlight = useRef(false);
  const [writing, setWriting] = useState<WorkOrderWrite | null>(null);
  const { reload, show } = detail;

  const write = useCallback(
    async (
      kind: WorkOrderWrite,
      send: (headers: Record<string, string>) => Promise<unknown>,
      successMessage: string,
      queued: Queued,
      onQueued: () => void,
    ): Promise<boolean> => {
      if (inFlight.current) return false;
      inFlight.current = true;
      setWriting(kind);
      const key = newIdempotencyKey();
      const createdAt = Date.now();
      const queue = async () => {
        await queueOutboxItem({ ...queued, id: key, createdAt, label: order.title, editPath: workOrderPath(order._id) });
        notify(SAVED_ON_PHONE, { type: 'info' });
        onQueued();
        return true;
      };
      try {
        if (isOffline()) return await queue();
        const answer = await send(idempotencyHeaders(key));
        notify(successMessage, { type: 'success' });
        // The server logs a status change itself: the log on screen needs the order as it is now.
        if (isDetail(answer)) show(answer);
        else reload();
        return true;
      } catch (error: unknown) {
        if (cannotReachServer(error)) {
          try {
            return await queue();
          } catch {
            // IndexedDB could not take it: the form keeps everything and shows why the call failed.
          }
        }
        const message = errorMessageOf(error, translate);
        // `_`: the server's words are shown as they are, not looked up as a translation key.
        notify(message, { type: 'error', messageArgs: { _: message } });
        const status = httpStatusOf(error);
        if (status !== undefined && STALE_ORDER_STATUSES.has(status)) reload();
        return false;
      } finally {
        inFlight.current = false;
        setWriting(null);
      }
    },
    [notify, order._id, order.title, reload, show, translate],
  );

  const changeStatus = useCallback(
    (status: string) => {
      // The whole order as read (docs/work-orders.md): the server refuses any other changed field.
      const body = { ...order, status };
      return write(
        'status',
        (headers) => fetchOrder<unknown>(workOrderApiPath(order._id), { method: 'PUT', body, headers }),
        'app.work_order.updated',
        { kind: 'workOrderStatus', request: { method: 'PUT', path: workOrderApiPath(order._id), body } },
        // The screen shows the status chosen; the server's log of it comes when it is sent.
        () => show(body),
      );
    },
    [fetchOrder, order, show, write],
  );

  const recordActivity = useCallback(
    async (raw: string) => {
      const comment = activityComment(raw);
      if (comment === null) return false;
      const draft: QueuedActivityDraft = { orderId: order._id, text: comment };
      return write(
        'activity',
        (headers) => fetchOrder<unknown>(workOrderApiPath(order._id, '/activity'), { method: 'POST', body: { comment }, headers }),
        'app.work_order.activity_recorded',
        { kind: 'workOrderActivity', request: { method: 'POST', path: workOrderApiPath(order._id, '/activity'), body: { comment } }, draft },
        () => undefined,
      );
    },
    [fetchOrder, order._id, write],
  );

  return { changeStatus, recordActivity, writing };
}
