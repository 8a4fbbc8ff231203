import { useMemo } from 'react';
import { useTranslate } from 'react-admin';
import type { RoleTableEntry } from '../../../common/resources/role';
import type { RecordColumn } from '../../shared/ui/recordTable/RecordTable';
import { useNameLookup, useRelatedList } from '../mechanism/useRelatedList';
import type { TableAdminRecord } from './types';

interface RoleTables {
  id: string;
  name: string;
  tables?: RoleTableEntry[];
}

/** Table, Type, Roles (the roles listing the table, spec §3 role.tables), Script (its name) — spec §2.9. */
export function useTableColumns(): RecordColumn<TableAdminRecord>[] {
  const translate = useTranslate();
  const scriptNames = useNameLookup('script');
  // Spec §7: GET /role?fields=name,tables.
  const roles = useRelatedList<RoleTables>('role', ['name', 'tables']);
  return useMemo(() => {
    const rolesByTable = new Map<string, string[]>();
    for (const role of roles) {
      for (const entry of role.tables ?? []) rolesByTable.set(entry.table, [...(rolesByTable.get(entry.table) ?? []), role.name]);
    }
    const rolesOf = (row: TableAdminRecord) => [...(rolesByTable.get(String(row.id)) ?? [])].sort((a, b) => a.localeCompare(b)).join(', ');
    const scriptOf = (row: TableAdminRecord) => (row.script ? (scriptNames.get(row.script) ?? '') : '');
    return [
      { key: 'name', label: translate('app.table_admin.columns.table') },
      { key: 'type', label: translate('app.table_admin.columns.type') },
      { key: 'roles', label: translate('app.table_admin.columns.roles'), render: rolesOf, sortValue: rolesOf },
      { key: 'script', label: translate('app.table_admin.columns.script'), render: scriptOf, sortValue: scriptOf },
    ];
  }, [translate, scriptNames, roles]);
}
