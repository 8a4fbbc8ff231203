import type { UpdateDetailEvent } from '../../../../common/realtime';
import { NoteEditor } from '../../thermography/NoteEditor';
import type { ThermographyNote } from '../../thermography/noteTypes';
import { DetailState } from './DetailState';
import { useDetail } from './useDetail';

/**
 * Spec §2.5 thermography note detail: a thermography table's row expands into its note editor,
 * read again when an update-detail push names the note (someone else saved or approved it).
 */
export function ThermographyNoteDetail({ noteId, onChanged }: { noteId: string; onChanged?: () => void }) {
  const showsUpdate = (event: UpdateDetailEvent) => event.type === 'thermographyNote' && event._id === noteId;
  const detail = useDetail<ThermographyNote>(`/thermographyNote/${encodeURIComponent(noteId)}`, showsUpdate);
  return <DetailState detail={detail}>{(note) => <NoteEditor key={note._id} note={note} reload={detail.reload} onChanged={onChanged} />}</DetailState>;
}
