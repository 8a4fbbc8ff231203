import { sql } from 'drizzle-orm';
import { permissions, roles, users } from '../../db/schema';
import { conflict } from '../../http/errors';
import { isPermissionName } from '../../../common/permissions';
import { permissionSchema } from '../../../common/resources/permission';
import type { CrudResource } from '../../crud/crudResource';

/**
 * Permissions the code checks (the listed ones and declared resources' write permissions) cannot be deleted (removing 'manage-permission' would lock every
 * administrator out); other permissions are removed from the roles and users holding them.
 */
export const permissionResource: CrudResource = {
  entity: 'permission',
  label: 'Permission',
  table: permissions,
  schema: permissionSchema,
  read: { anyPermission: ['manage-permission', 'manage-role', 'manage-user'] },
  write: 'manage-permission',
  operations: { update: false },
  async beforeDelete(tx, row, _actor, app) {
    const name = String(row.name);
    // Listed in common/permissions.ts, or a declared resource's write permission (registry.ts).
    if (isPermissionName(name) || app.knownPermissions.has(name)) throw conflict('name', `Permission "${name}" is built into the application and cannot be deleted`);
    await tx.update(roles).set({ permissions: sql`array_remove(${roles.permissions}, ${row._id})` }).where(sql`${row._id} = any(${roles.permissions})`);
    await tx.update(users).set({ permissions: sql`array_remove(${users.permissions}, ${row._id})` }).where(sql`${row._id} = any(${users.permissions})`);
  },
  afterWrite: (app) => app.services.sessions.invalidate(),
};
