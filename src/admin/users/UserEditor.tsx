import { Box } from '@mui/material';
import { CheckboxGroupInput, SelectInput, TextInput, required, useTranslate } from 'react-admin';
import { MODULES, USER_STATUSES, shownStatus, userAdministrationSchema } from '../../../common/resources/user';
import { CustomAttributesInput } from './CustomAttributesInput';
import type { EditorProps } from '../mechanism/ResourceDefinition';
import { ResourceForm } from '../mechanism/ResourceForm';
import { useRelatedListState } from '../mechanism/useRelatedList';
import type { UserAdminRecord } from './types';
import { ResetPasswordButton } from './ResetPasswordButton';
import { UserPermissionInputs } from './UserPermissionInputs';

interface Named {
  id: string;
  name: string;
}

const byName = (a: Named, b: Named) => a.name.localeCompare(b.name);

/**
 * The user detail form (spec §2.9): identity; role, status and dashboard; module whitelist;
 * the role's permissions and the direct ones; custom attributes. Reset password acts at once.
 */
export function UserEditor({ record, save }: EditorProps<UserAdminRecord>) {
  const translate = useTranslate();
  const roles = useRelatedListState<Named>('role', ['name', 'permissions']);
  const dashboards = useRelatedListState<Named>('dashboard', ['name']);
  const statusChoices = USER_STATUSES.map((status) => ({ id: status, name: status }));
  const moduleChoices = MODULES.map((module) => ({ id: module, name: translate(`app.user.modules.${module}`) }));

  return (
    <ResourceForm record={record} schema={userAdministrationSchema} save={save}>
      <Box sx={{ display: 'grid', columnGap: 2, alignItems: 'start', gridTemplateColumns: { xs: '1fr', md: 'repeat(3, minmax(0, 1fr))' } }}>
        <TextInput source="name" label={translate('app.user.fields.name')} />
        <TextInput source="email" inputProps={{ inputMode: 'email' }} label={translate('app.user.fields.email')} />
        <TextInput source="username" label={translate('app.user.fields.username')} />
        {/* Remounted once loaded: the select's choice list lags one render behind its props. */}
        <SelectInput
          key={`role-${roles.isPending}`}
          source="role"
          label={translate('app.user.fields.role')}
          choices={[...roles.records].sort(byName)}
          isPending={roles.isPending}
          optionText="name"
          emptyText={translate('app.user.no_role')}
        />
        {/* Spec §3: no status means active; the schema's default keeps a choice always made. */}
        <SelectInput source="status" label={translate('app.user.fields.status')} choices={statusChoices} format={shownStatus} validate={required()} />
        <SelectInput
          key={`dashboard-${dashboards.isPending}`}
          source="dashboardId"
          label={translate('app.user.fields.dashboard')}
          choices={[...dashboards.records].sort(byName)}
          isPending={dashboards.isPending}
          optionText="name"
          emptyText={translate('app.user.no_dashboard')}
        />
        <Box sx={{ gridColumn: { md: 'span 2' } }}>
          <CheckboxGroupInput source="moduleWhitelist" label={translate('app.user.fields.module_whitelist')} choices={moduleChoices} row helperText={false} />
        </Box>
        <Box sx={{ display: 'flex', justifyContent: { md: 'flex-end' }, pt: { md: 2 }, pb: 2 }}>
          <ResetPasswordButton user={record} />
        </Box>
      </Box>
      <UserPermissionInputs />
      <CustomAttributesInput source="customAttributes" />
    </ResourceForm>
  );
}
