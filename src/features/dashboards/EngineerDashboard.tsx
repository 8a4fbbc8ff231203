import { Box } from '@mui/material';
import { UserDashboard } from './UserDashboard';

/** The engineer area's home (spec §2.1 /home): the dashboard, whose widgets open their tables. */
export function EngineerDashboard() {
  return (
    <Box sx={{ p: { xs: 1, sm: 2 } }}>
      <UserDashboard navigable />
    </Box>
  );
}
