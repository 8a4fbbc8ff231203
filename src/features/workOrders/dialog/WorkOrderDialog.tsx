import { useId, useState } from 'react';
import { Autocomplete, Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, Divider, FormHelperText, IconButton, MenuItem, TextField, Tooltip } from '@mui/material';
import CloseIcon from '@mui/icons-material/Close';
import { yupResolver } from '@hookform/resolvers/yup';
import { Controller, useForm, useWatch, type Control, type FieldError, type Resolver } from 'react-hook-form';
import { useNotify, useTranslate } from 'react-admin';
import { COMPLETED_STATUS, isCompleted, type NamedRef, type WorkOrder, type WorkOrderConfig } from '../../../../common/resources/workOrder';
import { WORK_ORDER_TYPES, WORK_ORDER_TYPE_LABELS } from '../../../../common/resources/workAccounting';
import { WORK_ORDER_DIALOG_MAX_WIDTH } from '../../../shared/ui/dialogs/dialogWidths';
import { DateTimeInput } from '../../../shared/ui/DateTimeInput';
import { useWorkOrderDetail } from '../shared/useWorkOrderDetail';
import { useWorkOrderApi } from '../workOrderApi';
import { useAssetChecklists } from './useAssetChecklists';
import { WorkOrderRecords } from './WorkOrderRecords';
import {
  EMPTY_WORK_ORDER_FORM,
  SERVER_PROBLEM,
  editedOrderBody,
  fieldErrorText,
  formOfOrder,
  newOrderBody,
  serverFieldProblems,
  workOrderDialogSchema,
  type WorkOrderFormField,
  type WorkOrderFormState,
} from './workOrderForm';

/**
 * What the dialog opens on: a new order (blank from New, or prefilled from an alert's detail,
 * which links it with `alert`), or an existing one to edit.
 */
export type WorkOrderDialogSubject =
  | { kind: 'new'; initial?: Partial<WorkOrderFormState>; alert?: string; assetName?: string }
  | { kind: 'edit'; order: WorkOrder };

export interface WorkOrderDialogProps {
  subject: WorkOrderDialogSubject;
  config: WorkOrderConfig;
  onClose: () => void;
  /** The order was created or updated (the answer of the call). */
  onSaved: (order: WorkOrder) => void;
}

/**
 * The work order dialog of spec §2.8, the one both the work order screen and an alert's detail
 * open: persistent (a click beside it or Escape does not throw away what was typed; the close
 * button does), at most 600 px wide, Title, Asset, Assigned To, Priority, Status, Start Date and
 * End Date under `workOrderFormSchema` (spec §5, shared with the server), then DESIGN §18's Type,
 * Estimated hours, the downtime (Asset stopped, Running again) and the Procedure (a checklist of
 * the asset), Reset and Submit. A field the server refuses (400 or 409 naming it) shows the
 * server's message under it.
 *
 * The form validates on change and on leaving a field ('all'), the dates as they are typed:
 * Submit follows the form's validity as the user types, and a field left empty says so once
 * touched. Spec §8: a failed submit is only logged; the dialog stays open so nothing typed is lost.
 *
 * An order being edited shows its records below the fields (issue 40, DESIGN §18): its Activity
 * Log, where the engineer may add a comment, and beside it its Work — labour, parts and costs.
 * They have their own forms beside the order's (forms do not nest), so Reset and Submit, kept in
 * view under the scrolling content, name the order's form.
 */
export function WorkOrderDialog({ subject, config, onClose, onSaved }: WorkOrderDialogProps) {
  const translate = useTranslate();
  const notify = useNotify();
  const api = useWorkOrderApi();
  const titleId = useId();
  const formId = useId();
  const editing = subject.kind === 'edit' ? subject.order : null;
  // The order with its log and accounting (GET /workOrder/{id}); a new order has none.
  const detail = useWorkOrderDetail(editing ? editing._id : null);
  const read = detail.state.status === 'ready' ? detail.state.order : null;
  const { control, handleSubmit, reset, trigger, getValues, setValue, setError, formState } = useForm<WorkOrderFormState>({
    mode: 'all',
    // Typed by what the schema lets through (dates as numbers); the form also holds null while a date is empty.
    resolver: yupResolver(workOrderDialogSchema) as unknown as Resolver<WorkOrderFormState>,
    defaultValues: editing ? formOfOrder(editing) : { ...EMPTY_WORK_ORDER_FORM, ...(subject.kind === 'new' ? subject.initial : {}) },
  });
  const saving = formState.isSubmitting;
  // Each picker's limit is the other one's value.
  const [start, end, downtimeStart, downtimeEnd, asset] = useWatch({ control, name: ['startTimestamp', 'endTimestamp', 'downtimeStart', 'downtimeEnd', 'asset'] });

  const save = async (values: WorkOrderFormState) => {
    try {
      const saved = editing ? await api.update(editedOrderBody(editing, values)) : await api.create(newOrderBody(values, subject.kind === 'new' ? (subject.alert ?? null) : null));
      notify('app.notification.updated', { type: 'success' });
      // Spec §4: a successful submit closes the dialog and resets it.
      reset({ ...EMPTY_WORK_ORDER_FORM });
      onSaved(saved);
      onClose();
    } catch (error: unknown) {
      console.error('work order could not be saved', error);
      // A field the server refused says why under it (the accounting fields' rules: docs/work-orders.md).
      for (const [field, message] of serverFieldProblems(error)) setError(field, { type: SERVER_PROBLEM, message }, { shouldFocus: true });
    }
  };

  // Spec §4: Reset clears the form and its validation (not back to the order: to empty).
  const clear = () => reset({ ...EMPTY_WORK_ORDER_FORM });

  // Names for ids the config no longer lists (an archived asset, a user who left), so they still read as names.
  const assets = withCurrent(config.assets, editing ? { _id: editing.asset, name: editing.assetName } : subject.kind === 'new' && subject.initial?.asset ? { _id: subject.initial.asset, name: subject.assetName ?? subject.initial.asset } : null);
  const users = withCurrent(config.users, editing ? { _id: editing.assignedTo, name: editing.assignedToName } : null);
  // Completed is final (DESIGN §11: the server refuses leaving it): a completed order's other fields may still be corrected.
  const statusValues = editing && isCompleted(editing.status) ? [COMPLETED_STATUS] : config.statusValues;
  const errorText = (field: WorkOrderFormField, error: FieldError | undefined) => (error ? fieldErrorText(field, error, translate) : undefined);
  const procedure = editing?.procedure ? { _id: editing.procedure, name: read?.procedureName ?? '' } : null;

  return (
    <Dialog open fullWidth disableEscapeKeyDown PaperProps={{ sx: { maxWidth: WORK_ORDER_DIALOG_MAX_WIDTH } }} aria-labelledby={titleId}>
      {/* The close button sits beside the title, not in it: the title alone names the dialog. */}
      <DialogTitle id={titleId} sx={{ pr: 7 }}>
        {translate(editing ? 'app.work_order.edit_title' : 'app.work_order.add_title')}
      </DialogTitle>
      <Tooltip title={translate('app.work_order_screen.close')}>
        <span style={{ position: 'absolute', right: 12, top: 12 }}>
          <IconButton aria-label={translate('app.work_order_screen.close')} onClick={onClose} disabled={saving}>
            <CloseIcon />
          </IconButton>
        </span>
      </Tooltip>
      <DialogContent sx={{ pt: 1 }}>
        {/* Two columns from `sm` on (Title across both): the fields take four rows, and the log starts within sight. */}
        <Box
          component="form"
          id={formId}
          noValidate
          onSubmit={(event) => void handleSubmit(save)(event)}
          sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2, pt: 1 }}
        >
          <Controller
            control={control}
            name="title"
            render={({ field, fieldState }) => (
              <TextField
                {...field}
                label={translate('app.work_order.fields.title')}
                error={Boolean(fieldState.error)}
                helperText={errorText('title', fieldState.error)}
                fullWidth
                sx={{ gridColumn: '1 / -1' }}
              />
            )}
          />
          <NamedRefField
            control={control}
            name="asset"
            label={translate('app.work_order.fields.asset')}
            options={assets}
            errorText={errorText}
            // The procedure is a checklist of the asset: another asset's is none of this one's.
            onPicked={() => setValue('procedure', '', { shouldValidate: true })}
          />
          <NamedRefField control={control} name="assignedTo" label={translate('app.work_order.fields.assigned_to')} options={users} errorText={errorText} />
          <ValueSelect control={control} name="priority" label={translate('app.work_order.fields.priority')} values={config.priorityValues} errorText={errorText} />
          <ValueSelect control={control} name="status" label={translate('app.work_order.fields.status')} values={statusValues} errorText={errorText} />
          <Controller
            control={control}
            name="startTimestamp"
            render={({ field, fieldState }) => (
              <DateField
                label={translate('app.work_order.fields.start_date')}
                value={field.value}
                onChange={(value) => {
                  field.onChange(value);
                  // The end's "not before the start" is its own rule: look again once it has a value.
                  if (getValues('endTimestamp') !== null) void trigger('endTimestamp');
                }}
                onLeave={field.onBlur}
                // Spec §2.8: the start cannot be picked after the end.
                limits={{ maxDateTime: end ?? undefined }}
                error={errorText('startTimestamp', fieldState.error)}
              />
            )}
          />
          <Controller
            control={control}
            name="endTimestamp"
            render={({ field, fieldState }) => (
              <DateField
                label={translate('app.work_order.fields.end_date')}
                value={field.value}
                onChange={field.onChange}
                onLeave={field.onBlur}
                // Spec §2.8: the end cannot be picked before the start.
                limits={{ minDateTime: start ?? undefined }}
                error={errorText('endTimestamp', fieldState.error)}
              />
            )}
          />
          <Controller
            control={control}
            name="type"
            render={({ field, fieldState }) => (
              <TextField select {...field} label={translate('app.work_order.fields.type')} error={Boolean(fieldState.error)} helperText={errorText('type', fieldState.error)} fullWidth>
                {WORK_ORDER_TYPES.map((type) => (
                  <MenuItem key={type} value={type}>
                    {WORK_ORDER_TYPE_LABELS[type]}
                  </MenuItem>
                ))}
              </TextField>
            )}
          />
          <Controller
            control={control}
            name="estimatedHours"
            render={({ field, fieldState }) => (
              <TextField
                {...field}
                label={translate('app.work_order.fields.estimated_hours')}
                error={Boolean(fieldState.error)}
                helperText={errorText('estimatedHours', fieldState.error)}
                fullWidth
                slotProps={{ htmlInput: { inputMode: 'decimal' } }}
              />
            )}
          />
          <Controller
            control={control}
            name="downtimeStart"
            render={({ field, fieldState }) => (
              <DateField
                label={translate('app.work_order.fields.downtime_start')}
                value={field.value}
                onChange={(value) => {
                  field.onChange(value);
                  if (getValues('downtimeEnd') !== null) void trigger('downtimeEnd');
                }}
                onLeave={field.onBlur}
                limits={{ maxDateTime: downtimeEnd ?? undefined }}
                error={errorText('downtimeStart', fieldState.error)}
              />
            )}
          />
          <Controller
            control={control}
            name="downtimeEnd"
            render={({ field, fieldState }) => (
              <DateField
                label={translate('app.work_order.fields.downtime_end')}
                value={field.value}
                onChange={field.onChange}
                onLeave={field.onBlur}
                limits={{ minDateTime: downtimeStart ?? undefined }}
                error={errorText('downtimeEnd', fieldState.error)}
              />
            )}
          />
          <ProcedureField control={control} assetId={asset} current={procedure} locked={Boolean(read?.procedureInspection)} errorText={errorText} />
        </Box>
        {editing && (
          <>
            <Divider sx={{ my: 2 }} />
            <WorkOrderRecords detail={detail} users={users} />
          </>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={clear} disabled={saving}>
          {translate('app.work_order.reset')}
        </Button>
        <Button type="submit" form={formId} variant="contained" disabled={!formState.isValid || saving}>
          {translate(saving ? 'app.work_order.saving' : 'app.work_order.submit')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** The list of a select, with the current value's entry added when the list lacks it. */
function withCurrent(list: readonly NamedRef[], current: NamedRef | null): readonly NamedRef[] {
  if (!current || current._id === '' || list.some((entry) => entry._id === current._id)) return list;
  return [...list, { _id: current._id, name: current.name || current._id }];
}

type ErrorText = (field: WorkOrderFormField, error: FieldError | undefined) => string | undefined;

/** Asset and Assigned To: a searchable list of the config's names (a site may have hundreds), keeping the id. */
function NamedRefField({
  control,
  name,
  label,
  options,
  errorText,
  onPicked,
}: {
  control: Control<WorkOrderFormState>;
  name: 'asset' | 'assignedTo';
  label: string;
  options: readonly NamedRef[];
  errorText: ErrorText;
  /** Another value was picked (not the same one again). */
  onPicked?: () => void;
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <Autocomplete
          options={options as NamedRef[]}
          value={options.find((option) => option._id === field.value) ?? null}
          getOptionLabel={(option) => option.name}
          getOptionKey={(option) => option._id}
          isOptionEqualToValue={(option, value) => option._id === value._id}
          onChange={(_event, picked) => {
            if ((picked?._id ?? '') !== field.value) onPicked?.();
            field.onChange(picked?._id ?? '');
          }}
          onBlur={field.onBlur}
          renderInput={(params) => (
            <TextField {...params} inputRef={field.ref} label={label} error={Boolean(fieldState.error)} helperText={errorText(name, fieldState.error)} />
          )}
        />
      )}
    />
  );
}

/** Priority and Status: the config's values (spec §3). */
function ValueSelect({ control, name, label, values, errorText }: { control: Control<WorkOrderFormState>; name: 'priority' | 'status'; label: string; values: readonly string[]; errorText: ErrorText }) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => {
        // A value the config no longer offers still shows on the order it was saved on.
        const choices = field.value && !values.includes(field.value) ? [...values, field.value] : values;
        return (
          <TextField
            select
            {...field}
            label={label}
            error={Boolean(fieldState.error)}
            helperText={errorText(name, fieldState.error)}
            fullWidth
          >
            {choices.map((value) => (
              <MenuItem key={value} value={value}>
                {value}
              </MenuItem>
            ))}
          </TextField>
        );
      }}
    />
  );
}

/**
 * The procedure (DESIGN §18): none, or one of the asset's checklists, asked for when the list is
 * first opened. The order's own procedure keeps its name while the list is not read. Once its
 * inspection is filled it is fixed (the server answers 409), and the select says so.
 */
function ProcedureField({ control, assetId, current, locked, errorText }: { control: Control<WorkOrderFormState>; assetId: string; current: NamedRef | null; locked: boolean; errorText: ErrorText }) {
  const translate = useTranslate();
  const [opened, setOpened] = useState(false);
  const { checklists, isPending, refused } = useAssetChecklists(assetId, opened);
  return (
    <Controller
      control={control}
      name="procedure"
      render={({ field, fieldState }) => {
        const options = withCurrent(checklists, current && current._id === field.value ? current : null);
        const hint = locked ? translate('app.work_order_screen.procedure_locked') : refused ? translate('app.work_order_screen.procedure_refused') : assetId === '' ? translate('app.work_order_screen.procedure_needs_asset') : undefined;
        return (
          <TextField
            select
            {...field}
            label={translate('app.work_order.fields.procedure')}
            disabled={locked || assetId === ''}
            error={Boolean(fieldState.error)}
            helperText={errorText('procedure', fieldState.error) ?? hint}
            fullWidth
            sx={{ gridColumn: '1 / -1' }}
            // 'None' shows as the value while there is no procedure (the label then stays above it).
            slotProps={{ select: { onOpen: () => setOpened(true), displayEmpty: true }, inputLabel: { shrink: true } }}
          >
            <MenuItem value="">
              <em>{translate('app.work_order_screen.procedure_none')}</em>
            </MenuItem>
            {options.map((option) => (
              <MenuItem key={option._id} value={option._id}>
                {option.name}
              </MenuItem>
            ))}
            {isPending && (
              <MenuItem disabled value="-loading">
                {translate('app.work_order_screen.procedure_loading')}
              </MenuItem>
            )}
          </TextField>
        );
      }}
    />
  );
}

/**
 * A date-time picker with its message under it. It counts as touched once the focus leaves the
 * whole field, not on every move between its sections (year, month, day...).
 */
function DateField({ label, value, onChange, onLeave, limits, error }: { label: string; value: number | null; onChange: (value: number | null) => void; onLeave: () => void; limits: { minDateTime?: number; maxDateTime?: number }; error: string | undefined }) {
  const messageId = useId();
  return (
    <Box
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) onLeave();
      }}
    >
      {/* Each keystroke's date goes to the form at once: Submit follows validity while the last field is typed. */}
      <DateTimeInput label={label} value={value} onChange={onChange} {...limits} error={Boolean(error)} describedBy={error ? messageId : undefined} fullWidth clearable handOnWhileTyping />
      {error && (
        <FormHelperText id={messageId} error sx={{ mx: 1.75 }}>
          {error}
        </FormHelperText>
      )}
    </Box>
  );
}
