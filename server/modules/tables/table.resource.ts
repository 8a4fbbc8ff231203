import { sql } from 'drizzle-orm';
import { roles, scripts, tableDefinitions } from '../../db/schema';
import { tableRecordSchema } from '../../../common/resources/table';
import type { CrudResource } from '../../crud/crudResource';
import { requireIds } from '../../crud/references';
import { mayListTables, tableListVariant } from './tableList';

/** Table records (spec §3). Deleting one takes it off the roles that list it. */
export const tableResource: CrudResource = {
  entity: 'table',
  label: 'Table',
  table: tableDefinitions,
  schema: tableRecordSchema,
  read: {
    permission: 'manage-table',
    orIf: mayListTables,
    orIfDescription: "manage-role or manage-widget, or on the list only read-table with limitToRole=true (the role's own tables)",
  },
  listVariant: (app, request) => tableListVariant(app, request),
  write: 'manage-table',
  // GET /table/{tableId} is the table screen's data call (spec §7); the record is /table/id/{id}.
  getPath: '/id/:id',
  async checkReferences(db, input) {
    if (input.script) await requireIds(db, scripts, [String(input.script)], 'script', 'script');
  },
  async beforeDelete(tx, row) {
    await tx
      .update(roles)
      .set({ tables: sql`coalesce((select jsonb_agg(entry) from jsonb_array_elements(${roles.tables}) entry where entry->>'table' <> ${row._id}), '[]'::jsonb)` })
      .where(sql`${roles.tables} @> ${JSON.stringify([{ table: row._id }])}::jsonb`);
  },
};
