import SpaceDashboardIcon from '@mui/icons-material/SpaceDashboard';
import type { DashboardRecord as Dashboard } from '../../../common/resources/dashboard';
import { standardMessages, type ResourceDefinition } from '../generic/ResourceDefinition';
import { DashboardEditor } from './DashboardEditor';
import { useDashboardColumns } from './useDashboardColumns';

export type DashboardAdminRecord = Dashboard & { id: string };

/**
 * Dashboard management (spec §2.9: Dashboard, Roles, Actions; New Dashboard, Copy Dashboard; the
 * route is spelt 'dashbordManagement' as the spec spells it). The list reads GET
 * /dashboard?fields=name, a copy reads the whole record first; the expanded row edits the name,
 * the filters and the sections with their widget items.
 */
export const dashboardResource: ResourceDefinition<DashboardAdminRecord> = {
  name: 'dashboard',
  route: 'dashbordManagement',
  permission: 'manage-dashboard',
  title: 'app.menu.dashboard_management',
  icon: SpaceDashboardIcon,
  listFields: ['name'],
  useColumns: useDashboardColumns,
  defaultSort: [{ field: 'name', order: 'asc' }],
  messages: standardMessages('dashboard_admin'),
  create: { label: 'app.dashboard_admin.new', kind: 'prompt' },
  copy: { label: 'app.dashboard_admin.copy' },
  remove: {},
  Editor: DashboardEditor,
};
