import { pageSettled } from '../firstScreen/pageSettled';
import { apiFetch } from '../dataProvider/apiFetch';

/** Most reads kept at once: a technician's open orders, not a planner's backlog. */
const MOST_AT_ONCE = 25;

/**
 * Reads now, while the network answers, what the technician may open later in a plant room, so its
 * offline copy is on the phone (docs/offline.md): the details behind a list the screen shows. Only
 * where a copy can be kept (IndexedDB) and the network is there; failures are the later screen's.
 * Asked once the page has settled, after what the screen itself shows (issue 20).
 */
export function keepForOffline(paths: readonly string[]): void {
  if (typeof indexedDB === 'undefined' || navigator.onLine === false) return;
  const wanted = paths.slice(0, MOST_AT_ONCE);
  void pageSettled().then(() => {
    if (navigator.onLine === false) return;
    for (const path of wanted) void apiFetch(path, { offline: true }).catch(() => undefined);
  });
}
