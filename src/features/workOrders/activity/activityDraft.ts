/**
 * An activity brought back from the outbox (Edit on a refused activity): 'Record activity' of that
 * order opens with its text and photos once. Kept in localStorage per user and order until it is
 * shown; the photos' ids there also keep photos taken offline from being purged meanwhile.
 */
const PREFIX = 'activityDraft';
const keyOf = (userId: string, orderId: string) => `${PREFIX}:${userId}:${orderId}`;

export interface ActivityDraft {
  text: string;
  /** Uploaded file ids, or `local-…` ids of photos still on the phone. */
  photos: string[];
}

export function saveActivityDraft(userId: string, orderId: string, draft: ActivityDraft): void {
  try {
    localStorage.setItem(keyOf(userId, orderId), JSON.stringify(draft));
  } catch {
    // Storage off: Edit still opens the order, only without the text.
  }
}

const isStringList = (value: unknown): value is string[] => Array.isArray(value) && value.every((entry) => typeof entry === 'string');

/** A kept draft; a plain text is one kept before drafts held photos. */
function parsed(stored: string): ActivityDraft {
  try {
    const value = JSON.parse(stored) as Partial<ActivityDraft> | null;
    if (typeof value === 'object' && value !== null && typeof value.text === 'string') {
      return { text: value.text, photos: isStringList(value.photos) ? value.photos : [] };
    }
  } catch {
    // not JSON: a plain text
  }
  return { text: stored, photos: [] };
}

/** The draft kept for this order, if any. */
export function loadActivityDraft(userId: string | undefined, orderId: string): ActivityDraft | null {
  if (!userId) return null;
  try {
    const stored = localStorage.getItem(keyOf(userId, orderId));
    return stored === null ? null : parsed(stored);
  } catch {
    return null;
  }
}

/** Once the box shows it: the draft lives in the form now. */
export function clearActivityDraft(userId: string | undefined, orderId: string): void {
  if (!userId) return;
  try {
    localStorage.removeItem(keyOf(userId, orderId));
  } catch {
    // nothing kept
  }
}
