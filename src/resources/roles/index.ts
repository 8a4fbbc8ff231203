import BadgeIcon from '@mui/icons-material/Badge';
import type { Role } from '../../../common/resources/role';
import { standardMessages, type ResourceDefinition } from '../generic/ResourceDefinition';
import { RoleEditor } from './RoleEditor';
import { useRoleColumns } from './useRoleColumns';

export type RoleRecord = Role & { id: string };

/**
 * Role management (spec §2.9): Role, Users, Permissions, Actions; New Role asks for a name, Copy
 * Role copies the one selected row under a new name. The list reads whole records, which the
 * copy sends back (spec §7). A role still held by users is refused by the server (409).
 */
export const roleResource: ResourceDefinition<RoleRecord> = {
  name: 'role',
  route: 'roleManagement',
  permission: 'manage-role',
  title: 'app.menu.role_management',
  icon: BadgeIcon,
  useColumns: useRoleColumns,
  defaultSort: [{ field: 'name', order: 'asc' }],
  messages: standardMessages('role'),
  create: { label: 'app.role.new', kind: 'prompt' },
  copy: { label: 'app.role.copy' },
  remove: {},
  Editor: RoleEditor,
};
