import { useCallback, useRef, useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { useDialogs } from '../../shared/ui/dialogs/DialogsProvider';
import { errorMessageOf } from '../../shared/ui/errorMessageOf';
import { isAccessDenied } from '../../platform/authProvider/httpStatus';
import { useApiFetch } from '../../platform/dataProvider/useApiFetch';
import type { Arrow } from './arrows';
import { editedPictureDataUrl } from './editedPicture';
import { updateBodyOf, type NoteDraft } from './noteDraft';
import type { ThermographyStatusTarget } from '../../../common/thermography/note';
import type { ThermographyNote } from './noteTypes';
import { statusChangeProblems } from './statusRules';
import type { PictureState } from './usePicture';

export type NoteAction = 'update' | 'sendForApproval' | 'approve' | 'delete';

const TARGET_STATUS: Record<NoteAction, ThermographyStatusTarget | null> = {
  update: null,
  sendForApproval: 'pendingApproval',
  approve: 'approved',
  delete: 'deleted',
};

interface NoteActionInput {
  note: ThermographyNote;
  draft: NoteDraft;
  arrows: readonly Arrow[];
  realPicture: PictureState;
  /** update-thermography-note: the note's fields are saved (approve alone only moves the status). */
  canUpdate: boolean;
  /** The checks passed and the calls begin: the pushes they cause bring the note back as saved. */
  onStart: () => void;
  /** The note as a save answered it: shown at once, before any read brings it again. */
  onSaved: (note: ThermographyNote) => void;
  onDone: (action: NoteAction) => void;
  onFailed: () => void;
}

class StepFailed extends Error {}

/**
 * The note editor's buttons (spec §4, §5, §8). Update saves the arrows drawn on the real image as a
 * new picture (PUT realImage) and then the note (PUT); Send for Approval and Approve first check the
 * status rules in the browser (the last failing message in an alert, nothing saved), then update and
 * move the status; Delete asks, then moves the note to deleted. Each failing call shows its spec
 * message in an alert, with the server's reason beneath.
 */
export function useNoteActions() {
  const apiFetch = useApiFetch();
  const notify = useNotify();
  const translate = useTranslate();
  const dialogs = useDialogs();
  const inFlight = useRef(false);
  const [busy, setBusy] = useState<NoteAction | null>(null);

  const run = useCallback(
    async (action: NoteAction, { note, draft, arrows, realPicture, canUpdate, onStart, onSaved, onDone, onFailed }: NoteActionInput) => {
      if (inFlight.current) return;
      const status = TARGET_STATUS[action];
      const path = `/thermographyNote/${encodeURIComponent(note._id)}`;
      if (status === 'deleted' && !(await dialogs.confirm(translate('app.confirm.delete_item')))) return;
      if (status) {
        const problems = statusChangeProblems({ severityLevel: draft.severityLevel, realImage: note.realImage, thermalImage: note.thermalImage }, status);
        if (problems.length > 0) {
          await dialogs.alert(translate(problems[problems.length - 1]!));
          return;
        }
      }

      const step = async <T>(failure: string, call: () => Promise<T>): Promise<T> => {
        try {
          return await call();
        } catch (error: unknown) {
          if (!isAccessDenied(error)) await dialogs.alert(errorMessageOf(error, translate), { title: translate(failure) });
          throw new StepFailed(failure);
        }
      };

      inFlight.current = true;
      setBusy(action);
      onStart();
      try {
        if (action !== 'delete' && canUpdate) {
          if (arrows.length > 0 && realPicture.status === 'ready') {
            await step('app.thermography.real_image_update_failed', () =>
              apiFetch(`${path}/realImage`, { method: 'PUT', body: { filepath: note.realImage, dataURL: editedPictureDataUrl(realPicture.bitmap, arrows) } }),
            );
          }
          onSaved(await step('app.thermography.note_update_failed', () => apiFetch<ThermographyNote>(path, { method: 'PUT', body: updateBodyOf(draft) })));
        }
        if (status) onSaved(await step('app.thermography.status_update_failed', () => apiFetch<ThermographyNote>(`${path}/status`, { method: 'PUT', body: { status } })));
        notify(action === 'delete' ? 'app.notification.deleted' : 'app.notification.updated', { type: 'success' });
        onDone(action);
      } catch (error: unknown) {
        onFailed();
        if (!(error instanceof StepFailed)) throw error;
      } finally {
        inFlight.current = false;
        setBusy(null);
      }
    },
    [apiFetch, dialogs, notify, translate],
  );

  return { run, busy };
}
