import { nextImageNumber } from '../../../common/thermography/createRules';

/** Breaker attributes as typed: capacity and the currents of phases R, Y and B (spec §3). */
export interface BreakerInputs {
  capacity: string;
  r: string;
  y: string;
  b: string;
}

/** One note on the technician's form; numbers stay the text being typed until it is sent. */
export interface FieldNote {
  /** Stable React key: image numbers change while typed. */
  key: string;
  imageNumber: string;
  identification: string;
  note: string;
  ambientTemperature: string;
  breaker: BreakerInputs;
}

let created = 0;

export function newFieldNote(existing: readonly FieldNote[]): FieldNote {
  created += 1;
  return {
    key: `note-${Date.now().toString(36)}-${created}`,
    imageNumber: nextImageNumber(existing.map((note) => note.imageNumber)),
    identification: '',
    note: '',
    ambientTemperature: '',
    breaker: { capacity: '', r: '', y: '', b: '' },
  };
}

/**
 * A number typed on a phone: a comma counts as the decimal point (many locales' keypads offer only
 * that). Empty → null; text that is no number → undefined, which the form flags.
 */
export function parseDecimal(text: string): number | null | undefined {
  const trimmed = text.trim().replace(',', '.');
  if (trimmed === '') return null;
  if (!/^[-+]?(\d+\.?\d*|\.\d+)$/.test(trimmed)) return undefined;
  return Number(trimmed);
}

export type NumberField = 'ambientTemperature' | `breaker.${keyof BreakerInputs}`;

/** The typed numbers that are not numbers, by note index. */
export function numberProblems(notes: readonly FieldNote[]): Record<number, NumberField[]> {
  const problems: Record<number, NumberField[]> = {};
  notes.forEach((note, index) => {
    const bad: NumberField[] = [];
    if (parseDecimal(note.ambientTemperature) === undefined) bad.push('ambientTemperature');
    for (const part of ['capacity', 'r', 'y', 'b'] as const) if (parseDecimal(note.breaker[part]) === undefined) bad.push(`breaker.${part}`);
    if (bad.length) problems[index] = bad;
  });
  return problems;
}

export const hasBreakerData = (breaker: BreakerInputs) => Object.values(breaker).some((value) => value.trim() !== '');
