import type { SessionUser } from '../../../common/api';
import { effectivePermissions, isActive } from '../../../common/session';
import type { AuthUser } from '../../auth/access';
import type { UserRow, UserWithGrants } from './user.repository';

export type { UserRow };

export function permissionNamesOf(user: UserWithGrants): string[] {
  return effectivePermissions(user.rolePermissionNames, user.directPermissionNames, user.moduleWhitelist);
}

export function toAuthUser(user: UserWithGrants): AuthUser {
  return {
    _id: user._id,
    name: user.name,
    username: user.username,
    roleName: user.roleName,
    permissions: new Set(permissionNamesOf(user)),
  };
}

/** The session user of GET /token/init: permission strings, never a password or hash. */
export function toSessionUser(user: UserWithGrants): SessionUser {
  return {
    ...sharedFields(user),
    // The dashboard the session shows: the user's own, else the role's (spec §1: each role is tied to a dashboard).
    dashboardId: user.dashboardId ?? user.roleDashboard ?? null,
    roleName: user.roleName,
    status: isActive(user.status) ? 'active' : 'inactive',
    permissions: permissionNamesOf(user),
  };
}

/** A user record as administration reads it: direct permission ids, no hash, no token version. */
export function toUserRecord(user: UserRow) {
  return {
    ...sharedFields(user),
    status: isActive(user.status) ? ('active' as const) : ('inactive' as const),
    permissions: user.permissions,
    hourlyRate: user.hourlyRate,
    createdAt: user.createdAt,
    updatedAt: user.updatedAt,
  };
}

function sharedFields(user: UserRow) {
  return {
    _id: user._id,
    name: user.name,
    username: user.username,
    email: user.email,
    role: user.role,
    moduleWhitelist: user.moduleWhitelist,
    dashboardId: user.dashboardId,
    banner: user.banner ?? null,
    customAttributes: user.customAttributes,
  };
}
