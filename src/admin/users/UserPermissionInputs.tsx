import { useMemo } from 'react';
import { Autocomplete, Box, Chip, Stack, TextField, Typography } from '@mui/material';
import { useInput, useTranslate } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { directPermissionChoices } from '../../../common/resources/user';
import { useRelatedList } from '../mechanism/useRelatedList';

interface PermissionOption {
  id: string;
  _id: string;
  name: string;
}

interface RoleOption {
  id: string;
  name: string;
  permissions?: string[];
}

const asIds = (value: unknown): string[] => (Array.isArray(value) ? (value as string[]) : []);
const keepIds = (value: string[]) => value;

/**
 * A user's permissions (spec §6): the role's own are shown read-only and the direct choices leave
 * them out; both follow the role picked in the form. Direct ids the role already gives stay
 * stored but unshown, so switching the role back brings them back.
 */
export function UserPermissionInputs() {
  const translate = useTranslate();
  const roles = useRelatedList<RoleOption>('role', ['name', 'permissions']);
  const permissions = useRelatedList<PermissionOption>('permission', ['name']);
  const roleId = useWatch({ name: 'role' }) as string | null | undefined;
  const { field } = useInput<string[]>({ source: 'permissions', format: asIds, parse: keepIds });
  const directIds = asIds(field.value);

  const rolePermissionIds = useMemo(() => roles.find((role) => role.id === roleId)?.permissions ?? [], [roles, roleId]);
  const choices = useMemo(
    () => directPermissionChoices(permissions, rolePermissionIds).sort((a, b) => a.name.localeCompare(b.name)),
    [permissions, rolePermissionIds],
  );
  const nameOf = useMemo(() => new Map(permissions.map((p) => [p.id, p.name])), [permissions]);
  const roleNames = rolePermissionIds.map((id) => nameOf.get(id) ?? id).sort((a, b) => a.localeCompare(b));
  const chosen = choices.filter((choice) => directIds.includes(choice.id));
  const hidden = directIds.filter((id) => !choices.some((choice) => choice.id === id));

  return (
    <Stack spacing={1}>
      <Box role="group" aria-label={translate('app.user.fields.role_permissions')}>
        <Typography variant="subtitle2" sx={{ mb: 0.5 }}>{translate('app.user.fields.role_permissions')}</Typography>
        {roleNames.length === 0 ? (
          <Typography variant="body2" color="text.secondary">{translate('app.user.no_role_permissions')}</Typography>
        ) : (
          <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5 }}>
            {roleNames.map((name) => <Chip key={name} size="small" label={name} />)}
          </Stack>
        )}
      </Box>
      <Autocomplete<PermissionOption, true>
        multiple
        size="small"
        options={choices}
        value={chosen}
        getOptionLabel={(option) => option.name}
        isOptionEqualToValue={(option, value) => option.id === value.id}
        onChange={(_event, picked) => field.onChange([...hidden, ...picked.map((option) => option.id)])}
        renderInput={(params) => <TextField {...params} label={translate('app.user.fields.direct_permissions')} />}
      />
    </Stack>
  );
}
