import { useCallback, useEffect, useState } from 'react';
import { useTranslate } from 'react-admin';
import type { WorkOrder } from '../../../../common/resources/workOrder';
import { errorMessageOf } from '../../../shared/ui/errorMessageOf';
import { useArrivingState } from '../../../shared/ui/useArrivingState';
import { useApiFetch } from '../../../platform/dataProvider/useApiFetch';
import { usePushEvent } from '../../../platform/realtime/usePushEvent';
import { keepForOffline } from '../../../platform/offline/keepForOffline';
import { splitByTab } from './workOrderTabs';
import { workOrderApiPath } from '../../workOrders/shared/workOrderApiPath';

export interface MyWorkOrders {
  /** Null until the first answer; the last list stays while a refresh is on its way (no flicker). */
  orders: WorkOrder[] | null;
  /** The server's message of the last failed read, cleared by the next answer. */
  error: string | null;
  reload: () => void;
}

/**
 * GET /workOrder/my (spec §7), read again when something pushed concerns it (DESIGN §11): a
 * `new-work-order` (sent to this user only: an order given to them), or an `update-detail` naming an
 * order of the list — a status change, an edit, or a reassignment away, after which the order
 * is no longer in the answer.
 */
export function useMyWorkOrders(): MyWorkOrders {
  const apiFetch = useApiFetch();
  const translate = useTranslate();
  const [orders, setOrders] = useArrivingState<WorkOrder[] | null>(null);
  const [error, setError] = useArrivingState<string | null>(null);
  const [generation, setGeneration] = useState(0);
  const reload = useCallback(() => setGeneration((n) => n + 1), []);

  usePushEvent('new-work-order', reload);
  usePushEvent('update-detail', (event) => {
    if (event.type === 'workOrder' && orders?.some((order) => order._id === event._id)) reload();
  });

  useEffect(() => {
    const controller = new AbortController();
    apiFetch<WorkOrder[]>('/workOrder/my', { signal: controller.signal, offline: true }).then(
      (answer) => {
        const list = Array.isArray(answer) ? answer : [];
        setOrders(list);
        setError(null);
        // Opening an order in a basement needs its detail and the statuses already on the phone.
        keepForOffline(['/workOrder/config', ...splitByTab(list).open.map((order) => workOrderApiPath(order._id))]);
      },
      (failure: unknown) => {
        if (controller.signal.aborted) return;
        console.error('work orders could not be loaded', failure);
        setError(errorMessageOf(failure, translate));
      },
    );
    return () => controller.abort();
  }, [apiFetch, translate, generation, setError, setOrders]);

  return { orders, error, reload };
}
