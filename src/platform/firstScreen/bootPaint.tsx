import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';
import { APP_SHELL_PATH, INSPECT_VIEW_PATH } from '../../../common/bootPaint';
import { pageSettled } from './pageSettled';
import { sessionStore } from '../authProvider/sessionStore';
import { keepLastScreen } from './lastScreen';
import type { DrawnPieces } from './screenDrawn';

/**
 * What the boot script paints before React (build/bootPlugin.ts, `#app-shell`): the technician
 * home's shell, or a page's last screen (src/platform/firstScreen/lastScreen.ts). It goes as soon as React shows
 * that screen itself (same content, same place: nothing moves), another page, Login or the error
 * screen. Removed rather than hidden, so a late boot script finds nothing to show.
 */
export function removeAppShell(): void {
  if (typeof document === 'undefined') return;
  document.getElementById('app-shell')?.remove();
  document.querySelectorAll('style[data-last-screen]').forEach((style) => style.remove());
}

/** Where the home's shell stands for React's own screen. */
const SHELL_PATH = new RegExp(APP_SHELL_PATH);
/** Where the inspect view's loading frame does. */
const INSPECT_PATH = new RegExp(INSPECT_VIEW_PATH);

/** What the boot script painted (build/bootPlugin.ts): the home's shell, the inspect view's loading frame, a last screen. */
type Shown = 'home' | 'inspect' | 'last';

function shownNow(): string | null {
  return document.documentElement.getAttribute('data-app-shell');
}

/** Whether what the boot script painted stands for the screen React shows at `pathname`. */
function paintedFor(pathname: string): boolean {
  const shown = shownNow();
  if (shown === 'last') return document.getElementById('app-shell')?.getAttribute('data-path') === pathname;
  if (shown === 'inspect') return INSPECT_PATH.test(pathname);
  return SHELL_PATH.test(pathname);
}

/** A last screen whose page never gets ready (a slow or failing network) gives way to React's screen after this long. */
const LAST_SCREEN_LONGEST_MS = 10_000;

/** Removes the shell before the first paint of any page it does not stand for (a redirect to Login, another area). */
export const AppShellRelease = () => {
  const { pathname } = useLocation();
  useLayoutEffect(() => {
    if (!paintedFor(pathname)) removeAppShell();
  }, [pathname]);
  useEffect(() => {
    const timer = setTimeout(removeAppShell, LAST_SCREEN_LONGEST_MS);
    return () => clearTimeout(timer);
  }, []);
  return null;
};

/**
 * For the screen that replaces the shell: removes it in the same frame as that screen's first
 * paint — only if it is `only` (the inspect view's loading frame goes as the page mounts, a last
 * screen of it stays until the page's data is drawn: useLastScreen).
 */
export function useRemoveAppShell(only?: Shown): void {
  useLayoutEffect(() => {
    if (!only || shownNow() === only) removeAppShell();
  }, [only]);
}

/**
 * For a page whose first screen is data (LAST_SCREEN_PATHS): once `ready` (its own data drawn) and
 * every piece of `pieces` drawn, the boot script's copy goes in the same frame, and once the page
 * has settled the screen is kept for the next visit (once per page). `failed` (an error or
 * not-found screen), or a piece that failed, only removes the copy.
 */
export function useLastScreen(ready: boolean, failed = false, pieces?: DrawnPieces): void {
  const { pathname } = useLocation();
  const version = pieces?.version;
  const keptFor = useRef<string | null>(null);
  useLayoutEffect(() => {
    if (failed || pieces?.anyFailed() || (ready && (pieces?.allDrawn() ?? true))) removeAppShell();
  }, [ready, failed, pieces, version]);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);
  useEffect(() => {
    const drawn = () => ready && !failed && (pieces?.allDrawn() ?? true) && !pieces?.anyFailed();
    if (!drawn() || keptFor.current === pathname) return;
    keptFor.current = pathname;
    // After the page's own work (pushes, offline copies start then too): off the first paint's path.
    void pageSettled().then(() => {
      const token = sessionStore.getToken();
      if (mounted.current && window.location.pathname === pathname && drawn()) void keepLastScreen(pathname, token, () => sessionStore.getToken() === token).catch(() => undefined);
      else keptFor.current = null;
    });
  }, [ready, failed, pieces, version, pathname]);
}
