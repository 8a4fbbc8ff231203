import TableChartIcon from '@mui/icons-material/TableChart';
import type { TableRecord as Table } from '../../../common/resources/table';
import { standardMessages, type ResourceDefinition } from '../generic/ResourceDefinition';
import { TableEditor } from './TableEditor';
import { useTableColumns } from './useTableColumns';

export type TableAdminRecord = Table & { id: string };

/**
 * Table management (spec §2.9: Table, Type, Roles, Script, Actions; New Table). New Table sends
 * only the name (spec §7), the server gives the default type and no script; the expanded row holds
 * the editor and a Run preview of the saved table. The record is read at /table/id/{id}
 * (dataProvider/resourcePaths.ts), /table/{id} being the table screen's data call.
 */
export const tableResource: ResourceDefinition<TableAdminRecord> = {
  name: 'table',
  route: 'tableManagement',
  permission: 'manage-table',
  title: 'app.menu.table_management',
  icon: TableChartIcon,
  listFields: ['name', 'type', 'script'],
  useColumns: useTableColumns,
  defaultSort: [{ field: 'name', order: 'asc' }],
  messages: standardMessages('table_admin'),
  create: { label: 'app.table_admin.new', kind: 'prompt' },
  remove: {},
  Editor: TableEditor,
};
