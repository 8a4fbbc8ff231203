import { useId } from 'react';
import { Box, Chip, IconButton, Stack, Table, TableBody, TableCell, TableHead, TableRow, Tooltip, Typography } from '@mui/material';
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

/** Cells of numbers line up on the right; the table fits the 600 px dialog without a sideways scroll. */
const NUMBER_CELL = { textAlign: 'right', whiteSpace: 'nowrap' } as const;

/**
 * The labour recorded on the order (DESIGN §18): who, from when to when, the hours and what they
 * cost at the person's rate then; a running timer says so (it has no end, hours or cost yet) and
 * may be stopped. While the order is open an entry may be removed and one added below.
 */
export function LabourEntries({ order, users, writes, open }: { order: WorkOrderDetail; users: readonly NamedRef[]; writes: WorkOrderWrites; open: boolean }) {
  const translate = useTranslate();
  const titleId = useId();
  const busy = writes.writing !== null;
  const stop = (entry: LabourEntry) =>
    void writes.write({ kind: 'labour', request: stopLabourRequest(order._id, entry.user), successMessage: 'app.work_order_screen.timer_stopped' });
  const remove = (entry: LabourEntry) =>
    void writes.write({ kind: 'labour', request: removeLabourRequest(order._id, entry._id), successMessage: 'app.work_order_screen.labour_removed' });

  return (
    <Box component="section" aria-labelledby={titleId}>
      <Typography id={titleId} variant="subtitle1" component="h3" gutterBottom>
        {translate('app.work_order_screen.labour')}
      </Typography>
      {order.labour.length === 0 ? (
        <Typography color="text.secondary">{translate('app.work_order_screen.no_labour')}</Typography>
      ) : (
        <Table size="small" aria-labelledby={titleId}>
          <TableHead>
            <TableRow>
              <TableCell>{translate('app.work_order_screen.person')}</TableCell>
              <TableCell>{translate('app.work_order_screen.when')}</TableCell>
              <TableCell sx={NUMBER_CELL}>{translate('app.work_order_screen.hours')}</TableCell>
              <TableCell sx={NUMBER_CELL}>{translate('app.work_order_screen.cost')}</TableCell>
              {open && <TableCell padding="none" aria-label={translate('app.work_order.actions')} />}
            </TableRow>
          </TableHead>
          <TableBody>
            {order.labour.map((entry) => (
              <TableRow key={entry._id}>
                <TableCell>{entry.userName}</TableCell>
                <TableCell>
                  {entry.endedAt === null ? (
                    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
                      <span>{translate('app.work_order_screen.running_since', { time: formatTimestamp(entry.startedAt) })}</span>
                      <Chip size="small" color="success" label={translate('app.work_order_screen.running')} />
                    </Stack>
                  ) : (
                    <Span start={entry.startedAt} end={entry.endedAt} />
                  )}
                </TableCell>
                <TableCell sx={NUMBER_CELL}>{entry.hours === null ? '—' : formatHours(entry.hours)}</TableCell>
                <TableCell sx={NUMBER_CELL}>{costText(entry, translate('app.work_order_screen.no_rate'))}</TableCell>
                {open && (
                  <TableCell padding="none" sx={{ whiteSpace: 'nowrap' }}>
                    {entry.endedAt === null && (
                      <Tooltip title={translate('app.work_order_screen.stop_timer', { person: entry.userName })}>
                        <span>
                          <IconButton size="small" aria-label={translate('app.work_order_screen.stop_timer', { person: entry.userName })} disabled={busy} onClick={() => stop(entry)}>
                            <StopIcon fontSize="small" />
                          </IconButton>
                        </span>
                      </Tooltip>
                    )}
                    <Tooltip title={translate('app.work_order_screen.remove_labour', { person: entry.userName, time: formatTimestamp(entry.startedAt) })}>
                      <span>
                        <IconButton
                          size="small"
                          aria-label={translate('app.work_order_screen.remove_labour', { person: entry.userName, time: formatTimestamp(entry.startedAt) })}
                          disabled={busy}
                          onClick={() => remove(entry)}
                        >
                          <DeleteIcon fontSize="small" />
                        </IconButton>
                      </span>
                    </Tooltip>
                  </TableCell>
                )}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      {open && <AddLabourForm order={order} users={users} writes={writes} />}
    </Box>
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
