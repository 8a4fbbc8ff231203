import { useCallback, useEffect, useState, type RefObject } from 'react';
import type { IScannerHandle } from '@yudiel/react-qr-scanner';

// `torch` is in the Image Capture spec, not yet in TypeScript's DOM types.
type TorchCapabilities = MediaTrackCapabilities & { torch?: boolean };
type TorchConstraintSet = MediaTrackConstraintSet & { torch?: boolean };

const POLL_MS = 300;

/**
 * The camera's torch, when its track has one (spec §2.3: Toggle Flash only where supported).
 * The scanner library starts the stream itself and exposes it through its handle once the
 * camera's capabilities have settled, so the track is looked for until it shows up.
 */
export function useTorch(scanner: RefObject<IScannerHandle | null>) {
  const [track, setTrack] = useState<MediaStreamTrack | null>(null);
  const [on, setOn] = useState(false);

  useEffect(() => {
    const timer = setInterval(() => {
      const candidate = scanner.current?.getStream()?.getVideoTracks()[0];
      if (!candidate || candidate.readyState !== 'live') return;
      clearInterval(timer);
      const capabilities = candidate.getCapabilities?.() as TorchCapabilities | undefined;
      if (capabilities?.torch === true) setTrack(candidate);
    }, POLL_MS);
    return () => clearInterval(timer);
  }, [scanner]);

  const toggle = useCallback(async () => {
    if (!track) return;
    const next = !on;
    try {
      await track.applyConstraints({ advanced: [{ torch: next } as TorchConstraintSet] });
      setOn(next);
    } catch {
      // The camera refused (another app holds the torch): the button keeps showing the real state.
    }
  }, [track, on]);

  return { supported: track !== null, on, toggle };
}
