/**
 * Every permission string the product knows. Spec §6 names most of them; the read-* and the few
 * write permissions below it come from DESIGN §4 ("read-* for reads used by technicians and
 * engineers, manage-<entity> for every administration write"). docs/permissions.md is the table.
 */
export const VIEW_PERMISSIONS = ['view-technician', 'view-engineer', 'view-onsite', 'view-superuser'] as const;

export const NAV_PERMISSIONS = [
  'nav-home',
  'nav-assets',
  'nav-alerts',
  'nav-checklists',
  'nav-inspectionSchedule',
  'nav-calendar',
  'nav-work-order',
  'nav-inspections',
  'nav-report',
  'nav-thermography',
  'nav-thermographyInfo',
] as const;

export const MANAGE_PERMISSIONS = [
  'manage-config',
  'manage-attribute',
  'manage-asset',
  'manage-checklist',
  'manage-user',
  'manage-role',
  'manage-permission',
  'manage-table',
  'manage-dashboard',
  'manage-widget',
  'manage-job',
  'manage-report',
  'manage-script',
  'manage-workorder',
  'manage-vendor',
  'manage-sparepart',
] as const;

export const DATA_PERMISSIONS = [
  'read-asset',
  'read-checklist',
  'read-inspection',
  'update-inspection',
  'read-alert',
  'resolve-alert',
  'read-table',
  'read-report',
  'read-dashboard',
  'read-workorder',
  'update-workorder',
  'read-inspection-schedule',
  'manage-inspection-schedule',
  'read-calendar',
  'manage-calendar',
  'read-thermography-note',
  'update-thermography-note',
  'approve-thermography-note',
  // DESIGN §8: the thermography technician records notes (POST /thermographyNote) without editing them afterwards.
  'create-thermography-note',
] as const;

export const ALL_PERMISSIONS = [
  ...VIEW_PERMISSIONS,
  ...NAV_PERMISSIONS,
  ...MANAGE_PERMISSIONS,
  ...DATA_PERMISSIONS,
] as const;

export type PermissionName = (typeof ALL_PERMISSIONS)[number];

/**
 * The write permission of a declared administration resource (docs/resources.md): declaring it
 * as a server declaration's `write` makes it known — seeded, and held by ROLE_SUPERUSER.
 */
export type ManagePermission = `manage-${string}`;

/** A permission the code checks: a listed one, or a declared resource's. */
export type CheckedPermission = PermissionName | ManagePermission;

export function isPermissionName(value: string): value is PermissionName {
  return (ALL_PERMISSIONS as readonly string[]).includes(value);
}

export const ROLE_NAMES = {
  technician: 'ROLE_TECHNICIAN',
  engineer: 'ROLE_ENGINEER',
  superuser: 'ROLE_SUPERUSER',
  thermographyTechnician: 'ROLE_THERMOGRAPHY_TECHNICIAN',
  thermographyEngineer: 'ROLE_THERMOGRAPHY_ENGINEER',
  thermographyEngineerManager: 'ROLE_THERMOGRAPHY_ENGINEER_MANAGER',
  onsite: 'ROLE_ONSITE',
} as const;

export type RoleName = (typeof ROLE_NAMES)[keyof typeof ROLE_NAMES];

/** Where `/` sends a signed-in user (spec §6): technician first, then engineer, then on-site. */
export function homePathFor(permissions: readonly string[]): string | null {
  if (permissions.includes('view-technician')) return '/inspection';
  if (permissions.includes('view-engineer')) return '/home';
  if (permissions.includes('view-onsite')) return '/onsite';
  return null;
}
