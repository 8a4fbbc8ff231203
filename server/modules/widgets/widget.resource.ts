import { eq, sql } from 'drizzle-orm';
import { dashboards, scripts, tableDefinitions, widgets } from '../../db/schema';
import { badRequest } from '../../http/errors';
import { NAVIGATION_TABLE_TYPES, widgetSchema, type WidgetNavigation } from '../../../common/resources/widget';
import type { CrudResource } from '../../crud/crudResource';
import { requireIds } from '../../crud/references';

/**
 * Widget records (spec §3). GET /widget/{id} is the dashboard's data call (widgetData.routes.ts);
 * the record is /widget/id/{id}. Deleting a widget takes it off the dashboards that show it.
 */
export const widgetResource: CrudResource = {
  entity: 'widget',
  label: 'Widget',
  table: widgets,
  schema: widgetSchema,
  read: { anyPermission: ['manage-widget', 'manage-dashboard'] },
  write: 'manage-widget',
  getPath: '/id/:id',
  async checkReferences(db, input) {
    if (input.script) await requireIds(db, scripts, [String(input.script)], 'script', 'script');
    const navigation = input.navigation as WidgetNavigation | null;
    if (navigation?.table) {
      const [table] = await db
        .select({ type: tableDefinitions.type })
        .from(tableDefinitions)
        .where(eq(tableDefinitions._id, navigation.table));
      if (!table) throw badRequest('navigation.table', `navigation.table: unknown table ${navigation.table}`);
      const wanted = NAVIGATION_TABLE_TYPES[navigation.type];
      if (table.type !== wanted) throw badRequest('navigation.table', `navigation.table must be a table of type ${wanted}`);
    }
  },
  async beforeDelete(tx, row) {
    const holders = await tx
      .select({ _id: dashboards._id, sections: dashboards.sections })
      .from(dashboards)
      .where(sql`${dashboards.sections} @> ${JSON.stringify([{ items: [{ widget: row._id }] }])}::jsonb`);
    for (const holder of holders) {
      const sections = holder.sections.map((section) => ({ ...section, items: section.items.filter((item) => item.widget !== row._id) }));
      await tx.update(dashboards).set({ sections }).where(eq(dashboards._id, holder._id));
    }
  },
};
