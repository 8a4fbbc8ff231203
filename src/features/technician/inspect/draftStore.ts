import type { FormComments, FormValues } from './inspectTypes';

/**
 * The unsent part of an inspect panel, kept in localStorage per user and asset so that a reload,
 * a killed browser tab or a lost connection in a basement does not lose a technician's work
 * (docs/inspections.md, Decisions). Cleared when the submit succeeds; dropped after a week.
 */
export interface InspectionDraft {
  selected: string[];
  values: FormValues;
  comments: FormComments;
  savedAt: number;
}

const PREFIX = 'inspectionDraft';
export const DRAFT_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;

const keyOf = (userId: string, assetId: string) => `${PREFIX}:${userId}:${assetId}`;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function loadDraft(userId: string, assetId: string, now: number = Date.now()): InspectionDraft | null {
  try {
    const raw = localStorage.getItem(keyOf(userId, assetId));
    if (!raw) return null;
    const draft: unknown = JSON.parse(raw);
    if (!isRecord(draft) || !Array.isArray(draft.selected) || !isRecord(draft.values) || !isRecord(draft.comments) || typeof draft.savedAt !== 'number') {
      return null;
    }
    if (now - draft.savedAt > DRAFT_MAX_AGE_MS) {
      localStorage.removeItem(keyOf(userId, assetId));
      return null;
    }
    return draft as unknown as InspectionDraft;
  } catch {
    // Storage off (private mode) or a mangled entry: start empty rather than fail the screen.
    return null;
  }
}

export function saveDraft(userId: string, assetId: string, draft: InspectionDraft): void {
  try {
    localStorage.setItem(keyOf(userId, assetId), JSON.stringify(draft));
  } catch {
    // Quota or storage off: the form still works, only without the safety net.
  }
}

export function clearDraft(userId: string, assetId: string): void {
  try {
    localStorage.removeItem(keyOf(userId, assetId));
  } catch {
    // nothing to clear
  }
}
