import { startTransition, useEffect, useRef, type Ref, type RefObject } from 'react';
import { setRef } from '@mui/material/utils';

/**
 * A ref for the element, handing its node to `ref` from an effect, as a transition, rather than
 * while React attaches refs. For a library ref that keeps the node in React state (MUI's Tooltip,
 * MUI X pickers' trigger): set during a commit, such an update is urgent, and React renders it at
 * once after the commit, running every passive effect of that commit first, so a page's first
 * screen becomes one long task (issue 20, docs/performance-phone.md). The element itself is
 * mounted once and works from the first paint; only what `ref` feeds waits a moment.
 */
export function useLateRef<T>(ref: Ref<T> | undefined): RefObject<T | null> {
  const own = useRef<T>(null);
  useEffect(() => {
    const node = own.current;
    startTransition(() => setRef(ref, node));
    return () => setRef(ref, null);
  }, [ref]);
  return own;
}
