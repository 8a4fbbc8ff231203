import { sessionStore } from '../../authProvider/sessionStore';
import { API_BASE } from '../../dataProvider/apiBase';
import { registerOutboxBackgroundSync } from './backgroundSync';
import type { OutboxItem, OutboxKind, OutboxRequest } from './outboxItem';
import { addOutboxItem } from './outboxStore';
import { sendOutbox, type SendSummary } from './outboxSender';
import { requestPersistentStorage } from './persistentStorage';
import { purgeOrphanPhotos } from './purgeOrphanPhotos';
import { clearSessionMirror, mirrorSession } from '../sessionMirror';

/**
 * The page's side of the outbox: queueing a write, and sending the signed-in user's items when the
 * network may be back — the `online` event, the app coming into view (focus, visibilitychange),
 * the technician area starting, a timer while items wait, and Send now. Background Sync (where the
 * browser has it) is the service worker's part (serviceWorkerSync.ts).
 */
export const REPLAY_INTERVAL_MS = 30_000;

export interface QueueInput {
  /** The Idempotency-Key made when Submit was pressed. */
  id: string;
  kind: OutboxKind;
  /** When Submit was pressed. */
  createdAt: number;
  label: string;
  request: OutboxRequest;
  photoIds?: string[];
  photoFor?: string;
  draft?: unknown;
  editPath?: string;
}

/** Puts a write into the signed-in user's outbox. Rejects where IndexedDB cannot take it (the caller keeps the form). */
export async function queueOutboxItem(input: QueueInput, options: { sendNow?: boolean } = {}): Promise<OutboxItem> {
  const userId = sessionStore.getUser()?._id;
  if (!userId) throw new Error('No signed-in user to queue for');
  const item: OutboxItem = {
    ...input,
    userId,
    photoIds: input.photoIds ?? [],
    state: 'waiting',
    waitReason: 'unreachable',
    attempts: 0,
    // Just failed: the timer waits a little; the online event and Send now do not.
    nextAttemptAt: options.sendNow ? undefined : Date.now() + REPLAY_INTERVAL_MS,
  };
  await addOutboxItem(item);
  requestPersistentStorage('queue');
  void registerOutboxBackgroundSync();
  if (options.sendNow) void sendOutboxNow({ force: true });
  return item;
}

let running: Promise<SendSummary | null> | null = null;
let again: { force: boolean } | null = null;

/**
 * Sends the signed-in user's outbox once; a call while a pass runs makes one more pass after it
 * (an item queued meanwhile is not left for the timer).
 */
export function sendOutboxNow({ force = false }: { force?: boolean } = {}): Promise<SendSummary | null> {
  if (running) {
    again = { force: force || (again?.force ?? false) };
    return running;
  }
  const pass = async (): Promise<SendSummary | null> => {
    let summary: SendSummary | null = null;
    let next: { force: boolean } | null = { force };
    while (next) {
      again = null;
      const userId = sessionStore.getUser()?._id;
      const token = sessionStore.getToken();
      summary = userId && token ? await sendOutbox({ userId, token, apiBase: API_BASE, force: next.force }).catch(() => null) : null;
      next = again;
    }
    return summary;
  };
  running = pass().finally(() => {
    running = null;
  });
  return running;
}

let mirrorStarted = false;
/** What was last written: the token and the user's id (the user arrives after the token). */
let mirrored: string | undefined;

/** Keeps the 'session' store in step with the page's session (the service worker sends with it). */
export function startSessionMirror(): void {
  if (mirrorStarted) return;
  mirrorStarted = true;
  const sync = () => {
    const { token, user } = sessionStore.getState();
    const now = token ? `${token}|${user?._id ?? ''}` : '';
    if (now === mirrored) return;
    mirrored = now;
    const write = token ? mirrorSession(token, { user, apiBase: new URL(API_BASE, location.href).href }) : clearSessionMirror();
    write.catch(() => {
      mirrored = undefined; // IndexedDB unavailable: only Background Sync misses it
    });
  };
  sessionStore.subscribe(sync);
  sync();
}

let starts = 0;
let stop: (() => void) | null = null;

/**
 * Starts the replays (ref-counted: the app bar's chip and the queue page both may ask). Answers
 * the stop. At start: one forced pass, persistent storage asked for once, and photos no form or
 * item holds any more purged.
 */
export function startOutboxReplays(): () => void {
  starts += 1;
  if (starts === 1) {
    startSessionMirror();
    requestPersistentStorage('start');
    // IndexedDB unavailable: there are no photos to purge either.
    void purgeOrphanPhotos().catch(() => undefined);
    const now = () => void sendOutboxNow({ force: true });
    const onVisible = () => {
      if (document.visibilityState === 'visible') now();
    };
    window.addEventListener('online', now);
    window.addEventListener('focus', now);
    document.addEventListener('visibilitychange', onVisible);
    const timer = window.setInterval(() => void sendOutboxNow(), REPLAY_INTERVAL_MS);
    now();
    stop = () => {
      window.removeEventListener('online', now);
      window.removeEventListener('focus', now);
      document.removeEventListener('visibilitychange', onVisible);
      window.clearInterval(timer);
    };
  }
  let stopped = false;
  return () => {
    if (stopped) return;
    stopped = true;
    starts -= 1;
    if (starts === 0) {
      stop?.();
      stop = null;
    }
  };
}
