import { useEffect, useState } from 'react';

const SECOND_MS = 1000;

/**
 * Date.now(), moving on every second while `ticking` (a running timer's time on screen); the
 * clock is the one tests fake (vi.setSystemTime). Still while nothing runs: no timer at all. Just
 * after a start it may lie a second behind: the elapsed time shows 0:00:00 until the first tick.
 */
export function useTickingNow(ticking: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!ticking) return undefined;
    const timer = setInterval(() => setNow(Date.now()), SECOND_MS);
    return () => clearInterval(timer);
  }, [ticking]);
  return now;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** A running time as h:mm:ss (0:00:00 before the start: a phone's clock set back). */
export function elapsedText(fromMs: number, nowMs: number): string {
  const seconds = Math.max(0, Math.floor((nowMs - fromMs) / SECOND_MS));
  return `${Math.floor(seconds / 3600)}:${pad(Math.floor(seconds / 60) % 60)}:${pad(seconds % 60)}`;
}
