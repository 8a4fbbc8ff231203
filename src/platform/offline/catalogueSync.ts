import type { SessionUser } from '../../../common/api';
import type { OfflineCatalogue } from '../../../common/resources/offlineCatalogue';
import { sessionStore } from '../authProvider/sessionStore';
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
