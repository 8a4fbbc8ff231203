import { startTransition, useCallback, useState, type Dispatch, type SetStateAction } from 'react';

/**
 * useState for what arrives from the network: its updates render as transitions. An update set in
 * a fetch's answer is otherwise rendered at once and whole, without yielding — a page's list of
 * panels, a board's widgets — and on a phone that held the main thread for hundreds of
 * milliseconds (issue 20, Total Blocking Time; docs/performance-phone.md). Updates made in one task
 * render together, as with useState.
 */
export function useArrivingState<T>(initial: T | (() => T)): [T, Dispatch<SetStateAction<T>>] {
  const [value, setValue] = useState(initial);
  const set = useCallback<Dispatch<SetStateAction<T>>>((next) => startTransition(() => setValue(next)), []);
  return [value, set];
}
