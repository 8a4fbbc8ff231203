import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { pushConnection, subscribeConnection } from '../../platform/realtime/pushSocket';
import { usePushEvent } from '../../platform/realtime/usePushEvent';
import type { PushEventName, PushEvents } from '../../../common/realtime';
import { changedEntities, type EntityVersions } from './liveReload';

/** Everything a widget may read: after a lost connection all of it may have changed unseen. */
const ALL_ENTITIES = ['alert', 'inspection', 'inspectionSchedule', 'asset', 'checklist', 'attribute', 'alertLevel', 'user', 'role', 'report'];

/** Pushes arriving within this window reload each widget once (a burst of alerts is one reload). */
export const RELOAD_COALESCE_MS = 400;

/**
 * A version per query entity, raised when a push (new-alert, new-inspection, update-detail) says
 * that entity changed (spec §4: the dashboard reloads on new-alert and new-inspection). Widgets
 * whose data read that entity reload; the others stay as they are.
 */
export function useLiveVersions(): EntityVersions {
  const [versions, setVersions] = useState<EntityVersions>({});
  const pending = useRef(new Set<string>());
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(timer.current), []);

  const mark = (entities: readonly string[]) => {
    for (const entity of entities) pending.current.add(entity);
    if (timer.current !== undefined || pending.current.size === 0) return;
    timer.current = setTimeout(() => {
      timer.current = undefined;
      const changed = [...pending.current];
      pending.current.clear();
      setVersions((current) => {
        const next = { ...current };
        for (const entity of changed) next[entity] = (next[entity] ?? 0) + 1;
        return next;
      });
    }, RELOAD_COALESCE_MS);
  };
  const onPush = <E extends PushEventName>(event: E, payload: PushEvents[E]) => mark(changedEntities(event, payload));

  // Pushes sent while the connection was down are lost: coming back, every widget reloads once.
  // Watched outside React's state: the dashboard draws nothing differently while it connects, and as
  // a state the socket's connecting re-rendered every widget at once, synchronously (issue 20, TBT).
  const reloadAll = useEffectEvent(() => mark(ALL_ENTITIES));
  useEffect(() => {
    let wasConnected: boolean | null = pushConnection() === 'connected' ? true : null;
    return subscribeConnection(() => {
      const connected = pushConnection() === 'connected';
      if (connected && wasConnected === false) reloadAll();
      if (connected) wasConnected = true;
      else if (wasConnected) wasConnected = false;
    });
  }, []);

  usePushEvent('new-alert', (payload) => onPush('new-alert', payload));
  usePushEvent('new-inspection', (payload) => onPush('new-inspection', payload));
  usePushEvent('update-detail', (payload) => onPush('update-detail', payload));
  return versions;
}
