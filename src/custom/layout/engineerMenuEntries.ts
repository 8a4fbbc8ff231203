import HomeIcon from '@mui/icons-material/Home';
import type { MenuEntry } from './MenuEntry';
import { administrationResources } from '../../resources';

/*
 * The engineer drawer in the spec's order (§2.4): Home, Assets, Alerts, Checklists, Inspection
 * Schedule, Calendar, Work Order, Inspections, Reports, Thermography, Thermography Info; then a
 * divider and the manage-* entries. An entry is listed once its screen exists.
 */
export const navigationEntries: readonly MenuEntry[] = [
  { to: '/home', label: 'app.menu.home', icon: HomeIcon, permission: 'nav-home', exact: true },
];

export const managementEntries: readonly MenuEntry[] = administrationResources.map((definition) => ({
  to: `/home/${definition.route}`,
  label: definition.title,
  icon: definition.icon,
  permission: definition.permission,
}));
