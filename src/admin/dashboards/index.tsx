import { Chip, Stack } from '@mui/material';
import SpaceDashboardIcon from '@mui/icons-material/SpaceDashboard';
import { Link } from 'react-router-dom';
import { dashboardSchema } from '../../../common/resources/dashboard';
import { declareResource } from '../mechanism/declareResource';
import { roleResource } from '../roles';
import { DashboardEditor } from './DashboardEditor';
import type { DashboardAdminRecord } from './types';

/**
 * Dashboard management (spec §2.9: Dashboard, Roles, Actions; New Dashboard, Copy Dashboard; the
 * route is spelt 'dashbordManagement' as the spec spells it). The list reads GET
 * /dashboard?fields=name, a copy reads the whole record first; the expanded row edits the name,
 * the filters and the sections with their widget items.
 */
export const dashboardResource = declareResource<DashboardAdminRecord>({
  name: 'dashboard', label: 'Dashboard', namespace: 'dashboard_admin', route: 'dashbordManagement', schema: dashboardSchema,
  icon: SpaceDashboardIcon, permission: 'manage-dashboard', listFields: ['name'], copy: true, Editor: DashboardEditor,
  columns: [
    'name',
    // The roles showing it (spec §3 role.dashboard; §7: GET /role?fields=name,dashboard), each a link to Role management.
    {
      key: 'roles', label: 'Roles', resource: 'role', fields: ['name', 'dashboard'], refersTo: (role) => [role.dashboard as string | null],
      render: (names) => (
        <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
          {names.map((name) => <Chip key={name} size="small" variant="outlined" clickable component={Link} to={`/home/${roleResource.route}`} label={name} />)}
        </Stack>
      ),
    },
  ],
});
