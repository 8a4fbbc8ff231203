/**
 * The company logo offline (issue 40 §10c). Its address is configured (`companyLogoURL`, any
 * origin), so it cannot be precached at build time: the service worker keeps it in its own cache
 * once shown (src/sw.ts). The first start shows it before the worker controls the page, so the page
 * also asks the worker to keep it, as soon as one is active.
 */
export const LOGO_CACHE = 'facilityops-images';
export const KEEP_LOGO_MESSAGE = 'KEEP_LOGO';

export interface KeepLogoMessage {
  type: typeof KEEP_LOGO_MESSAGE;
  /** Absolute http(s) address. */
  url: string;
}

/** Asks the active service worker to keep the logo at `address` (as the page resolves it); nothing without one. */
export function keepLogoForOffline(address: string): void {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  let url: URL;
  try {
    url = new URL(address, document.baseURI);
  } catch {
    return;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return;
  const message: KeepLogoMessage = { type: KEEP_LOGO_MESSAGE, url: url.href };
  void navigator.serviceWorker.ready.then((registration) => registration.active?.postMessage(message));
}
