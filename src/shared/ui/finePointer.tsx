import { createContext, useContext, useSyncExternalStore, type ReactNode } from 'react';
import { finePointerGuess } from '../../../common/firstScreen';

const FINE_POINTER = '(pointer: fine)';

/**
 * What a first render assumes of the pointer where it cannot ask: the server's guess for the phone
 * it draws for. Null: the browser's own guess from its user agent — the same string the server
 * guessed from, so hydration draws what the server drew.
 */
const AssumedFinePointer = createContext<boolean | null>(null);

export const AssumedFinePointerProvider = ({ finePointer, children }: { finePointer: boolean; children: ReactNode }) => (
  <AssumedFinePointer.Provider value={finePointer}>{children}</AssumedFinePointer.Provider>
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
 * board, ~120 ms of a throttled phone's main thread). Here the first render takes the guess the
 * server drew with, and the query decides from then on.
 */
export function useFinePointer(): boolean {
  const assumed = useContext(AssumedFinePointer);
  return useSyncExternalStore(subscribe, finePointerNow, () => assumed ?? finePointerGuess(typeof navigator === 'undefined' ? '' : navigator.userAgent));
}
