import { useMemo } from 'react';
import { Chip, Stack } from '@mui/material';
import { useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import type { RecordColumn } from '../../shared/ui/recordTable/RecordTable';
import { roleResource } from '../roles';
import { useRelatedList } from '../mechanism/useRelatedList';
import type { DashboardAdminRecord } from './types';

interface RoleDashboard {
  id: string;
  name: string;
  dashboard: string | null;
}

/** Dashboard, Roles (those showing it, spec §3 role.dashboard, each a link to Role management) — spec §2.9. */
export function useDashboardColumns(): RecordColumn<DashboardAdminRecord>[] {
  const translate = useTranslate();
  // Spec §7: GET /role?fields=name,dashboard.
  const roles = useRelatedList<RoleDashboard>('role', ['name', 'dashboard']);
  return useMemo(() => {
    const rolesByDashboard = new Map<string, string[]>();
    for (const role of roles) {
      if (role.dashboard) rolesByDashboard.set(role.dashboard, [...(rolesByDashboard.get(role.dashboard) ?? []), role.name]);
    }
    const rolesOf = (row: DashboardAdminRecord) => [...(rolesByDashboard.get(String(row.id)) ?? [])].sort((a, b) => a.localeCompare(b));
    return [
      { key: 'name', label: translate('app.dashboard_admin.columns.dashboard') },
      {
        key: 'roles',
        label: translate('app.dashboard_admin.columns.roles'),
        sortValue: (row) => rolesOf(row).join(', '),
        render: (row) => (
          <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
            {rolesOf(row).map((name) => (
              <Chip key={name} size="small" variant="outlined" clickable component={Link} to={`/home/${roleResource.route}`} label={name} />
            ))}
          </Stack>
        ),
      },
    ];
  }, [translate, roles]);
}
