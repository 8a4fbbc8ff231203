import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { SessionUser } from '../../../common/api';
import type { OfflineCatalogue } from '../../../common/resources/offlineCatalogue';
import { sessionStore } from '../authProvider/sessionStore';
import { pageSettled } from '../firstScreen/pageSettled';
import { apiFetch } from '../dataProvider/apiFetch';
import { offlineDb } from './offlineDb';
import { offlineStatus } from './offlineStatus';

/** How often an open technician app refreshes its offline catalogue. */
export const CATALOGUE_REFRESH_MS = 15 * 60 * 1000;

/**
 * GET /inspection/offlineCatalogue's access (docs/offline.md) is the group call's, which any signed-in
 * user has for the fields a technician needs; asked only in the technician area (view-technician).
 */
export function mayKeepCatalogue(user: SessionUser | null): user is SessionUser {
  return Boolean(user?.permissions.includes('view-technician'));
}

const running = new Map<string, Promise<boolean>>();

/**
 * Fetches the catalogue and keeps it for `user` (the 'catalogue' store). Plain apiFetch, not
 * useApiFetch: a refusal of this background call must not sign the technician out. Answers whether
 * a new copy was stored.
 */
export function syncCatalogue(user: SessionUser): Promise<boolean> {
  const existing = running.get(user._id);
  if (existing) return existing;
  const token = sessionStore.getToken();
  const sync = apiFetch<OfflineCatalogue>('/inspection/offlineCatalogue')
    .then(async (catalogue) => {
      // The server answers again (this sync also runs when the network returns): the chip says so.
      offlineStatus.networkAnswered();
      // Signed out or another user meanwhile: this answer belongs to nobody on the phone now.
      if (sessionStore.getToken() !== token || sessionStore.getUser()?._id !== user._id) return false;
      const db = await offlineDb();
      await db.put('catalogue', { userId: user._id, storedAt: Date.now(), catalogue });
      return true;
    })
    .catch((error: unknown) => {
      console.warn('The offline catalogue could not be refreshed', error);
      return false;
    })
    .finally(() => running.delete(user._id));
  running.set(user._id, sync);
  return sync;
}

/**
 * Keeps the signed-in technician's catalogue fresh: at start, every 15 minutes and when the network
 * returns. A query of its own, outside the API reads' keys: its answer is kept in IndexedDB, the
 * query holds only whether a copy was stored.
 */
export function useCatalogueSync(user: SessionUser | null): void {
  const userId = mayKeepCatalogue(user) ? user._id : null;
  // No IndexedDB (an old or private browser, unit tests without fake-indexeddb): nowhere to keep it.
  const enabled = userId !== null && typeof indexedDB !== 'undefined';
  const { refetch } = useQuery({
    queryKey: ['offlineCatalogue', userId],
    queryFn: async ({ signal }) => {
      // Once the page has settled: the catalogue is for later, the screen is for now (issue 20).
      await pageSettled();
      const current = sessionStore.getUser();
      if (signal.aborted || navigator.onLine === false || current?._id !== userId || !mayKeepCatalogue(current)) return false;
      return syncCatalogue(current);
    },
    enabled,
    refetchInterval: CATALOGUE_REFRESH_MS,
    // An open app refreshes on time whether or not it is in front.
    refetchIntervalInBackground: true,
    // Whether the network is there is navigator.onLine's to say (above), asked at each refresh.
    networkMode: 'always',
    // The browser's own event says when the network returns (below): also to a page opened offline.
    refetchOnReconnect: false,
    refetchOnWindowFocus: false,
    retry: false,
  });
  useEffect(() => {
    if (!enabled) return undefined;
    const onOnline = () => void refetch({ cancelRefetch: false });
    window.addEventListener('online', onOnline);
    return () => window.removeEventListener('online', onOnline);
  }, [enabled, refetch]);
}
