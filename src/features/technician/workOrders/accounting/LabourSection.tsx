import { Suspense, useState } from 'react';
import { Box, Button, List, ListItem, Stack, Typography } from '@mui/material';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import StopIcon from '@mui/icons-material/Stop';
import MoreTimeIcon from '@mui/icons-material/MoreTime';
import { useTranslate } from 'react-admin';
import { formatTimestamp } from '../../../../../common/formatTime';
import type { WorkOrderDetail } from '../../../../../common/resources/workOrder';
import type { OutboxItem } from '../../../../platform/offline/outbox/outboxItem';
import { lazyWithTimeout } from '../../../../shared/ui/lazyWithTimeout';
import { labourView, type LabourRow } from './pendingWork';
import { elapsedText, useTickingNow } from './useTickingNow';
import { PendingNote, WorkSection } from './WorkSection';
import { hoursText, spanText } from './workTimes';

// Its own chunk, with the date-time picker: opened now and then, not with every order.
const AddTimeDialog = lazyWithTimeout('AddTimeDialog', () => import('./AddTimeDialog').then((module) => module.AddTimeDialog));

interface Props {
  order: WorkOrderDetail;
  /** This order's outbox items. */
  items: readonly OutboxItem[];
  user: { _id: string; name: string };
  /** Completed: the labour is shown, nothing more can be recorded (409). */
  readOnly: boolean;
  busy: boolean;
  onStart: () => Promise<boolean>;
  onStop: () => Promise<boolean>;
  onAddTime: (startedAt: number, hours: number, onRefused: (message: string) => void) => Promise<boolean>;
}

/**
 * Labour on the order (DESIGN §18): the signed-in technician's timer — Start, the running time
 * while it runs, Stop — 'Add time' for work done without it, and the entries recorded, start–end
 * and hours, with what still waits on the phone.
 */
export function LabourSection({ order, items, user, readOnly, busy, onStart, onStop, onAddTime }: Props) {
  const translate = useTranslate();
  const [adding, setAdding] = useState(false);
  const { running, rows } = labourView(order.labour, items, order._id, user);
  const now = useTickingNow(running !== null);
  const others = order.labour.filter((entry) => entry.endedAt === null && entry.user !== user._id);

  return (
    <WorkSection title={translate('app.technician.work_order.labour_title')}>
      {running && (
        <Box>
          <Typography role="timer" aria-label={translate('app.technician.work_order.timer_running')} variant="h4" component="p" sx={{ fontVariantNumeric: 'tabular-nums' }}>
            {elapsedText(running.startedAt, now)}
          </Typography>
          <Stack direction="row" sx={{ flexWrap: 'wrap', alignItems: 'center', columnGap: 1, rowGap: 0.5 }}>
            <Typography variant="body2" color="text.secondary">
              {translate('app.technician.work_order.timer_started_at', { time: formatTimestamp(running.startedAt) })}
            </Typography>
            <PendingNote mark={running.pending} />
          </Stack>
        </Box>
      )}
      {!readOnly && (
        <Stack direction="row" spacing={1}>
          {running ? (
            <Button variant="contained" color="error" size="large" startIcon={<StopIcon />} disabled={busy} onClick={() => void onStop()} sx={{ minHeight: 48, flex: 1 }}>
              {translate('app.technician.work_order.timer_stop')}
            </Button>
          ) : (
            <Button variant="contained" size="large" startIcon={<PlayArrowIcon />} disabled={busy} onClick={() => void onStart()} sx={{ minHeight: 48, flex: 1 }}>
              {translate('app.technician.work_order.timer_start')}
            </Button>
          )}
          <Button variant="outlined" size="large" startIcon={<MoreTimeIcon />} disabled={busy} onClick={() => setAdding(true)} sx={{ minHeight: 48, flex: 1 }}>
            {translate('app.technician.work_order.add_time')}
          </Button>
        </Stack>
      )}
      {rows.length === 0 && others.length === 0 ? (
        <Typography color="text.secondary">{translate('app.technician.work_order.no_labour')}</Typography>
      ) : (
        <List disablePadding aria-label={translate('app.technician.work_order.labour_entries')}>
          {rows.map((row) => (
            <LabourRowItem key={row.key} row={row} />
          ))}
          {others.map((entry) => (
            <ListItem key={entry._id} disableGutters divider sx={{ display: 'block' }}>
              <Typography variant="body2">{translate('app.technician.work_order.running_since', { time: formatTimestamp(entry.startedAt) })}</Typography>
              <Typography variant="body2" color="text.secondary">
                {entry.userName}
              </Typography>
            </ListItem>
          ))}
        </List>
      )}
      {order.costs.labourHours > 0 && (
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {translate('app.technician.work_order.labour_total', { hours: hoursText(order.costs.labourHours) })}
        </Typography>
      )}
      {adding && (
        <Suspense fallback={null}>
          <AddTimeDialog onClose={() => setAdding(false)} onAdd={onAddTime} />
        </Suspense>
      )}
    </WorkSection>
  );
}

function rowText({ startedAt, endedAt }: LabourRow, translate: ReturnType<typeof useTranslate>): string {
  if (startedAt !== null && endedAt !== null) return spanText(startedAt, endedAt);
  if (startedAt !== null) return translate('app.technician.work_order.timer_started_at', { time: formatTimestamp(startedAt) });
  return translate('app.technician.work_order.timer_stopped_at', { time: formatTimestamp(endedAt ?? 0) });
}

function LabourRowItem({ row }: { row: LabourRow }) {
  const translate = useTranslate();
  return (
    <ListItem disableGutters divider sx={{ display: 'block' }}>
      <Stack direction="row" sx={{ justifyContent: 'space-between', columnGap: 1 }}>
        <Typography variant="body2">{rowText(row, translate)}</Typography>
        {row.hours !== null && (
          <Typography variant="body2" sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>
            {translate('app.technician.work_order.hours', { hours: hoursText(row.hours) })}
          </Typography>
        )}
      </Stack>
      <Stack direction="row" sx={{ flexWrap: 'wrap', alignItems: 'center', columnGap: 1, rowGap: 0.5 }}>
        <Typography variant="body2" color="text.secondary">
          {row.userName}
        </Typography>
        <PendingNote mark={row.pending} />
      </Stack>
    </ListItem>
  );
}
