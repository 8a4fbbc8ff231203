import { useCallback, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslate } from 'react-admin';
import type { WorkOrderDetail } from '../../../../common/resources/workOrder';
import { httpStatusOf } from '../../../platform/authProvider/httpStatus';
import { apiQuery } from '../../../platform/dataProvider/apiQuery';
import { useApiQuery } from '../../../platform/dataProvider/useApiQuery';
import { usePushEvent } from '../../../platform/realtime/usePushEvent';
import { errorMessageOf } from '../../../shared/ui/errorMessageOf';
import { workOrderApiPath } from './workOrderApiPath';

export type WorkOrderDetailState =
  | { status: 'loading' }
  /** 404: no such order (a 403 has signed the user out meanwhile). */
  | { status: 'unavailable' }
  | { status: 'error'; message: string }
  | { status: 'ready'; order: WorkOrderDetail };

export interface WorkOrderDetailHandle {
  state: WorkOrderDetailState;
  /** Read the order again (after a write the server answered without the log, after a refusal, Retry). */
  reload: () => void;
  /** Show an order a write answered with (POST activity answers as GET /workOrder/{id} does). */
  show: (order: WorkOrderDetail) => void;
}

/** GET /workOrder/{id} with its log and alert; offline, the phone's kept copy answers (docs/offline.md). */
export const workOrderDetailQuery = (id: string) => apiQuery<WorkOrderDetail>(workOrderApiPath(id), { offline: true });

/**
 * An order with its log, alert, labour and parts (docs/work-orders.md), through the one query
 * cache: read again when an `update-detail {type: 'workOrder'}` names it (someone changed it: the
 * engineer, the server's auto-completion, this user on another phone). While a new read is on its
 * way the order on screen stays, so a live update does not flicker; a read that fails then keeps
 * it too. A write's answer is shown at once and a read still on its way (asked before the write)
 * is dropped, so it cannot put the older order back. A null id reads nothing (a new order has
 * none yet) and stays loading.
 */
export function useWorkOrderDetail(id: string | null): WorkOrderDetailHandle {
  const translate = useTranslate();
  const client = useQueryClient();
  const { data, error, refetch } = useApiQuery({ ...workOrderDetailQuery(id ?? ''), enabled: id !== null });
  const reload = useCallback(() => {
    if (id !== null) refetch();
  }, [id, refetch]);

  usePushEvent('update-detail', (event) => {
    if (event.type === 'workOrder' && event._id === id) reload();
  });

  // A write's answer on screen in this very render, over the data it replaces: the cache's copy
  // reaches the screen a moment later (useApiQuery renders answers as transitions), and any newer
  // answer than the one it replaced wins.
  const [accepted, setAccepted] = useState<{ order: WorkOrderDetail; over: WorkOrderDetail | undefined } | null>(null);
  const show = useCallback(
    (order: WorkOrderDetail) => {
      const { queryKey } = workOrderDetailQuery(order._id);
      setAccepted({ order, over: client.getQueryData<WorkOrderDetail>(queryKey) });
      void client.cancelQueries({ queryKey, exact: true });
      client.setQueryData(queryKey, order);
    },
    [client],
  );
  const order = accepted && accepted.order._id === id && accepted.over === data ? accepted.order : data;

  let state: WorkOrderDetailState = { status: 'loading' };
  if (id !== null) {
    // Gone is gone, whatever was on screen; any other failure shows only when there is nothing to show.
    if (error && httpStatusOf(error) === 404) state = { status: 'unavailable' };
    else if (order) state = { status: 'ready', order };
    else if (error) state = { status: 'error', message: errorMessageOf(error, translate) };
  }
  return { state, reload, show };
}
