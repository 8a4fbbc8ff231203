import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useSyncExternalStore } from 'react';
import type { SessionUser } from '../../../common/api';
import { SESSION_PATH } from '../../../common/firstAsks';
import { apiKey } from '../dataProvider/apiQuery';
import { sessionStore, type SessionState } from './sessionStore';

const subscribe = (listener: () => void) => sessionStore.subscribe(listener);
const getSnapshot = () => sessionStore.getState();

/**
 * A page the server draws (src/platform/firstScreen/) is drawn for the user of the session it was asked
 * with: /token/init's answer, in the query cache it is drawn with. The token itself never reaches
 * the markup: a stand-in says "signed in".
 */
const SERVER_TOKEN = 'server-drawn';

export function useSession(): SessionState {
  const serverUser = useQueryClient().getQueryData<SessionUser>(apiKey(SESSION_PATH));
  const serverState = useMemo<SessionState>(() => ({ token: serverUser ? SERVER_TOKEN : null, user: serverUser ?? null, deniedPath: null }), [serverUser]);
  // Hydrating a drawn screen, the browser's session already holds the user it was drawn for (startApp.tsx): the same state then.
  return useSyncExternalStore(subscribe, getSnapshot, () => (sessionStore.getState().user ? sessionStore.getState() : serverState));
}

/** The signed-in user; inside a route guarded by RequireAuth it is always loaded. */
export function useSessionUser(): SessionUser | null {
  return useSession().user;
}
