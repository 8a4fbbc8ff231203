import type { FieldNote } from './fieldNotes';

/**
 * The unsent notes of a technician, kept in localStorage per user and identification, as the
 * checklist form keeps its draft (docs/inspections.md): a reload or a killed tab on a phone does not
 * lose typed notes. Cleared when they are sent; dropped after a week.
 */
const PREFIX = 'thermographyDraft';
const MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;

const keyOf = (userId: string, identification: string) => `${PREFIX}:${userId}:${identification}`;

interface StoredDraft {
  notes: FieldNote[];
  savedAt: number;
}

const isText = (value: unknown): value is string => typeof value === 'string';

function isFieldNote(value: unknown): value is FieldNote {
  if (typeof value !== 'object' || value === null) return false;
  const note = value as Record<string, unknown>;
  const breaker = note.breaker as Record<string, unknown> | null | undefined;
  return (
    [note.key, note.imageNumber, note.identification, note.note, note.ambientTemperature].every(isText) &&
    typeof breaker === 'object' && breaker !== null &&
    [breaker.capacity, breaker.r, breaker.y, breaker.b].every(isText)
  );
}

export function loadFieldNotes(userId: string, identification: string, now = Date.now()): FieldNote[] | null {
  try {
    const raw = localStorage.getItem(keyOf(userId, identification));
    if (!raw) return null;
    const draft = JSON.parse(raw) as Partial<StoredDraft>;
    if (typeof draft.savedAt !== 'number' || now - draft.savedAt > MAX_AGE_MS || !Array.isArray(draft.notes) || draft.notes.length === 0 || !draft.notes.every(isFieldNote)) {
      localStorage.removeItem(keyOf(userId, identification));
      return null;
    }
    return draft.notes;
  } catch {
    return null;
  }
}

export function saveFieldNotes(userId: string, identification: string, notes: readonly FieldNote[]): void {
  try {
    localStorage.setItem(keyOf(userId, identification), JSON.stringify({ notes: [...notes], savedAt: Date.now() } satisfies StoredDraft));
  } catch {
    // Quota or storage off: the form still works, only without the safety net.
  }
}

export function clearFieldNotes(userId: string, identification: string): void {
  try {
    localStorage.removeItem(keyOf(userId, identification));
  } catch {
    // nothing kept, nothing to clear
  }
}
