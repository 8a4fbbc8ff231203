import { useSyncExternalStore } from 'react';
import { pushConnection, subscribeConnection, type PushConnection } from './pushSocket';

/** Whether live pushes are arriving ('connected') or not; watching it keeps the socket open. */
export function usePushConnection(): PushConnection {
  return useSyncExternalStore(subscribeConnection, pushConnection, pushConnection);
}
