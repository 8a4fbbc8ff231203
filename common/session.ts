import { MANAGE_PERMISSIONS, NAV_PERMISSIONS } from './permissions';

/** Top-level areas a user's moduleWhitelist may name (DESIGN §4). */
export const MODULES = ['technician', 'engineer', 'onsite', 'administration'] as const;
export type ModuleName = (typeof MODULES)[number];

const MODULE_PERMISSIONS: Record<ModuleName, readonly string[]> = {
  technician: ['view-technician'],
  engineer: ['view-engineer', ...NAV_PERMISSIONS],
  onsite: ['view-onsite'],
  administration: ['view-superuser', ...MANAGE_PERMISSIONS],
};

/**
 * A user's effective permissions: the role's ∪ the direct ones, then narrowed by the module
 * whitelist. An empty whitelist adds no limit; a non-empty one removes the entry permissions of
 * every area it does not name, so the server refuses those areas' calls too.
 */
export function effectivePermissions(
  rolePermissions: readonly string[],
  directPermissions: readonly string[],
  moduleWhitelist: readonly string[] = [],
): string[] {
  const all = new Set([...rolePermissions, ...directPermissions]);
  if (moduleWhitelist.length > 0) {
    for (const module of MODULES) {
      if (moduleWhitelist.includes(module)) continue;
      for (const permission of MODULE_PERMISSIONS[module]) all.delete(permission);
    }
  }
  return [...all].sort();
}

export type UserStatus = 'active' | 'inactive';

/** Missing status is shown and treated as active (spec §3). */
export function isActive(status: string | null | undefined): boolean {
  return status !== 'inactive';
}
