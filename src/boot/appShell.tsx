import { useLayoutEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { APP_SHELL_PATH } from '../../common/appShell';

/**
 * The technician home's first paint before React (scripts/bootPlugin.ts: `#app-shell`, shown by
 * the boot script on a signed-in phone). It goes as soon as React shows anything of its own:
 * the home itself (same bar, same hint, same place: nothing moves), another page, Login or the
 * error screen. Removed rather than hidden, so a late boot script finds nothing to show.
 */
export function removeAppShell(): void {
  if (typeof document !== 'undefined') document.getElementById('app-shell')?.remove();
}

/** Where the shell stands for React's own screen. */
const SHELL_PATH = new RegExp(APP_SHELL_PATH);

/** Removes the shell before the first paint of any page but the technician home (a redirect to Login, another area). */
export const AppShellRelease = () => {
  const { pathname } = useLocation();
  useLayoutEffect(() => {
    if (!SHELL_PATH.test(pathname)) removeAppShell();
  }, [pathname]);
  return null;
};

/** For the screen that replaces the shell: removes it in the same frame as that screen's first paint. */
export function useRemoveAppShell(): void {
  useLayoutEffect(removeAppShell, []);
}
