import { useEffect, useState } from 'react';
import type { OutboxItem } from './outboxItem';
import { subscribeOutbox } from './outboxEvents';
import { listOutboxItems } from './outboxStore';

/**
 * A user's outbox, kept up to date by every change in this tab, another tab or the service worker.
 * null while loading; [] where IndexedDB is unavailable (nothing can have been queued there).
 */
export function useOutboxItems(userId: string | null | undefined): OutboxItem[] | null {
  const [items, setItems] = useState<{ userId: string; items: OutboxItem[] } | null>(null);
  useEffect(() => {
    if (!userId) return;
    let live = true;
    const load = () => {
      listOutboxItems(userId).then(
        (list) => live && setItems({ userId, items: list }),
        () => live && setItems({ userId, items: [] }),
      );
    };
    const unsubscribe = subscribeOutbox((change) => {
      if (change.userId === userId) load();
    });
    load();
    return () => {
      live = false;
      unsubscribe();
    };
  }, [userId]);
  if (!userId) return [];
  return items?.userId === userId ? items.items : null;
}

/** How many of a user's items are not sent yet (waiting, sending or refused); 0 where IndexedDB is missing. */
export async function countUnsent(userId: string): Promise<number> {
  try {
    return (await listOutboxItems(userId)).length;
  } catch {
    return 0;
  }
}
