import { useState } from 'react';
import { Box, Button, MenuItem, TextField, ToggleButton, ToggleButtonGroup } from '@mui/material';
import { useTranslate } from 'react-admin';
import { HOUR_MS, MAX_LABOUR_HOURS } from '../../../../common/resources/workAccounting';
import type { NamedRef, WorkOrderDetail } from '../../../../common/resources/workOrder';
import { DateTimeInput } from '../../../shared/ui/DateTimeInput';
import { hoursOfText } from '../dialog/workOrderForm';
import type { WorkOrderWrites } from '../shared/useWorkOrderWrite';
import { addLabourRequest, type LabourInput } from '../shared/workAccountingRequests';

type Until = 'end' | 'hours';

interface Draft {
  user: string;
  startedAt: number | null;
  until: Until;
  endedAt: number | null;
  hours: string;
}

/** The entry the draft makes, or null while it is incomplete or out of bounds (more than 0, at most 336 hours). */
function entryOf(draft: Draft): LabourInput | null {
  const { user, startedAt } = draft;
  if (user === '' || startedAt === null) return null;
  if (draft.until === 'end') {
    const { endedAt } = draft;
    return endedAt !== null && endedAt > startedAt && endedAt - startedAt <= MAX_LABOUR_HOURS * HOUR_MS ? { user, startedAt, endedAt } : null;
  }
  const hours = hoursOfText(draft.hours);
  return hours !== null && hours > 0 && hours <= MAX_LABOUR_HOURS ? { user, startedAt, hours } : null;
}

/**
 * Records labour done (POST /workOrder/{id}/labour): the person — the assignee unless another is
 * picked among those who may hold orders — when it started, and when it ended or how many hours
 * it took. Add waits for a whole entry; the server says what else is wrong (a time in the future)
 * in a notification, and the form keeps what was typed. Once recorded, the times are cleared and
 * the person stays (the next entry is often theirs too).
 */
export function AddLabourForm({ order, users, writes }: { order: WorkOrderDetail; users: readonly NamedRef[]; writes: WorkOrderWrites }) {
  const translate = useTranslate();
  const [draft, setDraft] = useState<Draft>({ user: order.assignedTo, startedAt: null, until: 'end', endedAt: null, hours: '' });
  const change = (part: Partial<Draft>) => setDraft((current) => ({ ...current, ...part }));
  const entry = entryOf(draft);
  const people = users.some((user) => user._id === order.assignedTo) ? users : [...users, { _id: order.assignedTo, name: order.assignedToName || order.assignedTo }];
  const hoursInvalid = draft.until === 'hours' && draft.hours.trim() !== '' && entry === null && draft.startedAt !== null;

  const add = async () => {
    if (entry === null || writes.writing !== null) return;
    const recorded = await writes.write({ kind: 'labour', request: addLabourRequest(order._id, entry), successMessage: 'app.work_order_screen.labour_added' });
    if (recorded) change({ startedAt: null, endedAt: null, hours: '' });
  };

  return (
    <Box
      component="form"
      noValidate
      aria-label={translate('app.work_order_screen.add_labour')}
      onSubmit={(event) => {
        event.preventDefault();
        void add();
      }}
      sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2, mt: 2, alignItems: 'start' }}
    >
      <TextField select label={translate('app.work_order_screen.person')} value={draft.user} onChange={(event) => change({ user: event.target.value })} fullWidth>
        {people.map((person) => (
          <MenuItem key={person._id} value={person._id}>
            {person.name}
          </MenuItem>
        ))}
      </TextField>
      <DateTimeInput label={translate('app.work_order_screen.started')} value={draft.startedAt} onChange={(startedAt) => change({ startedAt })} fullWidth clearable />
      <ToggleButtonGroup
        exclusive
        fullWidth
        value={draft.until}
        onChange={(_event, until: Until | null) => until && change({ until })}
        aria-label={translate('app.work_order_screen.duration_as')}
        sx={{ height: 56 }}
      >
        <ToggleButton value="end">{translate('app.work_order_screen.until_end')}</ToggleButton>
        <ToggleButton value="hours">{translate('app.work_order_screen.until_hours')}</ToggleButton>
      </ToggleButtonGroup>
      {draft.until === 'end' ? (
        <DateTimeInput
          label={translate('app.work_order_screen.ended')}
          value={draft.endedAt}
          onChange={(endedAt) => change({ endedAt })}
          minDateTime={draft.startedAt ?? undefined}
          fullWidth
          clearable
        />
      ) : (
        <TextField
          label={translate('app.work_order_screen.hours')}
          value={draft.hours}
          onChange={(event) => change({ hours: event.target.value })}
          error={hoursInvalid}
          helperText={hoursInvalid ? translate('app.work_order_screen.hours_invalid', { max: MAX_LABOUR_HOURS }) : undefined}
          fullWidth
          slotProps={{ htmlInput: { inputMode: 'decimal' } }}
        />
      )}
      <Box sx={{ gridColumn: '1 / -1', display: 'flex', justifyContent: 'flex-end' }}>
        <Button type="submit" variant="outlined" disabled={entry === null || writes.writing !== null}>
          {translate('app.work_order_screen.add_labour')}
        </Button>
      </Box>
    </Box>
  );
}
