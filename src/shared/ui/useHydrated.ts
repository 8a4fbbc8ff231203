import { startTransition, useEffect, useState } from 'react';

/**
 * False while React draws a screen on the server or hydrates the screen the server drew, true from
 * the next render on. What is of the moment (a clock's seconds) is drawn only then: the server's
 * moment and the phone's a second later are not the same text, and a text that differs makes React
 * throw the drawn screen away and draw it again. Set in a transition: an external store's change
 * (useSyncExternalStore's server snapshot) would be rendered in one blocking task, and it took
 * whatever was still hydrating along with it (400–600 ms of a phone's main thread on the board).
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => startTransition(() => setHydrated(true)), []);
  return hydrated;
}
