import LockIcon from '@mui/icons-material/Lock';
import type { Permission } from '../../../common/resources/permission';
import { standardMessages, type ResourceDefinition } from '../generic/ResourceDefinition';
import { usePermissionColumns } from './usePermissionColumns';

export type PermissionRecord = Permission & { id: string };

/** Permission management (spec §2.9): Permission, Roles, Users having direct permission, Actions. */
export const permissionResource: ResourceDefinition<PermissionRecord> = {
  name: 'permission',
  route: 'permissionManagement',
  permission: 'manage-permission',
  title: 'app.menu.permission_management',
  icon: LockIcon,
  useColumns: usePermissionColumns,
  defaultSort: [{ field: 'name', order: 'asc' }],
  messages: standardMessages('permission'),
  create: { label: 'app.permission.new', kind: 'prompt' },
  remove: {},
};
