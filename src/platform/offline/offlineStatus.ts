import { useSyncExternalStore } from 'react';

/**
 * What the offline chip says (src/platform/offline/OfflineStatus.tsx): whether the browser thinks it is
 * online, and, since the network last answered, the oldest saved copy a screen was shown instead.
 */
export interface OfflineStatusState {
  online: boolean;
  /** storedAt (epoch ms) of the oldest copy shown since the last network answer; null when none. */
  copyShownFrom: number | null;
}

type Listener = () => void;
const listeners = new Set<Listener>();
let state: OfflineStatusState = { online: typeof navigator === 'undefined' ? true : navigator.onLine !== false, copyShownFrom: null };

function update(next: OfflineStatusState): void {
  if (next.online === state.online && next.copyShownFrom === state.copyShownFrom) return;
  state = next;
  listeners.forEach((listener) => listener());
}

if (typeof window !== 'undefined') {
  window.addEventListener('online', () => update({ ...state, online: true }));
  window.addEventListener('offline', () => update({ ...state, online: false }));
}

export const offlineStatus = {
  get: (): OfflineStatusState => state,
  /** A screen was answered from this phone's copy saved at `storedAt`. */
  copyShown(storedAt: number): void {
    update({ online: state.online && navigator.onLine !== false, copyShownFrom: Math.min(storedAt, state.copyShownFrom ?? storedAt) });
  },
  /** The server answered: screens show live data again. */
  networkAnswered(): void {
    update({ online: true, copyShownFrom: null });
  },
  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  },
  /** Tests only. */
  reset(): void {
    state = { online: navigator.onLine !== false, copyShownFrom: null };
  },
};

export function useOfflineStatus(): OfflineStatusState {
  return useSyncExternalStore(offlineStatus.subscribe, offlineStatus.get, offlineStatus.get);
}
