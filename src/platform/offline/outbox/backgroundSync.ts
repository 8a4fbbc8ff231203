import { OUTBOX_SYNC_TAG } from './serviceWorkerSync';

interface SyncManagerLike {
  register(tag: string): Promise<void>;
}

/**
 * Asks the browser for a Background Sync when an item is queued, where it has one (Chrome on
 * Android). Safari and Firefox do not: the page's own replays (online, focus, start, timer) cover them.
 */
export async function registerOutboxBackgroundSync(): Promise<void> {
  try {
    const container = typeof navigator === 'undefined' ? undefined : navigator.serviceWorker;
    const registration = await container?.getRegistration();
    const sync = (registration as (ServiceWorkerRegistration & { sync?: SyncManagerLike }) | undefined)?.sync;
    await sync?.register(OUTBOX_SYNC_TAG);
  } catch {
    // No permission or no service worker: the page sends it itself.
  }
}
