import type { UpdateDetailEvent } from '../../../../common/realtime';
import { useApiQuery } from '../../../platform/dataProvider/useApiQuery';
import { radiometryQuery } from '../../thermography/useThermalReading';
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
  // The picture's raw data asked beside the note rather than after it: the painted picture waits for
  // both, not one then the other (a note without temperatures answers a small 404).
  useApiQuery(radiometryQuery(noteId));
  return <DetailState detail={detail}>{(note) => <NoteEditor key={note._id} note={note} reload={detail.reload} onSaved={detail.accept} onChanged={onChanged} />}</DetailState>;
}
