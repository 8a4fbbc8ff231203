import { useNotify } from 'react-admin';
import { usePushEvent } from '../platform/realtime/usePushEvent';

/**
 * Engineer shell (issue 4, DESIGN §6): each alert raised anywhere shows as a notification naming its
 * asset and level the moment it is pushed. The server sends `new-alert` only to users who may read
 * alerts, so nothing is filtered here. Renders nothing itself.
 */
export const LiveAlertNotifier = () => {
  const notify = useNotify();
  usePushEvent('new-alert', (alert) => {
    notify('app.alerts.new_alert', { type: 'warning', messageArgs: { asset: alert.assetName, level: alert.levelName } });
  });
  return null;
};
