import BadgeIcon from '@mui/icons-material/Badge';
import { roleSchema } from '../../../common/resources/role';
import { declareResource } from '../mechanism/declareResource';
import { RoleEditor } from './RoleEditor';
import type { RoleRecord } from './types';

/**
 * Role management (spec §2.9): Role, Users, Permissions, Actions; New Role asks for a name, Copy
 * Role copies the one selected row under a new name. The list reads whole records, which the
 * copy sends back (spec §7). A role still held by users is refused by the server (409).
 */
export const roleResource = declareResource<RoleRecord>({
  name: 'role', label: 'Role', schema: roleSchema, icon: BadgeIcon, permission: 'manage-role', copy: true, Editor: RoleEditor,
  columns: ['name', { key: 'users', label: 'Users', resource: 'user', fields: ['name', 'role'], refersTo: (user) => [user.role as string | null] }, 'permissions'],
});
