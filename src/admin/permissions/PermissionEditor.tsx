import { useMemo, useState } from 'react';
import { Autocomplete, Box, Button, Chip, Stack, TextField, Typography } from '@mui/material';
import SaveIcon from '@mui/icons-material/Save';
import { useDataProvider, useLogoutIfAccessDenied, useNotify, useRefresh, useTranslate } from 'react-admin';
import { useSessionUser } from '../../platform/authProvider/useSession';
import type { EditorProps } from '../mechanism/ResourceDefinition';
import { useRelatedListState } from '../mechanism/useRelatedList';
import type { RoleRecord } from '../roles/types';
import type { PermissionRecord } from './types';

interface RoleOption {
  id: string;
  name: string;
  permissions?: string[];
}

const byName = (a: RoleOption, b: RoleOption) => a.name.localeCompare(b.name);

/** The roles whose holding of the permission differs between the two lists. */
const changedRoles = (before: readonly string[], after: readonly string[]) => [
  ...after.filter((id) => !before.includes(id)),
  ...before.filter((id) => !after.includes(id)),
];

/**
 * A permission's inline editor (spec §2.9: every admin table's rows expand into one): the roles
 * holding it. The role editor shows a role's own permissions read-only (spec §2.9), so this is
 * where a role is given a permission or loses one: each role whose holding changed is read and
 * saved whole with PUT /role/{id} (spec §7), which needs manage-role — without it the roles are
 * only listed. Users holding it directly are chosen in the user form (spec §6).
 */
export function PermissionEditor({ record }: EditorProps<PermissionRecord>) {
  const translate = useTranslate();
  const roles = useRelatedListState<RoleOption>('role', ['name', 'permissions']);
  const mayEditRoles = useSessionUser()?.permissions.includes('manage-role') ?? false;
  const holding = useMemo(() => roles.records.filter((role) => role.permissions?.includes(String(record.id))).map((role) => role.id), [roles.records, record.id]);
  // Null until the administrator picks: what the roles hold now, also once they have loaded.
  const [picked, setPicked] = useState<string[] | null>(null);
  const chosen = picked ?? holding;
  const saveRoles = useSaveRoles(String(record.id));
  const [saving, setSaving] = useState(false);
  const options = [...roles.records].sort(byName);
  const label = translate('app.permission.fields.roles');

  if (!mayEditRoles) return <ReadOnlyRoles label={label} names={options.filter((role) => holding.includes(role.id)).map((role) => role.name)} />;

  const save = async () => {
    setSaving(true);
    if (await saveRoles(changedRoles(holding, chosen))) setPicked(null);
    setSaving(false);
  };

  return (
    <Stack spacing={1}>
      <Autocomplete<RoleOption, true>
        multiple
        size="small"
        options={options}
        loading={roles.isPending}
        value={options.filter((role) => chosen.includes(role.id))}
        getOptionLabel={(role) => role.name}
        isOptionEqualToValue={(option, value) => option.id === value.id}
        onChange={(_event, roleOptions) => setPicked(roleOptions.map((role) => role.id))}
        renderInput={(params) => <TextField {...params} label={label} />}
      />
      <Box>
        <Button variant="contained" startIcon={<SaveIcon />} disabled={saving || changedRoles(holding, chosen).length === 0} onClick={() => void save()}>
          {translate('ra.action.save')}
        </Button>
      </Box>
    </Stack>
  );
}

function ReadOnlyRoles({ label, names }: { label: string; names: readonly string[] }) {
  const translate = useTranslate();
  return (
    <Box role="group" aria-label={label}>
      <Typography variant="subtitle2" sx={{ mb: 0.5 }}>{label}</Typography>
      {names.length === 0 ? (
        <Typography variant="body2" color="text.secondary">{translate('app.permission.no_roles')}</Typography>
      ) : (
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5 }}>
          {names.map((name) => <Chip key={name} size="small" label={name} />)}
        </Stack>
      )}
      <Typography variant="caption" color="text.secondary">{translate('app.permission.roles_need_manage_role')}</Typography>
    </Box>
  );
}

/**
 * Gives the permission to, or takes it from, each of these roles: read whole, saved whole, one
 * after another; the first refusal stops the rest. Says 'Permission updated' or 'Permission
 * updating failed' (spec §8's pattern) and reloads what the screen shows either way. Answers whether all went.
 */
function useSaveRoles(permissionId: string) {
  const dataProvider = useDataProvider();
  const notify = useNotify();
  const logoutIfAccessDenied = useLogoutIfAccessDenied();
  const refresh = useRefresh();
  return async (roleIds: readonly string[]): Promise<boolean> => {
    try {
      for (const id of roleIds) {
        const { data: role } = await dataProvider.getOne<RoleRecord>('role', { id });
        const permissions = role.permissions.includes(permissionId) ? role.permissions.filter((held) => held !== permissionId) : [...role.permissions, permissionId];
        await dataProvider.update<RoleRecord>('role', { id, data: { ...role, permissions }, previousData: role });
      }
      notify('app.permission.updated', { type: 'success' });
      return true;
    } catch (error) {
      if (!(await logoutIfAccessDenied(error))) notify('app.permission.updating_failed', { type: 'error' });
      return false;
    } finally {
      refresh();
    }
  };
}
