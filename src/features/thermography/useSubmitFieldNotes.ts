import { useCallback, useRef, useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { errorMessageOf } from '../../shared/ui/errorMessageOf';
import { useApiFetch } from '../../platform/dataProvider/useApiFetch';
import { breakerAttributesOf } from './breakerFold';
import { noteProblems, problemMessages, type NoteField, type NoteProblems } from './fieldNoteRules';
import { numberProblems, parseDecimal, type FieldNote, type NumberField } from './fieldNotes';
import { messageKeyOf } from './specMessages';
import { queueOutboxItem } from '../../platform/offline/outbox/outboxService';
import { idempotencyHeaders, newIdempotencyKey, SAVED_ON_PHONE } from '../../platform/offline/outbox/offlineWrite';
import { cannotReachServer, isOffline } from '../../platform/offline/serverReach';
import { assetInspectPath } from '../technician/assetInspectPath';

/** What an outbox item of thermography notes keeps for Edit: the form's notes (fieldNoteDraft.ts). */
export interface QueuedFieldNotesDraft {
  identification: string;
  notes: FieldNote[];
}

/** POST /thermographyNote answers the inspection and the notes' ids (DESIGN §8). */
interface CreatedNotes {
  inspection: string;
  notes: string[];
}

export interface SubmitOutcome {
  problems: NoteProblems;
  badNumbers: Record<number, NumberField[]>;
}

const SERVER_FIELD = /^notes\.(\d+)\.(imageNumber|identification)$/;

/** The server's 400 names `notes.<i>.<field>` (DESIGN §8): shown on the field it names. */
function serverProblems(error: unknown): NoteProblems {
  const body = (error as { body?: { errors?: Record<string, string> } } | null)?.body;
  const problems: NoteProblems = {};
  for (const [path, message] of Object.entries(body?.errors ?? {})) {
    const match = SERVER_FIELD.exec(path);
    if (match) problems[Number(match[1])] = { ...problems[Number(match[1])], [match[2] as NoteField]: messageKeyOf(message) };
  }
  return problems;
}

export function postBodyOf(identification: string, notes: readonly FieldNote[]) {
  return {
    assetIdentification: identification,
    notes: notes.map((note) => {
      const breakerAttributes = breakerAttributesOf(note);
      return {
        imageNumber: note.imageNumber.trim(),
        identification: note.identification.trim(),
        note: note.note.trim(),
        ambientTemperature: parseDecimal(note.ambientTemperature) ?? null,
        ...(breakerAttributes ? { breakerAttributes } : {}),
      };
    }),
  };
}

/**
 * Spec §5 thermography create: the form's rules first (nothing is sent while one fails; the
 * first message is told), then POST /thermographyNote and 'Note submitted successfully.'. A
 * second tap while the first is on its way does nothing.
 *
 * Network first with an Idempotency-Key made at the press of Submit; when the server cannot be
 * reached (docs/offline.md) the notes go into the outbox and the form clears as after a success.
 */
export function useSubmitFieldNotes() {
  const apiFetch = useApiFetch();
  const notify = useNotify();
  const translate = useTranslate();
  const inFlight = useRef(false);
  const [sending, setSending] = useState(false);

  const submit = useCallback(
    async (identification: string, notes: readonly FieldNote[], onSent: () => void, assetName = identification): Promise<SubmitOutcome> => {
      const problems = noteProblems(notes);
      const badNumbers = numberProblems(notes);
      const messages = problemMessages(problems);
      if (messages.length > 0 || Object.keys(badNumbers).length > 0) {
        notify(messages[0] ?? 'app.thermography.not_a_number', { type: 'error' });
        return { problems, badNumbers };
      }
      if (inFlight.current) return { problems: {}, badNumbers: {} };
      inFlight.current = true;
      setSending(true);
      const key = newIdempotencyKey();
      const createdAt = Date.now();
      const body = postBodyOf(identification, notes);
      const queue = async () => {
        const draft: QueuedFieldNotesDraft = { identification, notes: [...notes] };
        await queueOutboxItem({
          id: key,
          kind: 'thermographyNote',
          createdAt,
          label: assetName,
          request: { method: 'POST', path: '/thermographyNote', body },
          draft,
          editPath: assetInspectPath(identification),
        });
        notify(SAVED_ON_PHONE, { type: 'info' });
        onSent();
        return { problems: {}, badNumbers: {} };
      };
      try {
        if (isOffline()) return await queue();
        await apiFetch<CreatedNotes>('/thermographyNote', { method: 'POST', body, headers: idempotencyHeaders(key) });
        notify('app.thermography.note_submitted', { type: 'success' });
        onSent();
        return { problems: {}, badNumbers: {} };
      } catch (error: unknown) {
        if (cannotReachServer(error)) {
          try {
            return await queue();
          } catch {
            // IndexedDB could not take it: the form keeps everything and shows why the call failed.
          }
        }
        const message = errorMessageOf(error, translate);
        notify(message, { type: 'error', messageArgs: { _: message } });
        return { problems: serverProblems(error), badNumbers: {} };
      } finally {
        inFlight.current = false;
        setSending(false);
      }
    },
    [apiFetch, notify, translate],
  );

  return { submit, sending };
}
