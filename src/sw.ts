/// <reference lib="webworker" />
/**
 * The service worker (DESIGN §13, docs/offline.md), built by vite-plugin-pwa (injectManifest):
 * - precaches what vite.config.ts lists (the shell, the technician and login code, the scanner's
 *   wasm, icons, manifest) — `self.__WB_MANIFEST` is replaced by that list at build time;
 * - answers navigations to app routes from the network, and with the precached index.html when the
 *   network does not answer (so a deploy is seen online, and the app opens in a plant room);
 * - keeps any other hashed /assets/* file (engineer-only chunks) once it has loaded (CacheFirst);
 * - keeps the company logo, whatever its address, once shown or asked for (StaleWhileRevalidate).
 * It never answers /api, /socket.io or /api-docs: the app's own offline reads (src/platform/offline) do.
 */
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst, StaleWhileRevalidate } from 'workbox-strategies';
import { ExpirationPlugin } from 'workbox-expiration';
import { clientsClaim } from 'workbox-core';
import { KEEP_LOGO_MESSAGE, LOGO_CACHE, type KeepLogoMessage } from './platform/offline/companyLogo';
import { registerOutboxSync } from './platform/offline/outbox/serviceWorkerSync';

declare const self: ServiceWorkerGlobalScope;

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

/** Paths that are not pages of the app. */
const NOT_APP_ROUTES = [/^\/api(\/|$)/i, /^\/socket\.io(\/|$)/i, /^\/api-docs(\/|$)/i];
/** A weak signal that never answers is treated as none after this long: the saved shell opens. */
const NAVIGATION_TIMEOUT_MS = 4000;

async function navigationAnswer(request: Request): Promise<Response> {
  const fromNetwork = fetch(request);
  const timeout = new Promise<null>((resolve) => setTimeout(() => resolve(null), NAVIGATION_TIMEOUT_MS));
  try {
    const answer = await Promise.race([fromNetwork, timeout]);
    if (answer) return answer;
  } catch {
    // No network: the precached shell below.
  }
  const shell = await matchPrecache('/index.html');
  return shell ?? fromNetwork;
}

registerRoute(new NavigationRoute(({ request }) => navigationAnswer(request), { denylist: NOT_APP_ROUTES }));

// Hashed file names never change content: what was loaded once is kept.
registerRoute(
  ({ url, request }) => url.origin === self.location.origin && url.pathname.startsWith('/assets/') && request.method === 'GET',
  new CacheFirst({ cacheName: 'facilityops-assets', plugins: [new ExpirationPlugin({ maxEntries: 200, maxAgeSeconds: 60 * 24 * 3600 })] }),
);

// The company logo (src/platform/offline/companyLogo.ts): an image of any origin, but not of our API (files
// the app reads itself) nor a hashed asset (kept above). Shown from the cache at once, refreshed
// from the network behind it, so a changed logo shows on the next start; another origin's opaque
// answer is kept too (StaleWhileRevalidate keeps status 0 and 200).
const logo = new StaleWhileRevalidate({ cacheName: LOGO_CACHE, plugins: [new ExpirationPlugin({ maxEntries: 10 })] });
registerRoute(
  ({ url, request }) =>
    request.destination === 'image' &&
    request.method === 'GET' &&
    !NOT_APP_ROUTES.some((path) => path.test(url.pathname)) &&
    !(url.origin === self.location.origin && url.pathname.startsWith('/assets/')),
  logo,
);

/** The page's request to keep the logo, fetched as an <img> fetches it: the first start shows it before this worker controls the page. */
function keepLogo(event: ExtendableMessageEvent, { url }: KeepLogoMessage): Promise<unknown> {
  return logo.handle({ event, request: new Request(url, { mode: 'no-cors' }) }).catch(() => undefined);
}

// The first install takes the open page at once (it has no older worker to replace). An update
// waits until the page asks (src/platform/offline/serviceWorker.ts: on the next navigation) or every page
// of the app has closed: a form being filled in is never reloaded under the technician.
clientsClaim();
self.addEventListener('message', (event) => {
  const data = event.data as { type?: string; url?: unknown } | null;
  if (data?.type === 'SKIP_WAITING') void self.skipWaiting();
  if (data?.type === KEEP_LOGO_MESSAGE && typeof data.url === 'string' && /^https?:\/\//.test(data.url)) event.waitUntil(keepLogo(event, { type: KEEP_LOGO_MESSAGE, url: data.url }));
});

// Background Sync, where the browser has it (Safari does not: the page's own replays cover it):
// the outbox is sent from here with the mirrored session even when no page of the app is open.
registerOutboxSync(self);
