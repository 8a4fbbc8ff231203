import { useNotify } from 'react-admin';
import { usePushEvent } from '../platform/realtime/usePushEvent';

/**
 * Engineer shell (DESIGN §18): a part a work order's use brought to its reorder level shows as a
 * notification naming the part, what is left and the level, the moment it is pushed — as a new
 * alert does (`LiveAlertNotifier`). The server sends `reorder-notice` only to manage-sparepart
 * holders, once per crossing, so nothing is filtered here. Renders nothing itself.
 */
export const ReorderNoticeNotifier = () => {
  const notify = useNotify();
  usePushEvent('reorder-notice', (notice) => {
    notify('app.alerts.reorder_notice', {
      type: 'warning',
      messageArgs: { partNumber: notice.partNumber, partName: notice.partName, left: notice.quantityOnHand, level: notice.reorderLevel },
    });
  });
  return null;
};
