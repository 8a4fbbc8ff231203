import { useCallback, useRef, useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { activityComment, type WorkOrderDetail } from '../../../../common/resources/workOrder';
import { httpStatusOf } from '../../../authProvider/httpStatus';
import { errorMessageOf } from '../../../common-ui/errorMessageOf';
import { useApiFetch } from '../../../dataProvider/useApiFetch';
import { workOrderApiPath } from './workOrderPath';
import type { WorkOrderDetailHandle } from './useWorkOrderDetail';

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
 */
export function useWorkOrderActions(order: WorkOrderDetail, detail: Pick<WorkOrderDetailHandle, 'reload' | 'show'>) {
  const fetchOrder = useApiFetch();
  const notify = useNotify();
  const translate = useTranslate();
  const inFlight = useRef(false);
  const [writing, setWriting] = useState<WorkOrderWrite | null>(null);
  const { reload, show } = detail;

  const write = useCallback(
    async (kind: WorkOrderWrite, send: () => Promise<unknown>, successMessage: string): Promise<boolean> => {
      if (inFlight.current) return false;
      inFlight.current = true;
      setWriting(kind);
      try {
        const answer = await send();
        notify(successMessage, { type: 'success' });
        // The server logs a status change itself: the log on screen needs the order as it is now.
        if (isDetail(answer)) show(answer);
        else reload();
        return true;
      } catch (error: unknown) {
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
    [notify, reload, show, translate],
  );

  const changeStatus = useCallback(
    (status: string) =>
      write(
        'status',
        // The whole order as read (docs/work-orders.md): the server refuses any other changed field.
        () => fetchOrder<unknown>(workOrderApiPath(order._id), { method: 'PUT', body: { ...order, status } }),
        'app.work_order.updated',
      ),
    [fetchOrder, order, write],
  );

  const recordActivity = useCallback(
    async (raw: string) => {
      const comment = activityComment(raw);
      if (comment === null) return false;
      return write(
        'activity',
        () => fetchOrder<unknown>(workOrderApiPath(order._id, '/activity'), { method: 'POST', body: { comment } }),
        'app.work_order.activity_recorded',
      );
    },
    [fetchOrder, order._id, write],
  );

  return { changeStatus, recordActivity, writing };
}
