import { THERMOGRAPHY_MESSAGES } from './messages';
import type { NewThermographyNote } from './note';

/**
 * Spec §5 "Thermography create": the form's rules, which the server repeats (DESIGN §8). A problem
 * names the note by its index and the field, as the server's 400 does (`notes.<i>.<field>`).
 */
export interface NoteProblem {
  index: number;
  field: 'imageNumber' | 'identification';
  message: string;
}

/** An image number as typed: numbers become their text, surrounding blanks do not count. */
export function imageNumberText(value: unknown): string {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return typeof value === 'string' ? value.trim() : '';
}

/** Two image numbers are the same when their texts match, whatever the letter case ('ir_12', 'IR_12'). */
const sameNumberKey = (text: string) => text.toLowerCase();

export function createNoteProblems(notes: readonly Pick<NewThermographyNote, 'imageNumber' | 'identification'>[]): NoteProblem[] {
  const problems: NoteProblem[] = [];
  const seen = new Set<string>();
  notes.forEach((note, index) => {
    const number = imageNumberText(note.imageNumber);
    if (number === '') problems.push({ index, field: 'imageNumber', message: THERMOGRAPHY_MESSAGES.imageNumberMandatory });
    else if (seen.has(sameNumberKey(number))) problems.push({ index, field: 'imageNumber', message: THERMOGRAPHY_MESSAGES.imageNumberDuplicated });
    else seen.add(sameNumberKey(number));
    // Spec §5: required unless there is only one note.
    const identification = typeof note.identification === 'string' ? note.identification.trim() : '';
    if (notes.length > 1 && identification === '') problems.push({ index, field: 'identification', message: THERMOGRAPHY_MESSAGES.identificationRequired });
  });
  return problems;
}

const NUMERIC = /^\d+$/;

/**
 * Spec §5: a new note gets the next number above the largest numeric one ('1' when none is
 * numeric). Leading zeros are kept to the largest one's width, as cameras number their files ('0012' → '0013').
 */
export function nextImageNumber(numbers: readonly unknown[]): string {
  let largest: { value: bigint; width: number } | null = null;
  for (const raw of numbers) {
    const text = imageNumberText(raw);
    if (!NUMERIC.test(text)) continue;
    const value = BigInt(text);
    if (!largest || value > largest.value) largest = { value, width: text.length };
  }
  if (!largest) return '1';
  return String(largest.value + 1n).padStart(largest.width, '0');
}
