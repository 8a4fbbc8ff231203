import { useCallback, useState } from 'react';
import { Paper, Stack, Typography } from '@mui/material';
import QrCodeScannerIcon from '@mui/icons-material/QrCodeScanner';
import { useTranslate } from 'react-admin';
import { useSessionUser } from '../../platform/authProvider/useSession';
import { UserDashboard } from '../dashboards/UserDashboard';
import { RecentAssets } from './RecentAssets';
import { MyWorkOrders } from './workOrders/MyWorkOrders';

/**
 * The technician's home info page (spec §2.3): a welcome line, how to start an inspection, the
 * technician's work orders in two tabs, the dashboard of the technician's role, and the assets
 * inspected lately (issue 4). The work orders come before the dashboard (issue 40: below it they
 * sat some 1,300 px down a phone's home, out of sight): what is assigned to the technician is the
 * day's work, the dashboard its figures.
 */
export const TechnicianHome = () => {
  const translate = useTranslate();
  const user = useSessionUser();
  // GET /workOrder/my needs read-workorder; asking without it would answer 403 and sign the user out.
  const holdsOrders = user?.permissions.includes('read-workorder') ?? false;
  // What comes below a list that grows when its answer comes shows once that answer is in, so
  // nothing moves under the user's eyes (issue 20, CLS): the dashboard once the work orders are
  // shown, the recent assets once the dashboard's layout is known. Both are there from the start,
  // hidden, so they ask for their data at once; the dashboard is laid out while hidden (its charts
  // take their width), only not painted.
  const [ordersSettled, setOrdersSettled] = useState(false);
  const [dashboardSettled, setDashboardSettled] = useState(false);
  const settleOrders = useCallback(() => setOrdersSettled(true), []);
  const settleDashboard = useCallback(() => setDashboardSettled(true), []);
  return (
    <Stack spacing={2}>
      <Typography variant="h5" component="h1">
        {translate('app.technician.welcome', { name: user?.name ?? '' })}
      </Typography>
      <Paper variant="outlined" sx={{ p: 2, display: 'flex', gap: 2, alignItems: 'center' }}>
        <QrCodeScannerIcon fontSize="large" color="primary" />
        <Typography>{translate('app.technician.scan_hint')}</Typography>
      </Paper>
      {holdsOrders && <MyWorkOrders onSettled={settleOrders} />}
      <Stack spacing={2} sx={!holdsOrders || ordersSettled ? undefined : { visibility: 'hidden' }}>
        <UserDashboard onSettled={settleDashboard} />
        {/* The list's call needs update-inspection; a role without it (thermography) would be signed out by its 403. */}
        {user?.permissions.includes('update-inspection') && (
          <Stack sx={dashboardSettled ? undefined : { display: 'none' }}>
            <RecentAssets />
          </Stack>
        )}
      </Stack>
    </Stack>
  );
};
