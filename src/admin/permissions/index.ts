import LockIcon from '@mui/icons-material/Lock';
import { permissionSchema } from '../../../common/resources/permission';
import { declareResource } from '../mechanism/declareResource';
import { PermissionEditor } from './PermissionEditor';
import type { PermissionRecord } from './types';

const holding = (holder: Record<string, unknown>) => (holder.permissions ?? []) as string[];

/**
 * Permission management (spec §2.9): Permission, Roles, Users having direct permission, Actions;
 * New Permission; a row expands into the roles holding it (PermissionEditor.tsx).
 */
export const permissionResource = declareResource<PermissionRecord>({
  name: 'permission', label: 'Permission', schema: permissionSchema, icon: LockIcon, permission: 'manage-permission', Editor: PermissionEditor,
  columns: [
    'name',
    { key: 'roles', label: 'Roles', resource: 'role', fields: ['name', 'permissions'], refersTo: holding },
    { key: 'users', label: 'Users having direct permission', resource: 'user', fields: ['name', 'username', 'permissions'], refersTo: holding, shownAs: (user) => String(user.name || user.username || '') },
  ],
});
