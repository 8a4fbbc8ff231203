import SpaceDashboardIcon from '@mui/icons-material/SpaceDashboard';
import { dashboardSchema } from '../../../common/resources/dashboard';
import { declareResource } from '../mechanism/declareResource';
import { DashboardEditor } from './DashboardEditor';
import { useDashboardColumns } from './useDashboardColumns';
import type { DashboardAdminRecord } from './types';

/**
 * Dashboard management (spec §2.9: Dashboard, Roles, Actions; New Dashboard, Copy Dashboard; the
 * route is spelt 'dashbordManagement' as the spec spells it). The list reads GET
 * /dashboard?fields=name, a copy reads the whole record first; the expanded row edits the name,
 * the filters and the sections with their widget items.
 */
export const dashboardResource = declareResource<DashboardAdminRecord>({
  name: 'dashboard', label: 'Dashboard', namespace: 'dashboard_admin', route: 'dashbordManagement', schema: dashboardSchema,
  icon: SpaceDashboardIcon, permission: 'manage-dashboard',
  listFields: ['name'], useColumns: useDashboardColumns, copy: true, Editor: DashboardEditor,
});
