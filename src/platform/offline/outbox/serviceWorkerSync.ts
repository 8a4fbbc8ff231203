import { readSessionMirror } from '../sessionMirror';
import { sendOutbox, type SendSummary } from './outboxSender';

/** The Background Sync tag the page registers when it queues an item (where `registration.sync` exists). */
export const OUTBOX_SYNC_TAG = 'facilityops-outbox';

/** What a `sync` event carries (not in TypeScript's DOM library). */
interface SyncEventLike extends Event {
  tag: string;
  waitUntil(promise: Promise<unknown>): void;
}

/** The service worker's global scope, as far as this needs it. */
export interface OutboxSyncScope {
  addEventListener(type: 'sync', listener: (event: Event) => void): void;
}

const DEFAULT_API_BASE = '/api';

/**
 * Sends the signed-in user's outbox with the session mirrored by the page. Rejects while items wait
 * for the network or the server, so the browser fires the sync again later; resolves when there is
 * nothing it can do (signed out, a sign-in needed, everything sent or refused).
 */
export async function syncOutboxFromMirror(fetchImpl: typeof fetch = fetch): Promise<SendSummary | null> {
  const session = await readSessionMirror();
  if (!session?.token || !session.user) return null;
  const summary = await sendOutbox({
    userId: session.user._id,
    token: session.token,
    apiBase: session.apiBase ?? DEFAULT_API_BASE,
    force: true,
    fetch: fetchImpl,
  });
  if (summary.stoppedBy === 'unreachable') throw new Error('The outbox is waiting for the network');
  return summary;
}

/**
 * For src/sw.ts: `registerOutboxSync(self)`. Background Sync is a bonus where the browser has it
 * (Chrome on Android); Safari has none, and the page sends on online, focus, start and a timer.
 */
export function registerOutboxSync(scope: OutboxSyncScope): void {
  scope.addEventListener('sync', (event: Event) => {
    const sync = event as SyncEventLike;
    if (sync.tag !== OUTBOX_SYNC_TAG) return;
    sync.waitUntil(syncOutboxFromMirror());
  });
}
