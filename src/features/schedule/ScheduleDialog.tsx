import { useState } from 'react';
import { Autocomplete, Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, TextField, Typography } from '@mui/material';
import { useNotify, useTranslate } from 'react-admin';
import { scheduleInputProblem, type InspectionSchedule } from '../../../common/resources/inspectionSchedule';
import { ChipMultiSelect } from '../../shared/ui/ChipMultiSelect';
import { useDialogs } from '../../shared/ui/dialogs/DialogsProvider';
import { SCHEDULE_DIALOG_MAX_WIDTH } from '../../shared/ui/dialogs/dialogWidths';
import { errorMessageOf } from '../../shared/ui/errorMessageOf';
import { useApiFetch } from '../../platform/dataProvider/useApiFetch';
import { DateInput } from '../../shared/ui/DateInput';
import { checklistChoicesOf, newScheduleForm, scheduleFormOf, scheduleInputOf, withAsset, type ScheduleAsset, type ScheduleForm } from './scheduleForm';

/** What the dialog opens on: a new schedule (on a clicked date, or blank from Add item) or an existing one. */
export type ScheduleDialogSubject = { kind: 'new'; date?: Date } | { kind: 'edit'; schedule: InspectionSchedule };

interface ScheduleDialogProps {
  subject: ScheduleDialogSubject;
  assets: readonly ScheduleAsset[];
  checklistNames: ReadonlyMap<string, string>;
  /** Holds manage-inspection-schedule; without it the dialog only shows. */
  canManage: boolean;
  onClose: () => void;
  /** A schedule was created, updated or deleted. */
  onChanged: () => void;
}

/**
 * The new/edit schedule dialog of spec §2.6 (at most 400 px wide): Start Date, End Date, Asset,
 * Checklists; Delete (edit only), Cancel, Create/Update. Spec §5's five checks come first, in
 * their order, each as an alert; nothing is sent while one fails. A schedule that holds
 * inspections opens read-only with only Cancel and Delete (spec §4).
 */
export function ScheduleDialog({ subject, assets, checklistNames, canManage, onClose, onChanged }: ScheduleDialogProps) {
  const translate = useTranslate();
  const notify = useNotify();
  const dialogs = useDialogs();
  const apiFetch = useApiFetch();
  const editing = subject.kind === 'edit' ? subject.schedule : null;
  const [form, setForm] = useState<ScheduleForm>(() => (editing ? scheduleFormOf(editing) : newScheduleForm(subject.kind === 'new' ? subject.date : undefined)));
  const [busy, setBusy] = useState(false);
  const completed = (editing?.inspections.length ?? 0) > 0;
  const readOnly = !canManage || completed;

  const asset = assets.find((candidate) => candidate._id === form.assetId);
  // An asset missing from the list (archived since) still shows under its name.
  const shownAsset: ScheduleAsset | null = asset ?? (editing && form.assetId === editing.asset ? { _id: editing.asset, name: editing.assetName } : null);
  const choices = checklistChoicesOf(asset, form.checklistIds);
  const set = (change: Partial<ScheduleForm>) => setForm((current) => ({ ...current, ...change }));

  const save = async () => {
    const input = scheduleInputOf(form);
    const problem = scheduleInputProblem(input);
    if (problem) {
      await dialogs.alert(problem.message);
      return;
    }
    setBusy(true);
    try {
      await apiFetch(editing ? `/inspectionSchedule/${editing._id}` : '/inspectionSchedule', { method: editing ? 'PUT' : 'POST', body: input });
      notify('app.notification.updated', { type: 'success' });
      onChanged();
      onClose();
    } catch (error: unknown) {
      setBusy(false);
      await dialogs.alert(errorMessageOf(error, translate));
    }
  };

  const remove = async () => {
    if (!editing || !(await dialogs.confirm(translate('app.schedule.delete_confirm')))) return;
    setBusy(true);
    try {
      await apiFetch(`/inspectionSchedule/${editing._id}`, { method: 'DELETE' });
      notify('app.notification.deleted', { type: 'success' });
      onChanged();
      onClose();
    } catch {
      setBusy(false);
      // Spec §8: this message, whatever the server said.
      await dialogs.alert(translate('app.schedule.delete_failed'));
    }
  };

  return (
    <Dialog open onClose={busy ? undefined : onClose} fullWidth PaperProps={{ sx: { maxWidth: SCHEDULE_DIALOG_MAX_WIDTH } }} aria-labelledby="schedule-dialog-title">
      <DialogTitle id="schedule-dialog-title">{translate(editing ? 'app.schedule.edit_title' : 'app.schedule.new_title')}</DialogTitle>
      <DialogContent>
        <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2, pt: 1 }}>
          {completed && (
            <Typography variant="body2" color="text.secondary">
              {translate('app.schedule.completed_read_only', { smart_count: editing?.inspections.length ?? 0 })}
            </Typography>
          )}
          <DateInput label={translate('app.schedule.start_date')} value={form.startDate} onChange={(startDate) => set({ startDate })} disabled={readOnly} fullWidth clearable />
          <DateInput label={translate('app.schedule.end_date')} value={form.endDate} onChange={(endDate) => set({ endDate })} disabled={readOnly} fullWidth clearable />
          <Autocomplete
            options={assets as ScheduleAsset[]}
            value={shownAsset}
            disabled={readOnly}
            getOptionLabel={(option) => (option.identification ? `${option.name} (${option.identification})` : option.name)}
            isOptionEqualToValue={(option, value) => option._id === value._id}
            onChange={(_event, picked) => setForm((current) => withAsset(current, picked ?? undefined))}
            renderInput={(params) => <TextField {...params} label={translate('app.schedule.asset')} />}
          />
          <ChipMultiSelect
            label={translate('app.schedule.checklists')}
            value={form.checklistIds}
            choices={choices}
            nameOf={(id) => checklistNames.get(id) ?? id}
            onChange={(checklistIds) => set({ checklistIds })}
            emptyText={translate(form.assetId ? 'app.schedule.no_checklists' : 'app.schedule.pick_asset_first')}
            disabled={readOnly}
            sx={{ width: '100%' }}
          />
        </Box>
      </DialogContent>
      <DialogActions>
        {editing && canManage && (
          <Button color="error" onClick={() => void remove()} disabled={busy} sx={{ mr: 'auto' }}>
            {translate('app.schedule.delete')}
          </Button>
        )}
        <Button onClick={onClose} disabled={busy}>
          {translate('app.schedule.cancel')}
        </Button>
        {!readOnly && (
          <Button variant="contained" onClick={() => void save()} disabled={busy}>
            {translate(editing ? 'app.schedule.update' : 'app.schedule.create')}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
