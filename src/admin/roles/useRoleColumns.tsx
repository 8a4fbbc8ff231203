import { useMemo } from 'react';
import { Tooltip } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { RecordColumn } from '../../shared/ui/recordTable/RecordTable';
import { useNameLookup, useRelatedList } from '../mechanism/useRelatedList';
import type { RoleRecord } from './types';

/** Beyond this many names the Permissions cell shows a count; the tooltip and search keep all. */
const SHOWN_PERMISSIONS = 6;

interface RoleHolder {
  id: string;
  name: string;
  role: string | null;
}

export function useRoleColumns(): RecordColumn<RoleRecord>[] {
  const translate = useTranslate();
  const permissionNames = useNameLookup('permission');
  const users = useRelatedList<RoleHolder>('user', ['name', 'role']);

  return useMemo(() => {
    const holdersOf = (role: RoleRecord) =>
      users
        .filter((user) => user.role === role.id)
        .map((user) => user.name)
        .sort((a, b) => a.localeCompare(b))
        .join(', ');
    const permissionsOf = (role: RoleRecord) =>
      (role.permissions ?? [])
        .map((id) => permissionNames.get(id))
        .filter((name): name is string => name !== undefined)
        .sort((a, b) => a.localeCompare(b));
    return [
      { key: 'name', label: translate('app.role.columns.role') },
      { key: 'users', label: translate('app.role.columns.users'), sortValue: holdersOf },
      {
        key: 'permissions',
        label: translate('app.role.columns.permissions'),
        sortValue: (role) => permissionsOf(role).join(', '),
        render: (role) => {
          const names = permissionsOf(role);
          if (names.length <= SHOWN_PERMISSIONS) return names.join(', ');
          const shown = `${names.slice(0, SHOWN_PERMISSIONS).join(', ')} ${translate('app.role.more_permissions', { count: names.length - SHOWN_PERMISSIONS })}`;
          return (
            <Tooltip title={names.join(', ')}>
              <span>{shown}</span>
            </Tooltip>
          );
        },
      },
    ];
  }, [translate, permissionNames, users]);
}
