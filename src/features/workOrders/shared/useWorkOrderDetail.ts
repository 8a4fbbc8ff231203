import { useCallback, useEffect, useState } from 'react';
import { useTranslate } from 'react-admin';
import type { WorkOrderDetail } from '../../../../common/resources/workOrder';
import { httpStatusOf } from '../../../platform/authProvider/httpStatus';
import { errorMessageOf } from '../../../shared/ui/errorMessageOf';
import { usePushEvent } from '../../../platform/realtime/usePushEvent';
import { useApiFetch } from '../../../platform/dataProvider/useApiFetch';
import { workOrderApiPath } from './workOrderApiPath';

export type WorkOrderDetailState =
  | { status: 'loading' }
  /** 404: no such order (a 403 has signed the user out meanwhile). */
  | { status: 'unavailable' }
  | { status: 'error'; message: string }
  | { status: 'ready'; order: WorkOrderDetail };

type Settled = Exclude<WorkOrderDetailState, { status: 'loading' }> & { id: string; key: string };

export interface WorkOrderDetailHandle {
  state: WorkOrderDetailState;
  /** Read the order again (after a write the server answered without the log, after a refusal, Retry). */
  reload: () => void;
  /** Show an order a write answered with (POST activity answers as GET /workOrder/{id} does). */
  show: (order: WorkOrderDetail) => void;
}

/**
 * GET /workOrder/{id} with its log and alert (docs/work-orders.md), read again when an
 * `update-detail {type: 'workOrder'}` names it (someone changed it: the engineer, the server's
 * auto-completion, this user on another phone). While a new read is on its way the order on
 * screen stays, so a live update does not flicker. A null id reads nothing (a new order has none
 * yet) and stays loading.
 */
export function useWorkOrderDetail(id: string | null): WorkOrderDetailHandle {
  const fetchOrder = useApiFetch();
  const translate = useTranslate();
  const [generation, setGeneration] = useState(0);
  const [settled, setSettled] = useState<Settled | null>(null);
  const key = `${generation}:${id}`;
  const reload = useCallback(() => setGeneration((n) => n + 1), []);

  usePushEvent('update-detail', (event) => {
    if (event.type === 'workOrder' && event._id === id) reload();
  });

  useEffect(() => {
    if (id === null) return undefined;
    const controller = new AbortController();
    fetchOrder<WorkOrderDetail>(workOrderApiPath(id), { signal: controller.signal, offline: true }).then(
      (order) => setSettled({ id, key, status: 'ready', order }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        const status = httpStatusOf(error);
        if (status === 404) setSettled({ id, key, status: 'unavailable' });
        else {
          console.error('work order could not be loaded', error);
          setSettled({ id, key, status: 'error', message: errorMessageOf(error, translate) });
        }
      },
    );
    return () => controller.abort();
  }, [fetchOrder, id, key, translate]);

  const show = useCallback((order: WorkOrderDetail) => setSettled({ id: order._id, key, status: 'ready', order }), [key]);

  let state: WorkOrderDetailState = { status: 'loading' };
  if (settled?.key === key) state = settled;
  // A refresh of the order on screen keeps it there until the answer comes.
  else if (settled?.id === id && settled.status === 'ready') state = settled;
  return { state, reload, show };
}
