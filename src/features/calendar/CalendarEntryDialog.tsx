import { useState } from 'react';
import { Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, FormControlLabel, MenuItem, Stack, Switch, TextField } from '@mui/material';
import { useNotify, useTranslate } from 'react-admin';
import { useDialogs } from '../../shared/ui/dialogs/DialogsProvider';
import { errorMessageOf } from '../../shared/ui/errorMessageOf';
import { DateInput } from '../../shared/ui/DateInput';
import { DateTimeInput } from '../../shared/ui/DateTimeInput';
import type { CalendarConfig, CalendarEntryType } from './calendarConfig';
import { isReadOnly, optionsOf, withAttribute } from './customAttributes';
import { CustomAttributeField } from './CustomAttributeField';
import { dayEnd, dayStart, dayText, draftProblem, entryBody, withTimed, type EntryDraft } from './entryDraft';
import { useCalendarEntryApi } from './useCalendarEntryApi';

/** As wide as the schedule dialog (spec §9, 400 px): the fields stack one under the other. */
export const CALENDAR_ENTRY_DIALOG_MAX_WIDTH = 400;

interface CalendarEntryDialogProps {
  /** The entry being added (no _id) or edited. */
  initial: EntryDraft;
  types: readonly CalendarEntryType[];
  config: CalendarConfig;
  onClose: () => void;
  /** After a save or delete went through. */
  onChanged: () => void;
}

/**
 * Add / edit a calendar entry (spec §2.7): its title (optional; docs/calendar.md), entry type,
 * start, end and the custom attributes of the config's definitions. Save checks spec §5's date rules in order and shows the first failure as
 * an alert, saving nothing; Delete shows only on an entry that allows it.
 */
export function CalendarEntryDialog({ initial, types, config, onClose, onChanged }: CalendarEntryDialogProps) {
  const translate = useTranslate();
  const notify = useNotify();
  const dialogs = useDialogs();
  const api = useCalendarEntryApi();
  const [draft, setDraft] = useState<EntryDraft>(initial);
  const [busy, setBusy] = useState(false);
  const editing = initial._id !== undefined;
  const { definitions, updateReadOnlyFields } = config.customFields;
  const labelOf = (key: string) => definitions.find((definition) => definition.key === key)?.label ?? key;

  const save = async () => {
    const problem = draftProblem(draft);
    if (problem) return dialogs.alert(translate(problem));
    setBusy(true);
    try {
      const body = entryBody(draft);
      if (draft._id) await api.update(draft._id, body);
      else await api.create(body);
      notify(editing ? 'app.calendar.updated' : 'app.calendar.created', { type: 'success' });
      onChanged();
      onClose();
    } catch (failure: unknown) {
      // The server repeats the checks (custom attributes against their definitions): its reason, verbatim.
      await dialogs.alert(errorMessageOf(failure, translate));
    } finally {
      setBusy(false);
    }
  };

  const remove = async () => {
    if (!draft._id || !(await dialogs.confirm(translate('app.confirm.delete_event')))) return;
    setBusy(true);
    try {
      await api.remove(draft._id);
      notify('app.notification.deleted', { type: 'success' });
      onChanged();
      onClose();
    } catch {
      await dialogs.alert(translate('app.calendar.delete_failed'));
    } finally {
      setBusy(false);
    }
  };

  const timeField = (which: 'start' | 'end') => {
    const label = translate(which === 'start' ? 'app.calendar.start' : 'app.calendar.end');
    const value = draft[which];
    if (draft.timed) {
      return <DateTimeInput label={label} fullWidth clearable value={value} onChange={(next) => setDraft({ ...draft, [which]: next })} />;
    }
    const toEpoch = which === 'start' ? dayStart : dayEnd;
    return <DateInput label={label} fullWidth clearable value={dayText(value)} onChange={(day) => setDraft({ ...draft, [which]: toEpoch(day) })} />;
  };

  return (
    <Dialog open onClose={busy ? undefined : onClose} fullWidth PaperProps={{ sx: { maxWidth: CALENDAR_ENTRY_DIALOG_MAX_WIDTH } }} aria-labelledby="calendar-entry-title">
      <DialogTitle id="calendar-entry-title">{translate(editing ? 'app.calendar.edit_title' : 'app.calendar.add_title')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <TextField label={translate('app.calendar.name')} value={draft.name} onChange={(event) => setDraft({ ...draft, name: event.target.value })} />
          <TextField select label={translate('app.calendar.entry_type')} value={types.some((type) => type._id === draft.type) ? draft.type : ''} onChange={(event) => setDraft({ ...draft, type: event.target.value })}>
            {types.map((type) => (
              <MenuItem key={type._id} value={type._id}>
                {type.name}
              </MenuItem>
            ))}
          </TextField>
          <FormControlLabel control={<Switch checked={!draft.timed} onChange={(event) => setDraft(withTimed(draft, !event.target.checked))} />} label={translate('app.calendar.all_day')} />
          {timeField('start')}
          {timeField('end')}
          {definitions.map((definition) => (
            <Box key={definition.key}>
              <CustomAttributeField
                definition={definition}
                value={draft.customAttributes[definition.key]}
                options={optionsOf(definition, draft.customAttributes)}
                {...(definition.dependsOn ? { dependsOnLabel: labelOf(definition.dependsOn) } : {})}
                disabled={isReadOnly(definition.key, updateReadOnlyFields, editing)}
                onChange={(value) => setDraft({ ...draft, customAttributes: withAttribute(definitions, draft.customAttributes, definition.key, value) })}
              />
            </Box>
          ))}
        </Stack>
      </DialogContent>
      <DialogActions>
        {editing && !initial.disableDelete && (
          <Button color="error" disabled={busy} onClick={() => void remove()} sx={{ mr: 'auto' }}>
            {translate('app.calendar.delete')}
          </Button>
        )}
        <Button disabled={busy} onClick={onClose}>
          {translate('app.calendar.cancel')}
        </Button>
        <Button variant="contained" disabled={busy} onClick={() => void save()}>
          {translate(editing ? 'app.calendar.update' : 'app.calendar.create')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
