import type { KeyValue } from '../../../common/thermography/note';

export {
  SEVERITY_LEVELS,
  type KeyValue,
  type SeverityLevelChoice as Severity,
  type TextEntry,
  type ThermographyNoteStatus as NoteStatus,
  type ThermographyNoteView as ThermographyNote,
} from '../../../common/thermography/note';

/** POST thermographyNote/{id}/thermalImage answers what it stored on the note (DESIGN §8). */
export interface ThermalImageUpload {
  thermalImage: string | null;
  realImage: string | null;
  parameters: KeyValue[];
  measurements: KeyValue[];
  /** Why the file gave no temperatures (a DJI R-JPEG, a plain JPEG…), in the user's words; null when it did. */
  noTemperatures?: string | null;
}
