import { IDEMPOTENCY_HEADER, IDEMPOTENCY_MESSAGES } from '../../../../common/idempotency';
import { getPhoto, listOutboxItems, removeOutboxItem, updateOutboxItem } from './outboxStore';
import { isLocalPhotoId, type OutboxItem, type OutboxPhoneRefusal, type OutboxWaitReason } from './outboxItem';

/**
 * Sends a user's outbox (docs/offline.md, "On the phone"): oldest first, one at a time, each with
 * `Idempotency-Key: <item.id>` and the session's x-auth token; an item's offline photos go first
 * (POST /file[?for=<item.photoFor>], key `<item.id>:photo:<localId>`) and their local ids in the body become the
 * server's file ids. Plain fetch and IndexedDB only: the service worker runs this too.
 *
 * Outcomes: 2xx → removed with its photos. No answer, 5xx, 429 or 409 'still being processed' →
 * waiting, tried again later (backoff), and the run stops there (the next items keep their order).
 * 401 → waiting until the user signs in again (never discarded). Any other 4xx (400, 403, 404,
 * 409, 422) → 'refused' with the server's message, and the run goes on with the next item.
 */
export interface SendOptions {
  userId: string;
  /** The session's token; nothing is sent without one. */
  token: string | null;
  /** The API's base URL, e.g. '/api'. */
  apiBase: string;
  /** Send items whose backoff has not run out (online event, Send now); the timer does not. */
  force?: boolean;
  fetch?: typeof fetch;
  now?: () => number;
}

export interface SendSummary {
  sent: number;
  refused: number;
  /** Items still waiting after this run (the network, the server, a sign-in). */
  waiting: number;
  /** Why the run stopped early, if it did. */
  stoppedBy?: OutboxWaitReason;
}

type Outcome =
  | { kind: 'sent' }
  | { kind: 'wait'; reason: OutboxWaitReason; message?: string }
  | { kind: 'refused'; message: string; onPhone?: OutboxPhoneRefusal };

const BACKOFF_BASE_MS = 30_000;
const BACKOFF_MAX_MS = 10 * 60_000;

/** 30 s, 1 min, 2 min … at most 10 min between the timer's tries. */
export function backoffMs(attempts: number): number {
  return Math.min(BACKOFF_MAX_MS, BACKOFF_BASE_MS * 2 ** Math.max(0, attempts - 1));
}

async function messageOf(response: Response): Promise<string | undefined> {
  try {
    const body = (await response.json()) as { message?: unknown } | null;
    return typeof body?.message === 'string' && body.message !== '' ? body.message : undefined;
  } catch {
    return undefined;
  }
}

async function outcomeOf(response: Response): Promise<Outcome> {
  if (response.ok) return { kind: 'sent' };
  const message = await messageOf(response);
  if (response.status === 401) return { kind: 'wait', reason: 'signIn', message };
  if (response.status === 429 || response.status >= 500) return { kind: 'wait', reason: 'unreachable', message };
  if (response.status === 409 && (message === IDEMPOTENCY_MESSAGES.inProgress || response.headers.has('Retry-After'))) {
    return { kind: 'wait', reason: 'inProgress', message };
  }
  return { kind: 'refused', message: message ?? `HTTP ${response.status}` };
}

/** Every string of `value` equal to a key of `ids` replaced by its value (deeply; the rest as is). */
export function replaceIds(value: unknown, ids: Readonly<Record<string, string>>): unknown {
  if (typeof value === 'string') return ids[value] ?? value;
  if (Array.isArray(value)) return value.map((entry) => replaceIds(entry, ids));
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(Object.entries(value).map(([key, entry]) => [key, replaceIds(entry, ids)]));
  }
  return value;
}

/** Every local photo id (`local-…`) in a body, once each, in order. */
export function localPhotoIdsIn(value: unknown): string[] {
  const found = new Set<string>();
  const walk = (entry: unknown) => {
    if (isLocalPhotoId(entry)) found.add(entry);
    else if (Array.isArray(entry)) entry.forEach(walk);
    else if (typeof entry === 'object' && entry !== null) Object.values(entry).forEach(walk);
  };
  walk(value);
  return [...found];
}

function urlOf(apiBase: string, path: string, query: Record<string, string | number> = {}): string {
  const search = new URLSearchParams(Object.entries(query).map(([key, value]) => [key, String(value)])).toString();
  return `${apiBase.replace(/\/+$/, '')}${path}${search ? `?${search}` : ''}`;
}

async function attempt(send: () => Promise<Response>): Promise<Outcome | Response> {
  try {
    return await send();
  } catch {
    // fetch rejects only when no answer came: no network, DNS, a dropped connection.
    return { kind: 'wait', reason: 'unreachable' };
  }
}

async function sendItem(item: OutboxItem, token: string, options: SendOptions): Promise<Outcome> {
  const doFetch = options.fetch ?? fetch;
  const uploaded: Record<string, string> = { ...item.uploadedPhotos };
  for (const photoId of item.photoIds) {
    if (uploaded[photoId]) continue;
    const photo = await getPhoto(photoId);
    if (!photo) return { kind: 'refused', message: 'A photo of this item is no longer on this phone', onPhone: 'photoMissing' };
    const form = new FormData();
    form.append('file', photo.blob, photo.name);
    const answer = await attempt(() =>
      doFetch(urlOf(options.apiBase, '/file', item.photoFor === undefined ? {} : { for: item.photoFor }), {
        method: 'POST',
        headers: { Accept: 'application/json', 'x-auth': token, [IDEMPOTENCY_HEADER]: `${item.id}:photo:${photoId}` },
        body: form,
      }),
    );
    if (!(answer instanceof Response)) return answer;
    const outcome = await outcomeOf(answer.clone());
    if (outcome.kind !== 'sent') return outcome;
    const file = (await answer.json()) as { _id?: unknown };
    if (typeof file._id !== 'string') return { kind: 'wait', reason: 'unreachable' };
    uploaded[photoId] = file._id;
    // Kept at once: a retry after a later failure does not upload it again.
    if (!(await updateOutboxItem(item.id, { uploadedPhotos: { ...uploaded } }))) return { kind: 'sent' };
  }
  const { method, path, query, body } = item.request;
  const answer = await attempt(() =>
    doFetch(urlOf(options.apiBase, path, query), {
      method,
      headers: { Accept: 'application/json', 'Content-Type': 'application/json', 'x-auth': token, [IDEMPOTENCY_HEADER]: item.id },
      body: JSON.stringify(replaceIds(body, uploaded)),
    }),
  );
  return answer instanceof Response ? outcomeOf(answer) : answer;
}

/**
 * One pass over a user's outbox. Never throws for an item's failure: each is recorded on the item.
 * Where the Web Locks API exists (pages and service workers alike), one pass per user runs at a
 * time across tabs and the service worker; a pass that finds another running leaves it the work.
 * Without it, two passes at once are still harmless: the server answers a repeated key with the
 * first result, and an item removed by one is never written back by the other.
 */
export async function sendOutbox(options: SendOptions): Promise<SendSummary> {
  const locks = (globalThis as { navigator?: { locks?: LockManager } }).navigator?.locks;
  if (!locks || typeof locks.request !== 'function') return sendPass(options);
  return locks.request(`facilityops-outbox:${options.userId}`, { ifAvailable: true }, (lock) =>
    lock ? sendPass(options) : { sent: 0, refused: 0, waiting: 0, stoppedBy: 'inProgress' as const },
  );
}

async function sendPass(options: SendOptions): Promise<SendSummary> {
  const now = options.now ?? Date.now;
  const summary: SendSummary = { sent: 0, refused: 0, waiting: 0 };
  const { token } = options;
  const items = (await listOutboxItems(options.userId)).filter((item) => item.state !== 'refused');
  if (!token) return { ...summary, waiting: items.length, ...(items.length ? { stoppedBy: 'signIn' as const } : {}) };

  for (const [index, listed] of items.entries()) {
    if (!options.force && listed.nextAttemptAt !== undefined && listed.nextAttemptAt > now()) {
      return { ...summary, waiting: items.length - index, stoppedBy: listed.waitReason ?? 'unreachable' };
    }
    const item = await updateOutboxItem(listed.id, { state: 'sending', lastAttemptAt: now() });
    if (!item) continue; // sent by another tab or the service worker meanwhile
    const outcome = await sendItem(item, token, options);
    if (outcome.kind === 'sent') {
      await removeOutboxItem(item.id);
      summary.sent += 1;
    } else if (outcome.kind === 'refused') {
      await updateOutboxItem(item.id, {
        state: 'refused',
        error: outcome.message,
        refusedOnPhone: outcome.onPhone,
        waitReason: undefined,
        attempts: item.attempts + 1,
      });
      summary.refused += 1;
    } else {
      const attempts = item.attempts + 1;
      await updateOutboxItem(item.id, {
        state: 'waiting',
        waitReason: outcome.reason,
        error: outcome.message,
        attempts,
        nextAttemptAt: now() + (outcome.reason === 'inProgress' ? 1000 : backoffMs(attempts)),
      });
      return { ...summary, waiting: items.length - index, stoppedBy: outcome.reason };
    }
  }
  return summary;
}
