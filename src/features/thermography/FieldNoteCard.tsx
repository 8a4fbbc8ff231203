import { useId, useState } from 'react';
import { Box, Button, Collapse, IconButton, InputAdornment, Paper, Stack, TextField, Tooltip, Typography } from '@mui/material';
import DeleteIcon from '@mui/icons-material/Delete';
import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { useTranslate } from 'react-admin';
import { touchFieldSx } from '../technician/inspect/inputs/valueInputProps';
import { hasBreakerData, type BreakerInputs, type FieldNote, type NumberField } from './fieldNotes';
import type { NoteField } from './fieldNoteRules';
import { foldPreview } from './breakerFold';

interface FieldNoteCardProps {
  note: FieldNote;
  index: number;
  /** The first note cannot be deleted (spec §5). */
  deletable: boolean;
  problems: Partial<Record<NoteField, string>> | undefined;
  badNumbers: readonly NumberField[];
  onChange: (patch: Partial<FieldNote>) => void;
  onDelete: () => void;
}

const BREAKER_PARTS: readonly { part: keyof BreakerInputs; label: string }[] = [
  { part: 'capacity', label: 'app.thermography.capacity' },
  { part: 'r', label: 'app.thermography.current_r' },
  { part: 'y', label: 'app.thermography.current_y' },
  { part: 'b', label: 'app.thermography.current_b' },
];

const decimalInput = { inputMode: 'decimal', autoComplete: 'off' } as const;

/**
 * One note of the technician's form, built for a gloved thumb on a 390 px phone: one column, 16 px
 * text (no zoom on focus), 48 px targets. Breaker attributes fold away until wanted.
 */
export function FieldNoteCard({ note, index, deletable, problems, badNumbers, onChange, onDelete }: FieldNoteCardProps) {
  const translate = useTranslate();
  const id = useId();
  const [breakerOpen, setBreakerOpen] = useState(() => hasBreakerData(note.breaker));
  const numberError = (field: NumberField) => badNumbers.includes(field);
  const notANumber = translate('app.thermography.not_a_number');
  const preview = foldPreview(note);
  const headingId = `${id}-heading`;

  return (
    <Paper component="section" variant="outlined" aria-labelledby={headingId} sx={{ p: 2 }} data-note-index={index}>
      <Stack direction="row" sx={{ alignItems: 'center', mb: 1 }}>
        <Typography id={headingId} variant="subtitle1" component="h3" sx={{ flexGrow: 1, fontWeight: 600 }}>
          {translate('app.thermography.note_heading', { n: index + 1 })}
        </Typography>
        {deletable ? (
          <Tooltip title={translate('app.thermography.delete_note', { n: index + 1 })}>
            <IconButton onClick={onDelete} aria-label={translate('app.thermography.delete_note', { n: index + 1 })} sx={{ width: 48, height: 48 }}>
              <DeleteIcon />
            </IconButton>
          </Tooltip>
        ) : null}
      </Stack>
      <Stack spacing={2}>
        <TextField
          label={translate('app.thermography.image_number')}
          required
          value={note.imageNumber}
          onChange={(event) => onChange({ imageNumber: event.target.value })}
          error={Boolean(problems?.imageNumber)}
          helperText={problems?.imageNumber ? translate(problems.imageNumber) : undefined}
          sx={touchFieldSx}
          slotProps={{ htmlInput: { autoComplete: 'off', 'data-field': 'imageNumber' } }}
        />
        <TextField
          label={translate('app.thermography.identification')}
          value={note.identification}
          onChange={(event) => onChange({ identification: event.target.value })}
          error={Boolean(problems?.identification)}
          helperText={problems?.identification ? translate(problems.identification) : undefined}
          sx={touchFieldSx}
          slotProps={{ htmlInput: { autoComplete: 'off', 'data-field': 'identification' } }}
        />
        <TextField
          label={translate('app.thermography.note')}
          value={note.note}
          onChange={(event) => onChange({ note: event.target.value })}
          multiline
          minRows={2}
          sx={touchFieldSx}
        />
        <TextField
          label={translate('app.thermography.ambient_temperature')}
          value={note.ambientTemperature}
          onChange={(event) => onChange({ ambientTemperature: event.target.value })}
          error={numberError('ambientTemperature')}
          helperText={numberError('ambientTemperature') ? notANumber : undefined}
          sx={touchFieldSx}
          slotProps={{ htmlInput: decimalInput, input: { endAdornment: <InputAdornment position="end">°C</InputAdornment> } }}
        />
        <Box>
          <Button
            onClick={() => setBreakerOpen((open) => !open)}
            aria-expanded={breakerOpen}
            aria-controls={`${id}-breaker`}
            endIcon={breakerOpen ? <ExpandLessIcon /> : <ExpandMoreIcon />}
            color="inherit"
            sx={{ minHeight: 48, px: 1 }}
          >
            {translate('app.thermography.breaker_attributes')}
          </Button>
          <Collapse in={breakerOpen} id={`${id}-breaker`}>
            <Box role="group" aria-label={translate('app.thermography.breaker_attributes')} sx={{ display: 'grid', gridTemplateColumns: 'repeat(2, minmax(0, 1fr))', gap: 2, pt: 1 }}>
              {BREAKER_PARTS.map(({ part, label }) => (
                <TextField
                  key={part}
                  label={translate(label)}
                  value={note.breaker[part]}
                  onChange={(event) => onChange({ breaker: { ...note.breaker, [part]: event.target.value } })}
                  error={numberError(`breaker.${part}`)}
                  helperText={numberError(`breaker.${part}`) ? notANumber : undefined}
                  sx={touchFieldSx}
                  slotProps={{ htmlInput: decimalInput, input: { endAdornment: <InputAdornment position="end">A</InputAdornment> } }}
                />
              ))}
            </Box>
            {preview !== null ? (
              <Box sx={{ mt: 2 }}>
                <Typography variant="caption" color="text.secondary" component="p">
                  {translate('app.thermography.sent_as')}
                </Typography>
                <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap' }} data-testid="folded-note">
                  {preview}
                </Typography>
              </Box>
            ) : null}
          </Collapse>
        </Box>
      </Stack>
    </Paper>
  );
}
