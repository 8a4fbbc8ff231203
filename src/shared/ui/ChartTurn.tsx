import { useEffect, useRef, useState, type ReactNode } from 'react';

// Components that wait for their turn, and whether one holds it (or is about to be given it).
const waiting: Array<() => void> = [];
let turnTaken = false;

function giveNextTurn() {
  const next = waiting.shift();
  if (next) next();
  else turnTaken = false;
}

/**
 * Whether a chart may draw now: charts draw one per task, each in a task of its own. A chart's
 * first drawing (chart.js sizing its canvas, laying out its scales, measuring its labels) is tens of
 * milliseconds of a phone's main thread, and the charts of a board that mounted in one commit all
 * drew in that commit's task — the board's longest, 180–520 ms under Lighthouse's 4× CPU slowdown
 * (docs/performance-phone.md). False until the turn comes, true from then on; the next chart's
 * turn comes in a new task once this one has drawn (its effects have run) or is gone.
 */
function useDrawTurn(): boolean {
  const [turn, setTurn] = useState(false);
  const endTurn = useRef<(() => void) | null>(null);
  useEffect(() => {
    let ended = false;
    const end = () => {
      if (ended) return;
      ended = true;
      setTimeout(giveNextTurn, 0);
    };
    const take = () => {
      endTurn.current = end;
      setTurn(true);
    };
    waiting.push(take);
    if (!turnTaken) {
      turnTaken = true;
      setTimeout(giveNextTurn, 0);
    }
    return () => {
      const at = waiting.indexOf(take);
      if (at >= 0) waiting.splice(at, 1);
      else end();
    };
  }, []);
  // After the chart's own effects (a child's run first): it has drawn.
  useEffect(() => {
    if (turn) endTurn.current?.();
  }, [turn]);
  return turn;
}

/**
 * A chart drawn in its turn (useDrawTurn): until then an empty canvas of the same name, marked
 * `data-chart-waiting` (what a server draws, and what hydration then replaces).
 */
export function ChartTurn({ label, children }: { label: string; children: ReactNode }) {
  return useDrawTurn() ? children : <canvas role="img" aria-label={label} data-chart-waiting />;
}
