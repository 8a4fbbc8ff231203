import { useSyncExternalStore } from 'react';

const nothingToHear = () => () => undefined;

/**
 * False while React draws a screen on the server or hydrates the screen the server drew, true from
 * then on (and from the start where React draws the page itself). What is of the moment (a clock's
 * seconds) is drawn only then: the server's moment and the phone's a second later are not the same
 * text, and a text that differs makes React throw the drawn screen away and draw it again.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    nothingToHear,
    () => true,
    () => false,
  );
}
