import type { Workbox } from 'workbox-window';
import { pageSettled } from '../firstScreen/pageSettled';

/**
 * Registers the service worker (src/sw.ts) in production builds. A new version found while the app
 * is open waits: it is applied on the technician's next navigation inside the app (a full load of
 * the page they were going to), never under a form being filled in; a new launch gets it anyway.
 */
let workbox: Workbox | null = null;
let updateWaiting = false;
let applying = false;

/** How often an open app asks the server whether a new version was deployed. */
const UPDATE_CHECK_MS = 60 * 60 * 1000;

export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  // Once the page has settled: the worker's install precaches ~2.6 MB, which must not compete with the first screen.
  void pageSettled()
    .then(() => import('workbox-window'))
    .then(({ Workbox }) => {
      const wb = new Workbox('/sw.js', { scope: '/' });
      workbox = wb;
      wb.addEventListener('waiting', () => {
        updateWaiting = true;
      });
      // Only after this page asked for the update (applyWaitingUpdate): a first install takes control silently.
      wb.addEventListener('controlling', (event) => {
        if (event.isUpdate && applying) window.location.reload();
      });
      wb.register().catch((error: unknown) => console.warn('The service worker could not be registered', error));
      setInterval(() => {
        if (navigator.onLine) void wb.update().catch(() => undefined);
      }, UPDATE_CHECK_MS);
    });
}

/** Called on an in-app navigation: a waiting version takes over now, and the new page loads with it. */
export function applyWaitingUpdate(): void {
  if (!workbox || !updateWaiting || applying) return;
  applying = true;
  workbox.messageSkipWaiting();
}
