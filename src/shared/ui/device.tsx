import { createContext, useContext, useSyncExternalStore, type ReactNode } from 'react';
import type { DrawTask } from '../../../common/firstScreen';
import { TimeZoneProvider } from './timeZone';

const FINE_POINTER = '(pointer: fine)';

/**
 * Whether a device has a fine pointer (a mouse: `(pointer: fine)`), guessed from its user agent where
 * the media query cannot be asked: by the server drawing a phone page's first screen and by the
 * browser hydrating it, which read the same string and so draw the same date pickers (a mouse's field
 * or a phone's dialog). MDN's rule: "Mobi" anywhere in the user agent is a phone. A wrong guess (a
 * tablet) is mended after hydration, as every guess was before.
 */
export const finePointerGuess = (userAgent: string): boolean => !userAgent.includes('Mobi');

/** The user agent of the device a screen is drawn for, on the server; null in the browser, which reads its own. */
const DrawnForUserAgent = createContext<string | null>(null);

/** What a screen drawn on the server knows of the device it is drawn for: its zone and its user agent. */
export const DrawnForProvider = ({ drawnFor, children }: { drawnFor: DrawTask['drawnFor']; children: ReactNode }) => (
  <TimeZoneProvider timeZone={drawnFor.timeZone}>
    <DrawnForUserAgent.Provider value={drawnFor.userAgent}>{children}</DrawnForUserAgent.Provider>
  </TimeZoneProvider>
);

const mediaQuery = () => (typeof window !== 'undefined' && typeof window.matchMedia === 'function' ? window.matchMedia(FINE_POINTER) : null);

function subscribe(notify: () => void) {
  const query = mediaQuery();
  query?.addEventListener('change', notify);
  return () => query?.removeEventListener('change', notify);
}

// Where matchMedia is missing (jsdom), a fine pointer: MUI's own default.
const finePointerNow = () => mediaQuery()?.matches ?? true;

/**
 * Whether the device has a fine pointer (a mouse), as MUI's pickers choose their desktop or mobile
 * form. MUI asks the media query only after hydration, assuming a mouse before it: a phone's drawn
 * page then threw its pickers away and built them again after hydrating (two date fields of the
 * board, ~120 ms of a throttled phone's main thread). Here the first render guesses from the user
 * agent the server drew for, and the query decides from then on.
 */
export function useFinePointer(): boolean {
  const userAgent = useContext(DrawnForUserAgent) ?? (typeof navigator === 'undefined' ? '' : navigator.userAgent);
  return useSyncExternalStore(subscribe, finePointerNow, () => finePointerGuess(userAgent));
}
