import { useEffect, useMemo } from 'react';
import { useTranslate } from 'react-admin';
import type { WorkOrder } from '../../../../common/resources/workOrder';
import { MY_WORK_ORDERS_PATH } from '../../../../common/firstAsks';
import { errorMessageOf } from '../../../shared/ui/errorMessageOf';
import { apiQuery } from '../../../platform/dataProvider/apiQuery';
import { useApiQuery } from '../../../platform/dataProvider/useApiQuery';
import { usePushEvent } from '../../../platform/realtime/usePushEvent';
import { keepForOffline } from '../../../platform/offline/keepForOffline';
import { splitByTab } from './workOrderTabs';
import { workOrderApiPath } from '../../workOrders/shared/workOrderApiPath';
import { orderAssetPath } from './orderAssetPath';

export interface MyWorkOrders {
  /** Null until the first answer; the last list stays while a refresh is on its way (no flicker). */
  orders: WorkOrder[] | null;
  /** The server's message of the last failed read, cleared by the next answer. */
  error: string | null;
  reload: () => void;
}

/** GET /workOrder/my, kept for offline use. */
export const myWorkOrdersQuery = () => apiQuery<WorkOrder[]>(MY_WORK_ORDERS_PATH, { offline: true });

/**
 * GET /workOrder/my (spec §7), read again when something pushed concerns it (DESIGN §11): a
 * `new-work-order` (sent to this user only: an order given to them), or an `update-detail` naming an
 * order of the list — a status change, an edit, or a reassignment away, after which the order
 * is no longer in the answer.
 */
export function useMyWorkOrders(): MyWorkOrders {
  const translate = useTranslate();
  const { data, error, refetch } = useApiQuery(myWorkOrdersQuery());
  const orders = useMemo(() => (data === undefined ? null : Array.isArray(data) ? data : []), [data]);

  usePushEvent('new-work-order', refetch);
  usePushEvent('update-detail', (event) => {
    if (event.type === 'workOrder' && orders?.some((order) => order._id === event._id)) refetch();
  });

  useEffect(() => {
    // Opening an order in a basement needs its detail and the statuses already on the phone — and
    // filling its procedure, its asset (the checklist itself comes from the offline catalogue).
    if (!orders) return;
    const open = splitByTab(orders).open;
    const procedureAssets = [...new Set(open.filter((order) => order.procedure !== null).map((order) => orderAssetPath(order.asset)))];
    keepForOffline(['/workOrder/config', ...open.map((order) => workOrderApiPath(order._id)), ...procedureAssets]);
  }, [orders]);

  useEffect(() => {
    if (error) console.error('work orders could not be loaded', error);
  }, [error]);

  return { orders, error: error ? errorMessageOf(error, translate) : null, reload: refetch };
}
