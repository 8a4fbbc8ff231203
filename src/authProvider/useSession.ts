import { useSyncExternalStore } from 'react';
import type { SessionUser } from '../../common/api';
import { sessionStore, type SessionState } from './sessionStore';

const subscribe = (listener: () => void) => sessionStore.subscribe(listener);
const getSnapshot = () => sessionStore.getState();

export function useSession(): SessionState {
  return useSyncExternalStore(subscribe, getSnapshot);
}

/** The signed-in user; inside a route guarded by RequireAuth it is always loaded. */
export function useSessionUser(): SessionUser | null {
  return useSession().user;
}
