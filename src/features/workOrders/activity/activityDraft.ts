/**
 * An activity text brought back from the outbox (Edit on a refused activity): 'Record activity'
 * of that order opens with it once. Kept in localStorage per user and order until it is shown.
 */
const PREFIX = 'activityDraft';
const keyOf = (userId: string, orderId: string) => `${PREFIX}:${userId}:${orderId}`;

export function saveActivityDraft(userId: string, orderId: string, text: string): void {
  try {
    localStorage.setItem(keyOf(userId, orderId), text);
  } catch {
    // Storage off: Edit still opens the order, only without the text.
  }
}

/** The text kept for this order, if any. */
export function loadActivityDraft(userId: string | undefined, orderId: string): string | null {
  if (!userId) return null;
  try {
    return localStorage.getItem(keyOf(userId, orderId));
  } catch {
    return null;
  }
}

/** Once the box shows it: the text lives in the form now. */
export function clearActivityDraft(userId: string | undefined, orderId: string): void {
  if (!userId) return;
  try {
    localStorage.removeItem(keyOf(userId, orderId));
  } catch {
    // nothing kept
  }
}
