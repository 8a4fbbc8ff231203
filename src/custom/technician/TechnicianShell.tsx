import { Box } from '@mui/material';
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
      <AreaRoutes routes={technicianRoutes} />
    </Box>
  </Box>
);
