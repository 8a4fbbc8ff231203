import { Box, Chip, Stack, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { roleSchema } from '../../../common/resources/role';
import { RoleTablesInput } from './RoleTablesInput';
import type { EditorProps } from '../mechanism/ResourceDefinition';
import { ResourceForm } from '../mechanism/ResourceForm';
import { SchemaInputs } from '../mechanism/SchemaInputs';
import { useRelatedList } from '../mechanism/useRelatedList';
import type { RoleRecord } from './types';

interface Named {
  id: string;
  name: string;
}

/**
 * The role editor (spec §2.9): name, dashboard (or none), the role's own permissions read-only,
 * and its tables with their default flags. The permissions are saved back as they were read; a
 * role is given or loses a permission in that permission's editor (PermissionEditor.tsx).
 */
export function RoleEditor({ record, save }: EditorProps<RoleRecord>) {
  const permissions = useRelatedList<Named>('permission', ['name']);
  return (
    <ResourceForm record={record} schema={roleSchema} save={save}>
      <Box sx={{ display: 'grid', columnGap: 2, alignItems: 'start', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
        <SchemaInputs schema={roleSchema} namespace="role" entity="role" fields={['name', 'dashboard']} />
      </Box>
      <RolePermissions ids={record.permissions ?? []} permissions={permissions} />
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
