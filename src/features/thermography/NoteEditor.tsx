import { useState } from 'react';
import { Alert, Box, Button, Chip, InputAdornment, Stack, TextField, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { useSessionUser } from '../../platform/authProvider/useSession';
import { useDialogs } from '../../shared/ui/dialogs/DialogsProvider';
import type { Arrow } from './arrows';
import { fileIdOf } from '../../../common/thermography/note';
import { parseDecimal } from './fieldNotes';
import { KeyValueRows } from './KeyValueRows';
import { NoteActions } from './NoteActions';
import { NoteImages } from './NoteImages';
import { draftOf, parseLoadPercent, sameDraft, withTools, type NoteDraft } from './noteDraft';
import { ScanConditions } from './ScanConditions';
import { MeasurementTools } from './MeasurementTools';
import type { EditedTool } from './thermalTools';
import { useThermalReading, useToolReadings } from './useThermalReading';
import { STATUS_COLORS, STATUS_LABELS } from './noteStatusLabels';
import type { KeyValue, ThermalImageUpload, ThermographyNote } from './noteTypes';
import { cameraKeyOf, COMPUTED_MEASUREMENTS, CORRECTABLE_PARAMETERS, isCameraKey } from './parameterCorrections';
import { PREDEFINED_OBSERVATIONS, PREDEFINED_RECOMMENDATIONS } from './predefinedTexts';
import { SeverityChoice } from './SeverityChoice';
import { TextChoices } from './TextChoices';
import { useNoteActions, type NoteAction } from './useNoteActions';
import { usePicture } from './usePicture';

/**
 * Spec §2.5 thermography note detail: the editable note (sections 3, 4 and 6). `onSaved` shows
 * the note as a save answered it, `reload` reads it again after the save (spec: Update & Approve
 * reloads); `onChanged` lets the table refresh after anything was saved — an upload,
 * an update, a status change — since its row shows the pictures, temperatures and status.
 */
export function NoteEditor({ note, reload, onSaved, onChanged }: { note: ThermographyNote; reload: () => void; onSaved: (note: ThermographyNote) => void; onChanged?: () => void }) {
  const translate = useTranslate();
  const dialogs = useDialogs();
  const user = useSessionUser();
  const may = (permission: string) => user?.permissions.includes(permission) ?? false;
  const { run, busy } = useNoteActions();
  const [base, setBase] = useState(note);
  const [draft, setDraft] = useState<NoteDraft>(() => draftOf(note));
  // Arrows belong to the picture they were drawn on: a new real image (an upload) starts clean.
  const [drawing, setDrawing] = useState<{ image: string | null; arrows: Arrow[] }>({ image: note.realImage, arrows: [] });
  // A newer version (a push, or someone else's save) while this one holds unsaved edits.
  const [newer, setNewer] = useState<ThermographyNote | null>(null);
  const [adoptNext, setAdoptNext] = useState(false);
  const realPicture = usePicture(fileIdOf(base.realImage));
  const thermal = useThermalReading(base._id, base.thermalImage, draft.parameters, base.radiometric && base.thermalImage !== null);
  const readings = useToolReadings(thermal, draft.tools, base.tools ?? []);
  const [selectedTool, setSelectedTool] = useState<string | null>(null);

  // A reload brings the note again (a push after any save, ours included): taken as it is unless
  // it would overwrite edits not saved yet. It holds what is on screen, or the fields it changed
  // were not touched here: nothing is lost.
  if (note !== base && note !== newer) {
    const incoming = draftOf(note);
    const dirty = !sameDraft(draft, draftOf(base));
    if (sameDraft(incoming, draftOf(base)) || sameDraft(incoming, draft)) {
      setBase(note);
      setNewer(null);
      // Once the save is over, the next change from elsewhere is asked about again.
      if (adoptNext && busy === null) setAdoptNext(false);
    } else if (adoptNext || !dirty) {
      setBase(note);
      setDraft(incoming);
      setAdoptNext(false);
      setNewer(null);
    } else setNewer(note);
  }
  const arrows = drawing.image === base.realImage ? drawing.arrows : [];
  const setArrows = (next: Arrow[]) => setDrawing({ image: base.realImage, arrows: next });

  const approved = base.status === 'approved';
  const canUpdate = may('update-thermography-note');
  const canApprove = may('approve-thermography-note');
  const editable = canUpdate && !approved;
  const set = (patch: Partial<NoteDraft>) => setDraft((current) => ({ ...current, ...patch }));
  const setTools = (tools: EditedTool[]) => setDraft((current) => withTools(current, tools));
  const ambientInvalid = parseDecimal(draft.ambientTemperature) === undefined;
  const loadInvalid = parseLoadPercent(draft.loadPercent) === undefined;

  const onUploaded = (upload: ThermalImageUpload) => {
    setBase((current) => ({ ...current, thermalImage: upload.thermalImage, realImage: upload.realImage ?? current.realImage, parameters: upload.parameters, measurements: upload.measurements }));
    // Tools were placed on the old picture: the server clears them with it.
    set({ parameters: upload.parameters.map((row) => ({ ...row })), measurements: upload.measurements.map((row) => ({ ...row })), tools: [], deltaTs: [] });
    reload();
    onChanged?.();
  };

  const onAction = async (action: NoteAction) => {
    if (action !== 'delete' && ambientInvalid) {
      await dialogs.alert(translate('app.thermography.not_a_number'), { title: translate('app.thermography.ambient_temperature') });
      return;
    }
    if (action !== 'delete' && loadInvalid) {
      await dialogs.alert(translate('app.thermography.load_invalid'), { title: translate('app.thermography.load_percent') });
      return;
    }
    await run(action, {
      note: base,
      draft,
      arrows,
      realPicture,
      canUpdate,
      onStart: () => setAdoptNext(true),
      onSaved,
      onDone: (done) => {
        setArrows([]);
        if (done !== 'delete') reload();
        onChanged?.();
      },
      onFailed: () => setAdoptNext(false),
    });
  };

  // The camera's own value beside a row the server recomputed or the engineer corrected.
  const cameraValue = (rows: readonly KeyValue[]) => (key: string) => rows.find((item) => item.k === cameraKeyOf(key))?.v ?? null;

  return (
    <Stack spacing={2} data-testid="thermography-note-editor">
      <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography variant="h6" component="h3">
          {translate('app.thermography.image_heading', { number: String(base.imageNumber) })}
        </Typography>
        <Chip size="small" color={STATUS_COLORS[base.status] ?? 'default'} label={translate(STATUS_LABELS[base.status] ?? base.status)} data-testid="note-status" />
      </Stack>
      {approved ? <Alert severity="success">{translate('app.thermography.approved_read_only')}</Alert> : null}
      {newer ? (
        <Alert
          severity="warning"
          action={
            <Button
              color="inherit"
              size="small"
              onClick={() => {
                setBase(newer);
                setDraft(draftOf(newer));
                setNewer(null);
              }}
            >
              {translate('app.thermography.load_newer')}
            </Button>
          }
        >
          {translate('app.thermography.changed_elsewhere')}
        </Alert>
      ) : null}

      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', lg: 'minmax(0, 3fr) minmax(0, 2fr)' }, gap: 2 }}>
        <NoteImages
          note={base}
          thermal={thermal}
          pictureTools={{ tools: draft.tools, readings, onChange: editable ? setTools : undefined, selected: selectedTool, onSelect: setSelectedTool }}
          realPicture={realPicture}
          arrows={arrows}
          onArrowsChange={setArrows}
          editable={editable}
          onThermalUploaded={onUploaded}
        />
        <Stack spacing={2}>
          <TextField label={translate('app.thermography.identification')} value={draft.identification} onChange={(event) => set({ identification: event.target.value })} disabled={!editable} size="small" />
          <TextField label={translate('app.thermography.note')} value={draft.note} onChange={(event) => set({ note: event.target.value })} disabled={!editable} multiline minRows={3} size="small" />
          <TextField
            label={translate('app.thermography.ambient_temperature')}
            value={draft.ambientTemperature}
            onChange={(event) => set({ ambientTemperature: event.target.value })}
            disabled={!editable}
            error={ambientInvalid}
            helperText={ambientInvalid ? translate('app.thermography.not_a_number') : undefined}
            size="small"
            slotProps={{ htmlInput: { inputMode: 'decimal' }, input: { endAdornment: <InputAdornment position="end">°C</InputAdornment> } }}
          />
          <ScanConditions note={base} draft={draft} onChange={set} editable={editable} />
          <SeverityChoice value={draft.severityLevel} suggestion={base.suggestedSeverity} onChange={(severityLevel) => set({ severityLevel })} disabled={!editable} />
        </Stack>
      </Box>

      {base.radiometric ? (
        <MeasurementTools
          tools={draft.tools}
          readings={readings}
          deltaTs={draft.deltaTs}
          savedDeltaTs={base.deltaTs ?? []}
          ambientC={parseDecimal(draft.ambientTemperature) ?? null}
          noteEmissivity={thermal.settings?.emissivity ?? null}
          noteReflectedC={thermal.settings?.reflectedTemperatureC ?? null}
          selected={selectedTool}
          onSelect={setSelectedTool}
          onToolsChange={editable ? setTools : undefined}
          onDeltaTsChange={editable ? (deltaTs) => set({ deltaTs }) : undefined}
        />
      ) : null}

      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: 'repeat(2, minmax(0, 1fr))' }, gap: 2 }}>
        <KeyValueRows
          title={translate('app.thermography.measurements')}
          rows={draft.measurements}
          rowEditing={(key) => (!editable || (base.radiometric && COMPUTED_MEASUREMENTS.includes(key)) ? 'none' : 'all')}
          canAdd={editable}
          onChange={(measurements) => set({ measurements })}
          hidden={isCameraKey}
          extra={{ heading: translate('app.thermography.camera_value'), valueOf: cameraValue(draft.measurements) }}
          empty={translate('app.thermography.no_measurements')}
        />
        <KeyValueRows
          title={translate('app.thermography.parameters')}
          rows={draft.parameters}
          rowEditing={(key) => (editable && CORRECTABLE_PARAMETERS.includes(key) ? 'value' : 'none')}
          canAdd={false}
          onChange={(parameters) => set({ parameters })}
          hidden={isCameraKey}
          extra={{ heading: translate('app.thermography.camera_value'), valueOf: cameraValue(draft.parameters) }}
          empty={translate('app.thermography.no_parameters')}
        />
        <TextChoices
          title={translate('app.thermography.observations')}
          predefined={PREDEFINED_OBSERVATIONS}
          lines={draft.observations}
          onChange={(observations) => set({ observations })}
          disabled={!editable}
          addLabel={translate('app.thermography.add_observation')}
        />
        <TextChoices
          title={translate('app.thermography.recommendations')}
          predefined={PREDEFINED_RECOMMENDATIONS}
          lines={draft.recommendations}
          onChange={(recommendations) => set({ recommendations })}
          disabled={!editable}
          addLabel={translate('app.thermography.add_recommendation')}
        />
      </Box>

      {!approved ? <NoteActions canUpdate={canUpdate} canApprove={canApprove} deleted={base.status === 'deleted'} busy={busy} onAction={(action) => void onAction(action)} /> : null}
    </Stack>
  );
}
