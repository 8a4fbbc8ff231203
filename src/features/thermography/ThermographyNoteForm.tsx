import { useEffect, useRef, useState } from 'react';
import { Button, CircularProgress, Paper, Stack, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import { useTranslate } from 'react-admin';
import { useDialogs } from '../../shared/ui/dialogs/DialogsProvider';
import { FieldNoteCard } from './FieldNoteCard';
import { clearFieldNotes, loadFieldNotes, saveFieldNotes } from './fieldNoteDraft';
import type { NoteProblems } from './fieldNoteRules';
import { newFieldNote, type FieldNote, type NumberField } from './fieldNotes';
import { useSubmitFieldNotes } from './useSubmitFieldNotes';

interface ThermographyNoteFormProps {
  /** The scanned identification: the notes go to the first asset carrying it (DESIGN §8). */
  identification: string;
  assetName: string;
  userId: string;
}

/**
 * The thermography technician's note form on the asset inspect view (spec §2.3, §5): one card per
 * thermal picture taken, Add note numbering the next picture, Submit sending them all at once.
 */
export function ThermographyNoteForm({ identification, assetName, userId }: ThermographyNoteFormProps) {
  const translate = useTranslate();
  const dialogs = useDialogs();
  const { submit, sending } = useSubmitFieldNotes();
  const [notes, setNotes] = useState<FieldNote[]>(() => loadFieldNotes(userId, identification) ?? [newFieldNote([])]);
  const [problems, setProblems] = useState<NoteProblems>({});
  const [badNumbers, setBadNumbers] = useState<Record<number, NumberField[]>>({});
  const touched = useRef(false);
  const listRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (touched.current) saveFieldNotes(userId, identification, notes);
  }, [notes, userId, identification]);

  const change = (next: FieldNote[]) => {
    touched.current = true;
    setNotes(next);
  };

  const update = (index: number, patch: Partial<FieldNote>) => {
    change(notes.map((note, at) => (at === index ? { ...note, ...patch } : note)));
    // The field being corrected drops its message; the others keep theirs until the next Submit.
    if (problems[index] && ('imageNumber' in patch || 'identification' in patch)) {
      const { imageNumber, identification } = problems[index];
      setProblems({ ...problems, [index]: { ...('imageNumber' in patch ? {} : { imageNumber }), ...('identification' in patch ? {} : { identification }) } });
    }
  };

  const add = () => {
    change([...notes, newFieldNote(notes)]);
    requestAnimationFrame(() => {
      const cards = listRef.current?.querySelectorAll<HTMLElement>('[data-note-index]');
      const last = cards?.[cards.length - 1];
      last?.scrollIntoView?.({ behavior: 'smooth', block: 'start' });
      last?.querySelector<HTMLInputElement>('input[data-field="identification"]')?.focus({ preventScroll: true });
    });
  };

  const remove = async (index: number) => {
    if (index === 0) return;
    if (!(await dialogs.confirm(translate('app.confirm.delete_item')))) return;
    setProblems({});
    setBadNumbers({});
    change(notes.filter((_, at) => at !== index));
  };

  const onSubmit = async () => {
    const outcome = await submit(identification, notes, () => {
      clearFieldNotes(userId, identification);
      touched.current = false;
      // The next picture taken goes on numbering after the ones just sent.
      setNotes([newFieldNote(notes)]);
    }, assetName);
    setProblems(outcome.problems);
    setBadNumbers(outcome.badNumbers);
    const firstBad = Math.min(...Object.keys(outcome.problems).map(Number), ...Object.keys(outcome.badNumbers).map(Number));
    if (Number.isFinite(firstBad)) {
      requestAnimationFrame(() => {
        listRef.current?.querySelector<HTMLElement>(`[data-note-index="${firstBad}"] [aria-invalid="true"]`)?.scrollIntoView?.({ behavior: 'smooth', block: 'center' });
      });
    }
  };

  return (
    <Paper component="section" variant="outlined" aria-labelledby="thermography-form-title" sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography id="thermography-form-title" variant="h5" component="h2" sx={{ fontWeight: 600 }}>
        {assetName}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {translate('app.thermography.form_hint')}
      </Typography>
      <Stack spacing={2} ref={listRef}>
        {notes.map((note, index) => (
          <FieldNoteCard
            key={note.key}
            note={note}
            index={index}
            deletable={index > 0}
            problems={problems[index]}
            badNumbers={badNumbers[index] ?? []}
            onChange={(patch) => update(index, patch)}
            onDelete={() => void remove(index)}
          />
        ))}
      </Stack>
      <Stack spacing={2} sx={{ mt: 3 }}>
        <Button variant="outlined" size="large" fullWidth startIcon={<AddIcon />} onClick={add} sx={{ minHeight: 56, fontSize: '1.0625rem' }}>
          {translate('app.thermography.add_note')}
        </Button>
        <Button
          variant="contained"
          size="large"
          fullWidth
          onClick={() => void onSubmit()}
          disabled={sending}
          startIcon={sending ? <CircularProgress size={20} color="inherit" /> : null}
          sx={{ minHeight: 56, fontSize: '1.0625rem' }}
        >
          {translate(sending ? 'app.thermography.submitting' : 'app.thermography.submit')}
        </Button>
      </Stack>
    </Paper>
  );
}
