import { createContext, startTransition, useCallback, useContext, useId, useLayoutEffect, useMemo, useRef, useState } from 'react';

/**
 * Whether a page's first screen is drawn, when its pieces load their own data (the inspect view's
 * panels their previous values, a board's widgets their figures): each piece inside the page's
 * provider reports, and the page learns when all of them are drawn (useLastScreen, src/platform/firstScreen/bootPaint.tsx).
 * A page's screen drawn with a piece still loading would be kept, and replace the last screen, half
 * empty; one with a piece that failed (an error message) is not worth keeping either.
 */
export type PieceState = 'loading' | 'drawn' | 'failed';
type Report = (piece: string, state: PieceState | null) => void;

const ScreenDrawnContext = createContext<Report | null>(null);
export const ScreenDrawnProvider = ScreenDrawnContext.Provider;

/** For a piece of the first screen: its state as drawn. Outside a provider: nothing. */
export function useReportDrawn(state: PieceState): void {
  const report = useContext(ScreenDrawnContext);
  const piece = useId();
  // Layout effects: a page's own layout effect, which runs after its children's, sees them already.
  useLayoutEffect(() => report?.(piece, state), [report, piece, state]);
  useLayoutEffect(() => () => report?.(piece, null), [report, piece]);
}

export interface DrawnPieces {
  report: Report;
  /** Read when asked, not when rendered: pieces mounted in this commit have reported by the page's layout effect. */
  allDrawn(): boolean;
  /** Whether a piece shows a failure (then the screen is not kept). */
  anyFailed(): boolean;
  /** Changes whenever a piece's state changes, so a page's effects run again. */
  version: number;
}

/** For the page: give `report` to a ScreenDrawnProvider around its pieces. */
export function useDrawnPieces(): DrawnPieces {
  const pieces = useRef(new Map<string, PieceState>());
  const [version, setVersion] = useState(0);
  const report = useCallback<Report>((piece, state) => {
    const before = pieces.current.get(piece);
    if (state === null) pieces.current.delete(piece);
    else pieces.current.set(piece, state);
    // Reported from layout effects, where a plain update re-renders the whole page at once, without
    // yielding, once per widget of a board as their figures arrive (issue 20, Total Blocking Time):
    // a transition instead. The copy it lets go of stays on top meanwhile, showing the same.
    if (before !== (state ?? undefined)) startTransition(() => setVersion((n) => n + 1));
  }, []);
  return useMemo(
    () => ({
      report,
      version,
      allDrawn: () => [...pieces.current.values()].every((state) => state !== 'loading'),
      anyFailed: () => [...pieces.current.values()].includes('failed'),
    }),
    [report, version],
  );
}
