import { useCallback, useMemo, useState } from 'react';
import { Button, Stack, Typography } from '@mui/material';
import DoneAllIcon from '@mui/icons-material/DoneAll';
import { useTranslate } from 'react-admin';
import { SUB_TABLE_PAGE_SIZE } from '../../../../common/constants';
import type { Alert } from '../../../../common/resources/inspection';
import { RecordTable, type RecordColumn } from '../../../shared/ui/recordTable/RecordTable';
import type { SortTerm } from '../../../shared/ui/recordTable/tableSort';
import { useSessionUser } from '../../../platform/authProvider/useSession';
import { TableCellContent } from '../TableCellContent';
import { useAcknowledgeAlerts } from './useAcknowledgeAlerts';
import { useResolveAlerts } from './useResolveAlerts';

type AlertRow = Alert & { id: string } & Record<string, unknown>;

const FIELDS = ['levelName', 'severityLevel', 'message', 'timestamp', 'resolvedAt', 'resolvedByName', 'remark'] as const;
const HEADINGS: Record<(typeof FIELDS)[number], string> = {
  levelName: 'app.detail.alert_level',
  severityLevel: 'app.detail.severity',
  message: 'app.detail.message',
  timestamp: 'app.detail.time',
  resolvedAt: 'app.detail.resolved_at',
  resolvedByName: 'app.detail.resolved_by',
  remark: 'app.detail.remark',
};

/**
 * The Alerts table of a detail view (spec §2.5, §9: 5 rows a page, newest first): a Resolve button
 * on each open alert and, for the selected ones, a bulk Resolve (spec §4); both ask for a remark,
 * then `onResolved` lets the detail reload. An open alert nobody took on has Acknowledge beside
 * Resolve (DESIGN §18). Without resolve-alert the buttons are not offered (the
 * server refuses the call anyway).
 */
export function AlertsSubTable({ alerts, onResolved, title }: { alerts: readonly Alert[]; onResolved: () => void; title?: string }) {
  const translate = useTranslate();
  const user = useSessionUser();
  const canResolve = user?.permissions.includes('resolve-alert') ?? false;
  const resolve = useResolveAlerts();
  const acknowledge = useAcknowledgeAlerts();
  const [sort, setSort] = useState<SortTerm[]>([{ field: 'timestamp', order: 'desc' }]);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const rows = useMemo(() => alerts.map((alert) => ({ ...alert, id: alert._id }) as AlertRow), [alerts]);
  const openIds = new Set(rows.filter((row) => row.resolvedAt === null).map((row) => row.id));
  const selectedOpen = [...selected].filter((id) => openIds.has(id));

  const run = useCallback(
    async (ids: string[]) => {
      if (await resolve(ids)) {
        setSelected(new Set());
        onResolved();
      }
    },
    [resolve, onResolved],
  );

  const acknowledgeOne = useCallback(
    async (id: string) => {
      if (await acknowledge([id])) onResolved();
    },
    [acknowledge, onResolved],
  );

  const columns = useMemo<RecordColumn<AlertRow>[]>(() => {
    const shown: RecordColumn<AlertRow>[] = FIELDS.map((field) => ({
      key: field,
      label: translate(HEADINGS[field]),
      sortValue: (row) => (field === 'severityLevel' ? (row.severityLevel?.text ?? '') : (row[field] as string | number | null)),
      render: (row) => <TableCellContent row={row} rowId={row.id} dataField={field} filters={{}} />,
    }));
    if (canResolve) {
      shown.push({
        key: 'actions',
        label: '',
        sortable: false,
        render: (row) =>
          row.resolvedAt === null ? (
            <Stack direction="row" spacing={0.5}>
              {typeof row.acknowledgedAt !== 'number' && (
                <Button size="small" onClick={() => void acknowledgeOne(row.id)}>
                  {translate('app.detail.acknowledge')}
                </Button>
              )}
              <Button size="small" onClick={() => void run([row.id])}>
                {translate('app.table.resolve')}
              </Button>
            </Stack>
          ) : null,
      });
    }
    return shown;
  }, [translate, canResolve, run, acknowledgeOne]);

  return (
    <Stack spacing={1}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <Typography variant="subtitle1" component="h3" sx={{ flexGrow: 1 }}>
          {title ?? translate('app.detail.alerts')}
        </Typography>
        {canResolve && (
          <Button size="small" variant="outlined" startIcon={<DoneAllIcon />} disabled={selectedOpen.length === 0} onClick={() => void run(selectedOpen)}>
            {translate('app.detail.resolve_selected')}
          </Button>
        )}
      </Stack>
      <RecordTable
        rows={rows}
        columns={columns}
        sort={sort}
        onSortChange={setSort}
        selectable={canResolve}
        selected={selected}
        onSelectedChange={setSelected}
        pageSize={SUB_TABLE_PAGE_SIZE}
        empty={translate('app.detail.no_alerts')}
      />
    </Stack>
  );
}
