import { useNotify } from 'react-admin';
import { usePushEvent } from '../../../platform/realtime/usePushEvent';

/**
 * Technician area (DESIGN §11): an order given to this user is announced wherever they are in the
 * area — mid-inspection too — by its title. The server pushes `new-work-order` to the assignee's own
 * sockets only, so nothing is filtered here; the home list refreshes itself on the same push.
 */
export const NewWorkOrderNotifier = () => {
  const notify = useNotify();
  usePushEvent('new-work-order', (order) => {
    notify('app.technician.new_work_order', { type: 'info', messageArgs: { title: order.title } });
  });
  return null;
};
