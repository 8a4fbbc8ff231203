import type { PermissionName } from './permissions';
import { MODULES } from './resources/user';

/** Top-level areas a user's moduleWhitelist may name (DESIGN §4). */
export type ModuleName = (typeof MODULES)[number];

/** Management permissions of the engineer area's own screens (schedule, calendar, work orders, the stores' vendors and spare parts). */
const ENGINEER_MANAGE_PERMISSIONS: readonly PermissionName[] = ['manage-workorder', 'manage-inspection-schedule', 'manage-calendar', 'manage-vendor', 'manage-sparepart'];

/**
 * The area whose whitelist entry a permission needs (docs/permissions.md "Module whitelist"), or
 * null for the permissions that open no area of their own (read-*, update-*, resolve-alert…).
 * Total over the area families, so a permission added later (an administrator may create any
 * name) cannot slip past a whitelist: a view-* or manage-* not named here falls to administration.
 */
export function moduleOf(permission: string): ModuleName | null {
  if (permission === 'view-technician') return 'technician';
  if (permission === 'view-engineer' || permission.startsWith('nav-')) return 'engineer';
  if (permission === 'view-onsite') return 'onsite';
  if ((ENGINEER_MANAGE_PERMISSIONS as readonly string[]).includes(permission)) return 'engineer';
  if (permission.startsWith('view-') || permission.startsWith('manage-')) return 'administration';
  return null;
}

/**
 * A user's effective permissions: the role's ∪ the direct ones, then narrowed by the module
 * whitelist. An empty whitelist adds no limit; a non-empty one removes the permissions of every
 * area it does not name, so the server refuses those areas' calls too.
 */
export function effectivePermissions(
  rolePermissions: readonly string[],
  directPermissions: readonly string[],
  moduleWhitelist: readonly string[] = [],
): string[] {
  const all = [...new Set([...rolePermissions, ...directPermissions])];
  const allowed = moduleWhitelist.length === 0
    ? all
    : all.filter((permission) => {
        const module = moduleOf(permission);
        return module === null || moduleWhitelist.includes(module);
      });
  return allowed.sort();
}

export type UserStatus = 'active' | 'inactive';

/** Missing status is shown and treated as active (spec §3). */
export function isActive(status: string | null | undefined): boolean {
  return status !== 'inactive';
}
