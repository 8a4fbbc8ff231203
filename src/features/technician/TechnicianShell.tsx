import { Box } from '@mui/material';
import { DialogsProvider } from '../../shared/ui/dialogs/DialogsProvider';
import { useSessionUser } from '../../platform/authProvider/useSession';
import { useCatalogueSync } from '../../platform/offline/useCatalogueSync';
import { AreaRoutes } from '../../platform/routes/AreaRoutes';
import { TechnicianAppBar } from './TechnicianAppBar';
import { technicianRoutes } from './technicianRoutes';
import { NewWorkOrderNotifier } from './workOrders/NewWorkOrderNotifier';

/** The technician area (/inspection), built for phones: one column, no drawer. */
export const TechnicianShell = () => {
  const user = useSessionUser();
  // The assets of the technician's sites, kept on the phone for opening any of them offline (docs/offline.md).
  useCatalogueSync(user);
  return (
    <Box sx={{ minHeight: '100dvh', display: 'flex', flexDirection: 'column', bgcolor: 'background.default' }}>
      <TechnicianAppBar />
      {/* Only users who hold work orders listen: nobody else is sent the push, so their socket need not open for it. */}
      {user?.permissions.includes('read-workorder') && <NewWorkOrderNotifier />}
      <Box
        component="main"
        sx={{ flex: 1, width: '100%', maxWidth: 960, mx: 'auto', px: { xs: 2, sm: 3 }, py: { xs: 2, sm: 3 } }}
      >
        {/* Confirmations (a thermography note's delete, spec §5; completing a work order) are in-app dialogs, as in the engineer shell. */}
        <DialogsProvider>
          <AreaRoutes routes={technicianRoutes} />
        </DialogsProvider>
      </Box>
    </Box>
  );
};
