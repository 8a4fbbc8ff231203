import { eq, inArray } from 'drizzle-orm';
import { dashboards, permissions, roles, tableDefinitions, users } from '../../db/schema';
import { badRequest, conflict } from '../../http/errors';
import { roleSchema, type RoleTableEntry } from '../../../common/resources/role';
import { nameList, type CrudResource } from '../../crud/crudResource';
import { requireIds } from '../../crud/references';

/**
 * Roles. A role still held by users cannot be deleted (409 naming them): silently leaving users
 * without permissions would lock them out. Every write drops cached sessions, since grants change.
 */
export const roleResource: CrudResource = {
  entity: 'role',
  label: 'Role',
  table: roles,
  schema: roleSchema,
  read: { anyPermission: ['manage-role', 'manage-user', 'manage-permission', 'manage-dashboard', 'manage-table'] },
  write: 'manage-role',
  searchFields: ['name'],
  async checkReferences(db, input) {
    await requireIds(db, permissions, input.permissions as string[], 'permissions', 'permission');
    if (input.dashboard) await requireIds(db, dashboards, [String(input.dashboard)], 'dashboard', 'dashboard');
    const tables = input.tables as RoleTableEntry[];
    await requireIds(db, tableDefinitions, tables.map((t) => t.table), 'tables', 'table');
    const defaults = tables.filter((t) => t.default).map((t) => t.table);
    if (defaults.length > 1) {
      const rows = await db.select({ _id: tableDefinitions._id, type: tableDefinitions.type }).from(tableDefinitions).where(inArray(tableDefinitions._id, defaults));
      const types = rows.map((r) => r.type);
      const twice = types.find((type, i) => types.indexOf(type) !== i);
      if (twice) throw badRequest('tables', `tables: only one ${twice} table may be the default`);
    }
  },
  async beforeDelete(tx, row) {
    const holders = await tx.select({ name: users.name, username: users.username }).from(users).where(eq(users.role, row._id));
    if (holders.length > 0) {
      throw conflict('_id', `Role "${String(row.name)}" is held by ${nameList(holders.map((u) => u.name || u.username))}`);
    }
  },
  afterWrite: (app) => app.services.sessions.invalidate(),
};
