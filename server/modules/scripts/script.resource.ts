import { eq, sql } from 'drizzle-orm';
import { checklists, jobs, reports, scripts, tableDefinitions, widgets } from '../../db/schema';
import { conflict } from '../../http/errors';
import { scriptSchema } from '../../../common/resources/script';
import { nameList, type CrudResource } from '../../crud/crudResource';

/** DESIGN §7: a script still referenced is refused with 409 naming what uses it. */
export const scriptResource: CrudResource = {
  entity: 'script',
  label: 'Script',
  table: scripts,
  schema: scriptSchema,
  read: { anyPermission: ['manage-script', 'manage-table', 'manage-report', 'manage-widget', 'manage-job', 'manage-checklist'] },
  write: 'manage-script',
  searchFields: ['name', 'description'],
  async beforeDelete(tx, row) {
    const usedByTables = await tx.select({ name: tableDefinitions.name }).from(tableDefinitions).where(eq(tableDefinitions.script, row._id));
    const usedByChecklists = await tx.select({ name: checklists.name }).from(checklists).where(sql`${row._id} = any(${checklists.scripts})`);
    const usedByReports = await tx.select({ name: reports.name }).from(reports).where(eq(reports.script, row._id));
    const usedByJobs = await tx.select({ name: jobs.name }).from(jobs).where(eq(jobs.script, row._id));
    const usedByWidgets = await tx.select({ name: widgets.name }).from(widgets).where(eq(widgets.script, row._id));
    const users = [
      ...usedByTables.map((t) => `table ${t.name}`),
      ...usedByChecklists.map((c) => `checklist ${c.name}`),
      ...usedByReports.map((r) => `report ${r.name}`),
      ...usedByJobs.map((j) => `job ${j.name}`),
      ...usedByWidgets.map((w) => `widget ${w.name}`),
    ];
    if (users.length > 0) throw conflict('_id', `Script "${String(row.name)}" is used by ${nameList(users)}`);
  },
};
