import TableChartIcon from '@mui/icons-material/TableChart';
import type { RoleTableEntry } from '../../../common/resources/role';
import { tableRecordSchema } from '../../../common/resources/table';
import { declareResource } from '../mechanism/declareResource';
import { TablePreview } from './TablePreview';
import type { TableAdminRecord } from './types';

/**
 * Table management (spec §2.9: Table, Type, Roles, Script, Actions; New Table). New Table sends
 * only the name (spec §7), the server gives the default type and no script; the expanded row holds
 * the editor and a Run preview of the saved table. The record is read at /table/id/{id}
 * (platform/dataProvider/resourcePaths.ts), /table/{id} being the table screen's data call.
 */
export const tableResource = declareResource<TableAdminRecord>({
  name: 'table', label: 'Table', namespace: 'table_admin', schema: tableRecordSchema, icon: TableChartIcon, permission: 'manage-table',
  listFields: ['name', 'type', 'script'], FormExtra: TablePreview,
  // The roles listing the table (spec §3 role.tables; §7: GET /role?fields=name,tables).
  columns: ['name', 'type', { key: 'roles', label: 'Roles', resource: 'role', fields: ['name', 'tables'], refersTo: (role) => ((role.tables ?? []) as RoleTableEntry[]).map((entry) => entry.table) }, 'script'],
});
