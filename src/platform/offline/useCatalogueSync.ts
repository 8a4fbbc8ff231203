import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { SessionUser } from '../../../common/api';
import { sessionStore } from '../authProvider/sessionStore';
import { pageSettled } from '../firstScreen/pageSettled';
import { CATALOGUE_REFRESH_MS, mayKeepCatalogue, syncCatalogue } from './catalogueSync';

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
