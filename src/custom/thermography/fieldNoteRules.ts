/**
 * The thermography technician's form rules (spec §5 "Thermography create"): image number
 * mandatory and unique, identification required unless there is only one note, a new note
 * numbered one above the largest numeric image number. The server repeats them (DESIGN §8).
 */

/** What the rules look at of a note on the form. */
export interface NumberedNote {
  imageNumber: string;
  identification: string;
}

export type NoteField = 'imageNumber' | 'identification';

/** i18n keys of the spec's messages, by note index and field; empty when the notes may be sent. */
export type NoteProblems = Record<number, Partial<Record<NoteField, string>>>;

const WHOLE_NUMBER = /^\d+$/;

/** "0042" and "42" are the same picture of the camera; other image numbers compare as typed. */
function sameImageNumber(a: string, b: string): boolean {
  if (WHOLE_NUMBER.test(a) && WHOLE_NUMBER.test(b)) return BigInt(a) === BigInt(b);
  return a === b;
}

/** The image number a new note starts with: one above the largest numeric one, else 1. */
export function nextImageNumber(notes: readonly NumberedNote[]): string {
  let largest = 0n;
  for (const note of notes) {
    const text = note.imageNumber.trim();
    if (WHOLE_NUMBER.test(text) && BigInt(text) > largest) largest = BigInt(text);
  }
  return String(largest + 1n);
}

export function noteProblems(notes: readonly NumberedNote[]): NoteProblems {
  const problems: NoteProblems = {};
  const add = (index: number, field: NoteField, key: string) => {
    problems[index] = { ...problems[index], [field]: key };
  };
  notes.forEach((note, index) => {
    const number = note.imageNumber.trim();
    if (number === '') add(index, 'imageNumber', 'app.thermography.image_number_mandatory');
    else if (notes.some((other, at) => at !== index && sameImageNumber(other.imageNumber.trim(), number))) add(index, 'imageNumber', 'app.thermography.image_number_duplicated');
    if (notes.length > 1 && note.identification.trim() === '') add(index, 'identification', 'app.thermography.identification_required');
  });
  return problems;
}

/** The messages to tell, in the order of the notes and their fields. */
export function problemMessages(problems: NoteProblems): string[] {
  return Object.keys(problems)
    .map(Number)
    .sort((a, b) => a - b)
    .flatMap((index) => [problems[index]?.imageNumber, problems[index]?.identification].filter((key): key is string => key !== undefined));
}
