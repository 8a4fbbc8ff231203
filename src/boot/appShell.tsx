import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';
import { APP_SHELL_PATH } from '../../common/appShell';
import { pageSettled } from './pageSettled';
import { sessionStore } from '../authProvider/sessionStore';
import { keepLastScreen } from './lastScreen';
import type { DrawnPieces } from './screenDrawn';

/**
 * What the boot script paints before React (scripts/bootPlugin.ts, `#app-shell`): the technician
 * home's shell, or a page's last screen (src/boot/lastScreen.ts). It goes as soon as React shows
 * that screen itself (same content, same place: nothing moves), another page, Login or the error
 * screen. Removed rather than hidden, so a late boot script finds nothing to show.
 */
export function removeAppShell(): void {
  if (typeof document === 'undefined') return;
  document.getElementById('app-shell')?.remove();
  document.querySelectorAll('style[data-last-screen]').forEach((style) => style.remove());
}

/** Where the shell stands for React's own screen. */
const SHELL_PATH = new RegExp(APP_SHELL_PATH);

/** Whether what the boot script painted stands for the screen React shows at `pathname`. */
function paintedFor(pathname: string): boolean {
  const shown = document.documentElement.getAttribute('data-app-shell');
  if (shown === 'last') return document.getElementById('app-shell')?.getAttribute('data-path') === pathname;
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

/** For the screen that replaces the shell: removes it in the same frame as that screen's first paint. */
export function useRemoveAppShell(): void {
  useLayoutEffect(removeAppShell, []);
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
