/**
 * "The outbox changed": told to this page's listeners at once and, through a BroadcastChannel, to
 * the other tabs and the service worker, so every open view of the queue agrees. Works where
 * BroadcastChannel is missing too (this page only).
 */
const CHANNEL_NAME = 'facilityops-outbox';

export interface OutboxChange {
  /** The user whose items changed. */
  userId: string;
}

type Listener = (change: OutboxChange) => void;

const listeners = new Set<Listener>();
let channel: BroadcastChannel | null | undefined;

function tellLocal(change: OutboxChange): void {
  listeners.forEach((listener) => listener(change));
}

function broadcast(): BroadcastChannel | null {
  if (channel === undefined) {
    channel = typeof BroadcastChannel === 'function' ? new BroadcastChannel(CHANNEL_NAME) : null;
    channel?.addEventListener('message', (event: MessageEvent<unknown>) => {
      const data = event.data as Partial<OutboxChange> | null;
      if (data && typeof data.userId === 'string') tellLocal({ userId: data.userId });
    });
  }
  return channel;
}

/** Called by the store after every write. */
export function announceOutboxChange(change: OutboxChange): void {
  tellLocal(change);
  try {
    broadcast()?.postMessage(change);
  } catch {
    // A closed channel: this page has been told already.
  }
}

/** Called with every change, from this page or another; answers the unsubscribe. */
export function subscribeOutbox(listener: Listener): () => void {
  broadcast();
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** Tests only: close the channel so the test's process can end. */
export function closeOutboxChannelForTests(): void {
  channel?.close();
  channel = undefined;
  listeners.clear();
}
