import { Box, Chip, Stack } from '@mui/material';
import DeleteIcon from '@mui/icons-material/Delete';
import StopIcon from '@mui/icons-material/Stop';
import { useTranslate } from 'react-admin';
import { formatTimestamp } from '../../../../common/formatTime';
import type { LabourEntry } from '../../../../common/resources/workAccounting';
import type { NamedRef, WorkOrderDetail } from '../../../../common/resources/workOrder';
import type { WorkOrderWrites } from '../shared/useWorkOrderWrite';
import { removeLabourRequest, stopLabourRequest } from '../shared/workAccountingRequests';
import { AddLabourForm } from './AddLabourForm';
import { formatHours, formatMoney, spanEnds } from './workFormat';
import { RowAction, WorkTable, type WorkColumn } from './WorkTable';

/**
 * The labour recorded on the order (DESIGN §18): who, from when to when, the hours and what they
 * cost at the person's rate then; a running timer says so (it has no end, hours or cost yet) and
 * may be stopped. While the order is open an entry may be removed and one added below.
 */
export function LabourEntries({ order, users, writes, open }: { order: WorkOrderDetail; users: readonly NamedRef[]; writes: WorkOrderWrites; open: boolean }) {
  const translate = useTranslate();
  const busy = writes.writing !== null;
  const stop = (entry: LabourEntry) =>
    void writes.write({ kind: 'labour', request: stopLabourRequest(order._id, entry.user), successMessage: 'app.work_order_screen.timer_stopped' });
  const remove = (entry: LabourEntry) =>
    void writes.write({ kind: 'labour', request: removeLabourRequest(order._id, entry._id), successMessage: 'app.work_order_screen.labour_removed' });

  const columns: readonly WorkColumn<LabourEntry>[] = [
    { label: 'app.work_order_screen.person', cell: (entry) => entry.userName },
    {
      label: 'app.work_order_screen.when',
      cell: (entry) =>
        entry.endedAt === null ? (
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
            <span>{translate('app.work_order_screen.running_since', { time: formatTimestamp(entry.startedAt) })}</span>
            <Chip size="small" color="success" label={translate('app.work_order_screen.running')} />
          </Stack>
        ) : (
          <Span start={entry.startedAt} end={entry.endedAt} />
        ),
    },
    { label: 'app.work_order_screen.hours', numeric: true, cell: (entry) => (entry.hours === null ? '—' : formatHours(entry.hours)) },
    { label: 'app.work_order_screen.cost', numeric: true, cell: (entry) => costText(entry, translate('app.work_order_screen.no_rate')) },
  ];
  const actions = (entry: LabourEntry) => (
    <>
      {entry.endedAt === null && (
        <RowAction label={translate('app.work_order_screen.stop_timer', { person: entry.userName })} icon={<StopIcon fontSize="small" />} disabled={busy} onClick={() => stop(entry)} />
      )}
      <RowAction
        label={translate('app.work_order_screen.remove_labour', { person: entry.userName, time: formatTimestamp(entry.startedAt) })}
        icon={<DeleteIcon fontSize="small" />}
        disabled={busy}
        onClick={() => remove(entry)}
      />
    </>
  );

  return (
    <WorkTable title="app.work_order_screen.labour" empty="app.work_order_screen.no_labour" columns={columns} rows={order.labour} actions={open ? actions : undefined}>
      {open && <AddLabourForm order={order} users={users} writes={writes} />}
    </WorkTable>
  );
}

/** '2026/03/12 08:00 AM – 10:30 AM', wrapping only after the dash (a time is never cut from its AM/PM). */
function Span({ start, end }: { start: number; end: number }) {
  const [from, to] = spanEnds(start, end);
  return (
    <>
      <Box component="span" sx={{ whiteSpace: 'nowrap' }}>{`${from} –`}</Box> <Box component="span" sx={{ whiteSpace: 'nowrap' }}>{to}</Box>
    </>
  );
}

/** A finished entry's cost, or why it has none: still running ('—'), or no rate for the person. */
function costText(entry: LabourEntry, noRate: string): string {
  if (entry.cost !== null) return formatMoney(entry.cost);
  return entry.endedAt === null ? '—' : noRate;
}
