import AssessmentIcon from '@mui/icons-material/Assessment';
import AssignmentIcon from '@mui/icons-material/Assignment';
import CalendarMonthIcon from '@mui/icons-material/CalendarMonth';
import ChecklistIcon from '@mui/icons-material/Checklist';
import EventNoteIcon from '@mui/icons-material/EventNote';
import FactCheckIcon from '@mui/icons-material/FactCheck';
import HomeIcon from '@mui/icons-material/Home';
import Inventory2Icon from '@mui/icons-material/Inventory2';
import NotificationsActiveIcon from '@mui/icons-material/NotificationsActive';
import ThermostatIcon from '@mui/icons-material/Thermostat';
import MenuBookIcon from '@mui/icons-material/MenuBook';
import type { MenuEntry, RouteMenuEntry } from './MenuEntry';
import { administrationResources } from '../admin';
import { useThermographyInfoUrl } from '../features/thermography/useThermographyConfig';

/*
 * The engineer drawer in the spec's order (§2.4): Home, Assets, Alerts, Checklists, Inspection
 * Schedule, Calendar, Work Order, Inspections, Reports, Thermography, Thermography Info; then a
 * divider and the manage-* entries. An entry is listed once its screen exists.
 */
export const navigationEntries: readonly MenuEntry[] = [
  { to: '/home', label: 'app.menu.home', icon: HomeIcon, permission: 'nav-home', exact: true },
  { to: '/home/asset/table', label: 'app.menu.assets', icon: Inventory2Icon, permission: 'nav-assets' },
  { to: '/home/alert/table', label: 'app.menu.alerts', icon: NotificationsActiveIcon, permission: 'nav-alerts' },
  { to: '/home/checklist/table', label: 'app.menu.checklists', icon: ChecklistIcon, permission: 'nav-checklists' },
  { to: '/home/inspectionSchedule', label: 'app.menu.inspection_schedule', icon: EventNoteIcon, permission: 'nav-inspectionSchedule' },
  { to: '/home/calendar', label: 'app.menu.calendar', icon: CalendarMonthIcon, permission: 'nav-calendar' },
  { to: '/home/workOrder', label: 'app.menu.work_order', icon: AssignmentIcon, permission: 'nav-work-order', alsoRequires: ['manage-workorder'] },
  { to: '/home/inspections', label: 'app.menu.inspections', icon: FactCheckIcon, permission: 'nav-inspections' },
  { to: '/home/report/table', label: 'app.menu.reports', icon: AssessmentIcon, permission: 'nav-report' },
  { to: '/home/thermographyNote/table', label: 'app.menu.thermography', icon: ThermostatIcon, permission: 'nav-thermography' },
  { key: 'thermographyInfo', label: 'app.menu.thermography_info', icon: MenuBookIcon, permission: 'nav-thermographyInfo', useUrl: useThermographyInfoUrl },
];

export const managementEntries: readonly RouteMenuEntry[] = administrationResources.map((definition) => ({
  to: `/home/${definition.route}`,
  label: definition.title,
  icon: definition.icon,
  permission: definition.permission,
}));
