import { Box, Stack } from '@mui/material';
import { AutocompleteArrayInput, SelectInput, TextInput, useTranslate } from 'react-admin';
import { roleSchema } from '../../../common/resources/role';
import { RoleTablesInput } from '../../custom/fields/RoleTablesInput';
import type { EditorProps } from '../generic/ResourceDefinition';
import { ResourceForm } from '../generic/ResourceForm';
import { useRelatedListState } from '../generic/useRelatedList';
import type { RoleRecord } from './index';

interface Named {
  id: string;
  name: string;
}

const byName = (a: Named, b: Named) => a.name.localeCompare(b.name);

/** The role editor (spec §2.9): name, dashboard (or none), permissions and the role's tables with their default flags. */
export function RoleEditor({ record, save }: EditorProps<RoleRecord>) {
  const translate = useTranslate();
  const dashboards = useRelatedListState<Named>('dashboard', ['name']);
  const permissions = useRelatedListState<Named>('permission', ['name']);

  return (
    <ResourceForm record={record} schema={roleSchema} save={save}>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={{ md: 2 }}>
        <TextInput source="name" label={translate('app.role.fields.name')} sx={{ flex: 1 }} />
        <Box sx={{ flex: 1 }}>
          {/* Remounted once loaded: the select's choice list lags one render behind its props. */}
          <SelectInput
            key={`dashboard-${dashboards.isPending}`}
            source="dashboard"
            label={translate('app.role.fields.dashboard')}
            choices={[...dashboards.records].sort(byName)}
            isPending={dashboards.isPending}
            optionText="name"
            emptyText={translate('app.role.no_dashboard')}
          />
        </Box>
      </Stack>
      <AutocompleteArrayInput
        source="permissions"
        label={translate('app.role.fields.permissions')}
        choices={[...permissions.records].sort(byName)}
        isPending={permissions.isPending}
        optionText="name"
      />
      <RoleTablesInput source="tables" />
    </ResourceForm>
  );
}
