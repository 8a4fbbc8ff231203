import { eq } from 'drizzle-orm';
import { dashboards, roles, users } from '../../db/schema';
import { dashboardSchema } from '../../../common/resources/dashboard';
import type { CrudResource } from '../../resources/crudResource';

/** Dashboards (spec §3); deleting one unlinks the roles and users that showed it. */
export const dashboardResource: CrudResource = {
  entity: 'dashboard',
  label: 'Dashboard',
  table: dashboards,
  schema: dashboardSchema,
  read: { anyPermission: ['manage-dashboard', 'manage-role', 'manage-user'] },
  write: 'manage-dashboard',
  defaultOrder: ['name'],
  searchFields: ['name'],
  async beforeDelete(tx, row) {
    await tx.update(roles).set({ dashboard: null }).where(eq(roles.dashboard, row._id));
    await tx.update(users).set({ dashboardId: null }).where(eq(users.dashboardId, row._id));
  },
  afterWrite: (app) => app.services.sessions.invalidate(),
};
