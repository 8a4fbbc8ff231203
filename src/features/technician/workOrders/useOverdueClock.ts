import { useEffect, useMemo, useState } from 'react';
import { isCompleted, type WorkOrder } from '../../../../common/resources/workOrder';

/** setTimeout's longest wait (about 24.8 days); a later end is waited for in steps. */
const LONGEST_TIMEOUT_MS = 2 ** 31 - 1;

/**
 * The time the home's rows are judged overdue by: now, moving on the moment the next open order's
 * end passes, so its mark appears on a home left open — one timer for the soonest end, no polling.
 */
export function useOverdueClock(orders: readonly WorkOrder[] | null): number {
  const [now, setNow] = useState(() => Date.now());
  const nextEnd = useMemo(() => {
    let soonest: number | null = null;
    for (const order of orders ?? []) {
      if (!isCompleted(order.status) && order.endTimestamp >= now && (soonest === null || order.endTimestamp < soonest)) soonest = order.endTimestamp;
    }
    return soonest;
  }, [orders, now]);
  useEffect(() => {
    if (nextEnd === null) return undefined;
    // Overdue once the end has passed: a millisecond after it.
    const timer = setTimeout(() => setNow(Date.now()), Math.min(Math.max(nextEnd + 1 - Date.now(), 0), LONGEST_TIMEOUT_MS));
    return () => clearTimeout(timer);
    // `now` too: a timer that fired a moment early is set again.
  }, [nextEnd, now]);
  return now;
}
