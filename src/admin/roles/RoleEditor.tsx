import { Box, Chip, Stack, Typography } from '@mui/material';
import { SelectInput, TextInput, useTranslate } from 'react-admin';
import { roleSchema } from '../../../common/resources/role';
import { RoleTablesInput } from './RoleTablesInput';
import type { EditorProps } from '../mechanism/ResourceDefinition';
import { ResourceForm } from '../mechanism/ResourceForm';
import { useRelatedListState } from '../mechanism/useRelatedList';
import type { RoleRecord } from './types';

interface Named {
  id: string;
  name: string;
}

const byName = (a: Named, b: Named) => a.name.localeCompare(b.name);

/**
 * The role editor (spec §2.9): name, dashboard (or none), the role's own permissions read-only,
 * and its tables with their default flags. The permissions are saved back as they were read; a
 * role is given or loses a permission in that permission's editor (PermissionEditor.tsx).
 */
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
      <RolePermissions ids={record.permissions ?? []} permissions={permissions.records} />
      <RoleTablesInput source="tables" />
    </ResourceForm>
  );
}

/** A role's own permissions by name, read-only (spec §2.9). */
function RolePermissions({ ids, permissions }: { ids: readonly string[]; permissions: readonly Named[] }) {
  const translate = useTranslate();
  const nameOf = new Map(permissions.map((permission) => [permission.id, permission.name]));
  const names = ids.map((id) => nameOf.get(id) ?? id).sort((a, b) => a.localeCompare(b));
  const label = translate('app.role.fields.permissions');
  return (
    <Box role="group" aria-label={label}>
      <Typography variant="subtitle2" sx={{ mb: 0.5 }}>{label}</Typography>
      {names.length === 0 ? (
        <Typography variant="body2" color="text.secondary">{translate('app.role.no_permissions')}</Typography>
      ) : (
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5 }}>
          {names.map((name) => <Chip key={name} size="small" label={name} />)}
        </Stack>
      )}
      <Typography variant="caption" color="text.secondary">{translate('app.role.permissions_hint')}</Typography>
    </Box>
  );
}
