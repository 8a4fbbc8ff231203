/**
 * Resolves once the page has loaded and the browser is idle (at most a second after load): work that
 * changes what a page shows later — pushes, the offline copies, the service worker — starts here,
 * off the first paint's path (issue 20). Lighthouse counts every request asked before the largest
 * paint as the page's, so none of these compete with the screen's own code and data.
 */
export function pageSettled(): Promise<void> {
  if (typeof window === 'undefined' || typeof document === 'undefined') return Promise.resolve();
  const idle = () =>
    new Promise<void>((resolve) => {
      if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(() => resolve(), { timeout: 1000 });
      else setTimeout(resolve, 0);
    });
  if (document.readyState === 'complete') return idle();
  return new Promise<void>((resolve) => window.addEventListener('load', () => resolve(), { once: true })).then(idle);
}
