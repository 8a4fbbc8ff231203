import { Box } from '@mui/material';
import { DialogsProvider } from '../../common-ui/dialogs/DialogsProvider';
import { AreaRoutes } from '../../routes/AreaRoutes';
import { TechnicianAppBar } from './TechnicianAppBar';
import { technicianRoutes } from './technicianRoutes';

/** The technician area (/inspection), built for phones: one column, no drawer. */
export const TechnicianShell = () => (
  <Box sx={{ minHeight: '100dvh', display: 'flex', flexDirection: 'column', bgcolor: 'background.default' }}>
    <TechnicianAppBar />
    <Box
      component="main"
      sx={{ flex: 1, width: '100%', maxWidth: 960, mx: 'auto', px: { xs: 2, sm: 3 }, py: { xs: 2, sm: 3 } }}
    >
      {/* Confirmations (a thermography note's delete, spec §5) are in-app dialogs, as in the engineer shell. */}
      <DialogsProvider>
        <AreaRoutes routes={technicianRoutes} />
      </DialogsProvider>
    </Box>
  </Box>
);
