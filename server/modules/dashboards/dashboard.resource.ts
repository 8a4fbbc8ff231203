import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { paramOf, type AuthUser } from '../../auth/access';
import { dashboards, roles, users, widgets } from '../../db/schema';
import { newId } from '../../db/ids';
import { dashboardSchema, type DashboardFilter, type DashboardSection } from '../../../common/resources/dashboard';
import type { CrudResource } from '../../crud/crudResource';
import { requireIds } from '../../crud/references';

/** Names trimmed, every item with an _id (new items arrive without one), section filters as the filters spell them. */
function prepareDashboard(input: Record<string, unknown>): Record<string, unknown> {
  const filters = ((input.filters ?? []) as DashboardFilter[]).map((filter) => ({ ...filter, name: filter.name.trim() }));
  const sections = ((input.sections ?? []) as DashboardSection[]).map((section) => ({
    ...section,
    filters: [...new Set(section.filters.map((name) => name.trim()))],
    items: section.items.map((item) => ({ ...item, _id: item._id || newId() })),
  }));
  return { ...input, filters, sections };
}

/** Widget, role and user managers list dashboards; anyone shown a dashboard (read-dashboard) reads one by id. */
function mayReadDashboards(request: FastifyRequest, user: AuthUser): boolean {
  if (['manage-widget', 'manage-role', 'manage-user'].some((permission) => user.permissions.has(permission))) return true;
  // Of the routes this access guards, only the single read (GET /dashboard/:id) names an id.
  return user.permissions.has('read-dashboard') && paramOf(request, 'id') !== undefined;
}

/**
 * Dashboards (spec §3): filters and sections of widget items. Deleting one unlinks the roles and
 * users that showed it.
 */
export const dashboardResource: CrudResource = {
  entity: 'dashboard',
  label: 'Dashboard',
  table: dashboards,
  schema: dashboardSchema,
  read: {
    permission: 'manage-dashboard',
    orIf: mayReadDashboards,
    orIfDescription: 'manage-widget, manage-role or manage-user (their screens name dashboards), or read-dashboard for one dashboard by id (the dashboard screens)',
  },
  write: 'manage-dashboard',
  prepare: prepareDashboard,
  async checkReferences(db, input) {
    const sections = (input.sections ?? []) as DashboardSection[];
    for (const [index, section] of sections.entries()) {
      await requireIds(db, widgets, section.items.map((item) => item.widget), `sections[${index}].items`, 'widget');
    }
  },
  async beforeDelete(tx, row) {
    await tx.update(roles).set({ dashboard: null }).where(eq(roles.dashboard, row._id));
    await tx.update(users).set({ dashboardId: null }).where(eq(users.dashboardId, row._id));
  },
  afterWrite: (app) => app.services.sessions.invalidate(),
};
