import { useId } from 'react';
import { InputAdornment, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { Inspection } from '../../../common/resources/inspection';
import { formatDate } from '../../../common/formatTime';
import { MIN_LOAD_PERCENT, NETA_MTS, NFPA_70B, type SeverityCriterion } from '../../../common/thermography/suggestedSeverity';
import { apiQuery } from '../../platform/dataProvider/apiQuery';
import { useApiQuery } from '../../platform/dataProvider/useApiQuery';
import { useSessionUser } from '../../platform/authProvider/useSession';
import { thermographyRecordsOf } from './thermographyRecords';
import { parseLoadPercent, type NoteDraft } from './noteDraft';
import type { ThermographyNote } from './noteTypes';
import { useThermographyConfig } from './useThermographyConfig';

/** Before the configuration arrives (or offline without it), the two published criteria. */
const PUBLISHED_CRITERIA: readonly SeverityCriterion[] = [NETA_MTS, NFPA_70B];

/** The asset's other notes a ΔT may be read against (a similar component under similar load); none for a user who may not read inspections. */
function useReferenceChoices(note: ThermographyNote, wanted: boolean) {
  const mayRead = useSessionUser()?.permissions.includes('read-inspection') ?? false;
  const { data } = useApiQuery({ ...apiQuery<Inspection[]>('/inspection', { query: { assetId: note.asset } }), enabled: wanted && mayRead });
  return thermographyRecordsOf(data ?? []).filter((record) => record._id !== note._id);
}

/**
 * What NFPA 70B (2023) asks to be recorded with a finding besides the ΔT (DESIGN §16): the load at
 * the time of the scan (% of rated, a warning under 40 %), the criterion the severity is graded by
 * and the reference the ΔT is read against. The server's suggestion follows them once saved.
 */
export function ScanConditions({ note, draft, onChange, editable }: { note: ThermographyNote; draft: NoteDraft; onChange: (patch: Partial<NoteDraft>) => void; editable: boolean }) {
  const translate = useTranslate();
  const headingId = useId();
  const criteria = useThermographyConfig()?.criteria ?? PUBLISHED_CRITERIA;
  const references = useReferenceChoices(note, editable || draft.referenceNote !== '');
  const load = parseLoadPercent(draft.loadPercent);
  const loadInvalid = load === undefined;
  const loadLow = load !== null && load !== undefined && load < MIN_LOAD_PERCENT;
  // A reference not among the choices (its list not read yet, or the note deleted since) is kept as it is.
  const knownReference = draft.referenceNote === '' || references.some((record) => record._id === draft.referenceNote);

  let loadHelp = translate('app.thermography.load_hint');
  if (loadInvalid) loadHelp = translate('app.thermography.load_invalid');
  else if (loadLow) loadHelp = translate('app.thermography.load_low', { min: MIN_LOAD_PERCENT });

  return (
    <Stack spacing={2} component="section" aria-labelledby={headingId}>
      <Typography variant="subtitle2" component="h4" id={headingId}>
        {translate('app.thermography.scan_conditions')}
      </Typography>
      <TextField
        label={translate('app.thermography.load_percent')}
        value={draft.loadPercent}
        onChange={(event) => onChange({ loadPercent: event.target.value })}
        disabled={!editable}
        error={loadInvalid}
        helperText={loadHelp}
        size="small"
        color={loadLow ? 'warning' : undefined}
        focused={loadLow ? true : undefined}
        slotProps={{
          htmlInput: { inputMode: 'decimal' },
          input: { endAdornment: <InputAdornment position="end">%</InputAdornment> },
          formHelperText: { sx: loadLow ? { color: 'warning.main' } : undefined, role: loadLow ? 'status' : undefined },
        }}
      />
      <TextField select label={translate('app.thermography.criterion')} value={draft.criterion} onChange={(event) => onChange({ criterion: event.target.value })} disabled={!editable} size="small">
        {criteria.map((criterion) => (
          <MenuItem key={criterion.id} value={criterion.id}>
            {criterion.name}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        label={translate('app.thermography.reference_note')}
        value={draft.referenceNote}
        onChange={(event) => onChange({ referenceNote: event.target.value })}
        disabled={!editable}
        helperText={translate('app.thermography.reference_hint')}
        size="small"
        // '' is a choice here (the ambient air), shown by its name, not as an empty field.
        slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
      >
        <MenuItem value="">{translate('app.thermography.reference_ambient')}</MenuItem>
        {references.map((record) => (
          <MenuItem key={record._id} value={record._id}>
            {translate('app.thermography.reference_option', { number: record.imageNumber ?? '', identification: record.identification || '—', date: formatDate(record.timestamp) })}
          </MenuItem>
        ))}
        {knownReference ? null : <MenuItem value={draft.referenceNote}>{translate('app.thermography.reference_unlisted')}</MenuItem>}
      </TextField>
    </Stack>
  );
}
