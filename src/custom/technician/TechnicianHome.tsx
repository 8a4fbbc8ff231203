import { useCallback, useState } from 'react';
import { Paper, Stack, Typography } from '@mui/material';
import QrCodeScannerIcon from '@mui/icons-material/QrCodeScanner';
import { useTranslate } from 'react-admin';
import { useSessionUser } from '../../authProvider/useSession';
import { useRemoveAppShell } from '../../boot/appShell';
import { UserDashboard } from '../dashboard/UserDashboard';
import { RecentAssets } from './RecentAssets';
import { MyWorkOrders } from './workOrders/MyWorkOrders';

/**
 * The technician's home info page (spec §2.3): a welcome line, how to start an inspection, the
 * dashboard of the technician's role, the technician's work orders in two tabs, and the assets
 * inspected lately (issue 4).
 */
export const TechnicianHome = () => {
  const translate = useTranslate();
  const user = useSessionUser();
  // What comes below the dashboard shows once its layout is known: the placeholder's swap for the
  // dashboard then moves nothing (issue 20, CLS). Mounted from the start (hidden), so the lists
  // still ask for their data at once.
  const [dashboardSettled, setDashboardSettled] = useState(false);
  const settle = useCallback(() => setDashboardSettled(true), []);
  // The first-paint shell drew this bar's frame and the hint below in the same place: it goes in this first paint.
  useRemoveAppShell();
  return (
    <Stack spacing={2}>
      <Typography variant="h5" component="h1">
        {translate('app.technician.welcome', { name: user?.name ?? '' })}
      </Typography>
      <Paper variant="outlined" sx={{ p: 2, display: 'flex', gap: 2, alignItems: 'center' }}>
        <QrCodeScannerIcon fontSize="large" color="primary" />
        <Typography>{translate('app.technician.scan_hint')}</Typography>
      </Paper>
      <UserDashboard onSettled={settle} />
      <Stack spacing={2} sx={dashboardSettled ? undefined : { display: 'none' }}>
        {/* GET /workOrder/my needs read-workorder; asking without it would answer 403 and sign the user out. */}
        {user?.permissions.includes('read-workorder') && <MyWorkOrders />}
        {/* The list's call needs update-inspection; a role without it (thermography) would be signed out by its 403. */}
        {user?.permissions.includes('update-inspection') && <RecentAssets />}
      </Stack>
    </Stack>
  );
};
