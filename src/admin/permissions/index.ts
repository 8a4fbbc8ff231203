import LockIcon from '@mui/icons-material/Lock';
import { permissionSchema } from '../../../common/resources/permission';
import { declareResource } from '../mechanism/declareResource';
import { PermissionEditor } from './PermissionEditor';
import { usePermissionColumns } from './usePermissionColumns';
import type { PermissionRecord } from './types';

/**
 * Permission management (spec §2.9): Permission, Roles, Users having direct permission, Actions;
 * New Permission; a row expands into the roles holding it (PermissionEditor.tsx).
 */
export const permissionResource = declareResource<PermissionRecord>({
  name: 'permission', label: 'Permission', schema: permissionSchema, icon: LockIcon, permission: 'manage-permission',
  useColumns: usePermissionColumns, Editor: PermissionEditor,
});
