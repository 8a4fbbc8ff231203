import { createNoteProblems } from '../../../common/thermography/createRules';
import { messageKeyOf } from './specMessages';

/**
 * The thermography technician's form rules (spec §5 "Thermography create") as the server checks
 * them (common/thermography/createRules.ts), arranged for the form: i18n keys by note and field.
 */
export interface NumberedNote {
  imageNumber: string;
  identification: string;
}

export type NoteField = 'imageNumber' | 'identification';

/** i18n keys of the spec's messages, by note index and field; empty when the notes may be sent. */
export type NoteProblems = Record<number, Partial<Record<NoteField, string>>>;

export function noteProblems(notes: readonly NumberedNote[]): NoteProblems {
  const problems: NoteProblems = {};
  for (const problem of createNoteProblems(notes)) {
    problems[problem.index] = { ...problems[problem.index], [problem.field]: messageKeyOf(problem.message) };
  }
  return problems;
}

/** The messages to tell, in the order of the notes and their fields. */
export function problemMessages(problems: NoteProblems): string[] {
  return Object.keys(problems)
    .map(Number)
    .sort((a, b) => a - b)
    .flatMap((index) => [problems[index]?.imageNumber, problems[index]?.identification].filter((key): key is string => key !== undefined));
}
