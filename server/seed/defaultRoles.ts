import { ALL_PERMISSIONS, NAV_PERMISSIONS, ROLE_NAMES, type PermissionName, type RoleName } from '../../common/permissions';

const engineerReads: PermissionName[] = [
  'read-asset', 'read-checklist', 'read-inspection', 'read-alert', 'read-table', 'read-report',
  'read-dashboard', 'read-workorder', 'read-inspection-schedule', 'read-calendar', 'read-thermography-note',
];

const thermographyEngineer: PermissionName[] = [
  'view-engineer', 'nav-home', 'nav-assets', 'nav-alerts', 'nav-report', 'nav-thermography', 'nav-thermographyInfo',
  'read-asset', 'read-inspection', 'read-alert', 'resolve-alert', 'read-table', 'read-report', 'read-dashboard',
  'read-thermography-note', 'update-thermography-note',
];

/**
 * Permissions each seeded role starts with; administrators may change them afterwards.
 * docs/permissions.md explains the choices.
 */
export const DEFAULT_ROLE_PERMISSIONS: Record<RoleName, readonly PermissionName[]> = {
  [ROLE_NAMES.superuser]: ALL_PERMISSIONS.filter((p) => p !== 'view-technician' && p !== 'view-onsite'),
  [ROLE_NAMES.engineer]: [
    'view-engineer', ...NAV_PERMISSIONS, ...engineerReads,
    'resolve-alert', 'update-inspection', 'update-workorder', 'manage-workorder',
    'manage-inspection-schedule', 'manage-calendar', 'manage-vendor', 'manage-sparepart',
  ],
  [ROLE_NAMES.technician]: [
    'view-technician', 'read-asset', 'read-checklist', 'read-inspection', 'update-inspection',
    'read-dashboard', 'read-workorder', 'update-workorder', 'read-inspection-schedule',
  ],
  [ROLE_NAMES.thermographyTechnician]: [
    'view-technician', 'read-asset', 'read-dashboard', 'read-workorder', 'update-workorder',
    'read-thermography-note', 'create-thermography-note',
  ],
  [ROLE_NAMES.thermographyEngineer]: thermographyEngineer,
  [ROLE_NAMES.thermographyEngineerManager]: [...thermographyEngineer, 'approve-thermography-note'],
  [ROLE_NAMES.onsite]: ['view-onsite', 'read-dashboard', 'read-alert', 'read-asset'],
};
