import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';
import { applyWaitingUpdate } from './serviceWorker';

/**
 * Applies a new app version that is waiting (src/platform/offline/serviceWorker.ts) when the user moves to
 * another page of the app — never while they stay on one, where a form may be half filled in.
 */
export const ServiceWorkerUpdates = () => {
  const { pathname } = useLocation();
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    applyWaitingUpdate();
  }, [pathname]);
  return null;
};
