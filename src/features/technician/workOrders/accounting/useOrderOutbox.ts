import { useEffect, useMemo, useRef } from 'react';
import type { OutboxItem } from '../../../../platform/offline/outbox/outboxItem';
import { useOutboxItems } from '../../../../platform/offline/outbox/useOutboxItems';
import { itemsOfOrder } from './pendingWork';

/**
 * The signed-in user's outbox items that write to this order, kept up to date as they are queued,
 * sent or refused (in this tab, another, or the service worker). When one leaves the outbox — the
 * server took it — `onSent` reads the order again, so what waited shows as the server holds it.
 */
export function useOrderOutbox(userId: string | undefined, orderId: string, onSent: () => void): OutboxItem[] {
  const all = useOutboxItems(userId);
  const items = useMemo(() => itemsOfOrder(all ?? [], orderId), [all, orderId]);
  const waiting = useRef<ReadonlySet<string>>(new Set());
  useEffect(() => {
    const now = new Set(items.map((item) => item.id));
    const left = [...waiting.current].some((id) => !now.has(id));
    waiting.current = now;
    if (left) onSent();
  }, [items, onSent]);
  return items;
}
