import { Notification } from 'react-admin';
import { SNACKBAR_TIMEOUT_MS } from '../../../common/constants';

/** react-admin's snackbar with the spec's 2-second time-out (§2.4, §9). */
export const AppNotification = () => <Notification autoHideDuration={SNACKBAR_TIMEOUT_MS} />;
