import PeopleIcon from '@mui/icons-material/People';
import { userAdministrationSchema } from '../../../common/resources/user';
import { declareResource } from '../mechanism/declareResource';
import { UserEditor } from './UserEditor';
import { useUserColumns } from './useUserColumns';
import type { UserAdminRecord } from './types';

/**
 * User management (spec §2.9): Name, Username, Role, Status, a column per custom attribute and
 * Actions; Add User asks for the username. Add and update failures show the server's message in
 * an alert (spec §8); a failed deletion is a notice.
 */
export const userResource = declareResource<UserAdminRecord>({
  name: 'user', label: 'User', schema: userAdministrationSchema, icon: PeopleIcon, permission: 'manage-user',
  listFields: ['name', 'username', 'role', 'status', 'customAttributes'],
  useColumns: useUserColumns,
  messages: {
    created: 'app.user.added',
    copied: 'app.user.added',
    updated: 'app.user.updated',
    deleted: 'app.user.deleted',
    creationFailed: 'app.user.creation_failed',
    copyingFailed: 'app.user.creation_failed',
    updatingFailed: 'app.user.updating_failed',
    deletionFailed: 'app.user.deletion_failed',
  },
  create: { label: 'app.user.add', promptLabel: 'app.user.columns.username', body: (username) => ({ username }) },
  Editor: UserEditor,
  failureShowsServerMessage: ['create', 'update'],
  serverPaging: true,
});
