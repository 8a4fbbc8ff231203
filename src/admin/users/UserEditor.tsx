import { Box } from '@mui/material';
import { SelectInput, required, useTranslate } from 'react-admin';
import { USER_STATUSES, shownStatus, userAdministrationSchema } from '../../../common/resources/user';
import type { EditorProps } from '../mechanism/ResourceDefinition';
import { ResourceForm } from '../mechanism/ResourceForm';
import { SchemaInputs } from '../mechanism/SchemaInputs';
import type { UserAdminRecord } from './types';
import { ResetPasswordButton } from './ResetPasswordButton';
import { UserPermissionInputs } from './UserPermissionInputs';

/**
 * The user detail form (spec §2.9): identity; role, status and dashboard; module whitelist;
 * the hourly rate their labour is costed at (DESIGN §18); the role's permissions and the direct
 * ones; custom attributes. Reset password acts at once.
 */
export function UserEditor({ record, save }: EditorProps<UserAdminRecord>) {
  const translate = useTranslate();
  const statusChoices = USER_STATUSES.map((status) => ({ id: status, name: status }));
  return (
    <ResourceForm record={record} schema={userAdministrationSchema} save={save}>
      <Box sx={{ display: 'grid', columnGap: 2, alignItems: 'start', gridTemplateColumns: { xs: '1fr', md: 'repeat(3, minmax(0, 1fr))' } }}>
        <SchemaInputs schema={userAdministrationSchema} namespace="user" entity="user" fields={['name', 'email', 'username', 'role']} />
        {/* Spec §3: no status means active; the schema's default keeps a choice always made. */}
        <SelectInput source="status" label={translate('app.user.fields.status')} choices={statusChoices} format={shownStatus} validate={required()} />
        <SchemaInputs schema={userAdministrationSchema} namespace="user" entity="user" fields={['dashboardId', 'moduleWhitelist', 'hourlyRate']} />
        <Box sx={{ display: 'flex', justifyContent: { md: 'flex-end' }, pt: { md: 2 }, pb: 2 }}>
          <ResetPasswordButton user={record} />
        </Box>
      </Box>
      <UserPermissionInputs />
      <SchemaInputs schema={userAdministrationSchema} namespace="user" entity="user" fields={['customAttributes']} />
    </ResourceForm>
  );
}
