import { useMemo } from 'react';
import { useTranslate } from 'react-admin';
import type { RecordColumn } from '../../shared/ui/recordTable/RecordTable';
import { useRelatedList } from '../mechanism/useRelatedList';
import type { PermissionRecord } from './types';

interface Holder {
  id: string;
  name: string;
  username?: string;
  permissions: string[];
}

export function usePermissionColumns(): RecordColumn<PermissionRecord>[] {
  const translate = useTranslate();
  const roles = useRelatedList<Holder>('role', ['name', 'permissions']);
  const users = useRelatedList<Holder>('user', ['name', 'username', 'permissions']);
  return useMemo(() => {
    const holdersOf = (holders: Holder[], id: string) =>
      holders.filter((h) => h.permissions?.includes(id)).map((h) => h.name || h.username || '').join(', ');
    return [
      { key: 'name', label: translate('app.permission.columns.permission') },
      { key: 'roles', label: translate('app.permission.columns.roles'), sortValue: (row) => holdersOf(roles, row.id) },
      { key: 'users', label: translate('app.permission.columns.direct_users'), sortValue: (row) => holdersOf(users, row.id) },
    ];
  }, [translate, roles, users]);
}
