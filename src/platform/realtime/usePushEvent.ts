import { useEffect, useEffectEvent } from 'react';
import type { PushEventName, PushEvents } from '../../../common/realtime';
import { subscribePush } from './pushSocket';

/**
 * Calls `handler` with each `event` pushed to the signed-in session while the component is
 * mounted (DESIGN §6). The handler may change on every render without resubscribing.
 */
export function usePushEvent<E extends PushEventName>(event: E, handler: (payload: PushEvents[E]) => void): void {
  const onEvent = useEffectEvent(handler);
  useEffect(() => subscribePush(event, (payload) => onEvent(payload)), [event]);
}
