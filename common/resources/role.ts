import * as yup from 'yup';
import { field } from '../fields';
import { idString, strictObject } from './schemaParts';

export interface RoleTableEntry {
  table: string;
  default: boolean;
}

export interface Role {
  _id: string;
  name: string;
  dashboard: string | null;
  permissions: string[];
  tables: RoleTableEntry[];
}

export const roleSchema = strictObject({
  name: field.name(),
  dashboard: field.reference('Dashboard', 'dashboard'),
  permissions: field.references('Permissions', 'permission'),
  tables: yup
    .array(strictObject({ table: idString().required(), default: yup.boolean().required() }))
    .default([])
    .test('distinct', '${path} must not list the same table twice', (tables) => {
      const ids = (tables ?? []).map((entry) => entry?.table);
      return new Set(ids).size === ids.length;
    }),
});

/**
 * Spec §4: only one table per type may be default for a role; turning one on turns off the others
 * of that type. `typeOf` tells a table's type.
 */
export function setDefaultTable(
  tables: readonly RoleTableEntry[],
  tableId: string,
  isDefault: boolean,
  typeOf: (tableId: string) => string | undefined,
): RoleTableEntry[] {
  const type = typeOf(tableId);
  return tables.map((entry) => {
    if (entry.table === tableId) return { ...entry, default: isDefault };
    if (isDefault && type !== undefined && typeOf(entry.table) === type) return { ...entry, default: false };
    return entry;
  });
}
