import { pathToFileURL } from 'node:url';
import { createWorkerPool } from '../workers/workerPool';
import type { DrawnFor, DrawnScreen } from '../../common/firstScreen';
import type drawInThread from './serverScreenTask';

/** A place among the draws at once, taken before the page's answers are asked (they cost too: a board's widgets run scripts). */
export interface DrawTicket {
  /** The screen, or null when it could not be drawn in time: too slow, failed. The page is then served plain. Once per ticket. */
  draw(path: string, answers: Record<string, unknown>, drawnFor: DrawnFor): Promise<DrawnScreen | null>;
  /** Gives the place back without drawing (the answers were refused); nothing after a draw. */
  release(): void;
}

export interface ScreenDrawer {
  /** A place among the draws at once (DrawerLimits.maxInFlight), or null when all are taken: the page is served plain without asking its answers. */
  take(): DrawTicket | null;
  close(): Promise<void>;
}

export interface DrawerLimits {
  /** Pages being prepared or drawn at once (one drawing, the rest asking their answers or waiting their turn); past it a page is served plain at once. */
  maxInFlight: number;
  /** Past this the page is served plain; the late screen is dropped. */
  timeoutMs: number;
  /** Added to the first draw of a new worker, which first loads the drawer (~1 MB of code). */
  startMs: number;
}

/**
 * Draws first screens in one thread of the worker pool (server/workers/workerPool.ts), started on
 * the first draw and kept for the next; a crashed thread fails its draw and is replaced. A drawn
 * screen is a head start, never a requirement: when the thread is busy (a burst of page loads, a
 * user reloading in a loop) pages are served plain rather than queued, so what the server spends
 * on drawing stays bounded and an API call never waits behind it. A draw past its time is not
 * stopped (the thread keeps its loaded drawer): its page is served plain and its place stays taken
 * until it ends.
 */
export function createScreenDrawer(entryFile: string, limits: DrawerLimits): ScreenDrawer {
  const pool = createWorkerPool<typeof drawInThread>({ task: new URL('./serverScreenTask.ts', import.meta.url), maxHeapMb: 512 });
  const entry = pathToFileURL(entryFile).href;
  /** Places taken: pages asking their answers, and draws the thread has not ended, whether or not their page still waits. */
  let taken = 0;

  function draw(path: string, answers: Record<string, unknown>, drawnFor: DrawnFor): Promise<DrawnScreen | null> {
    // A thread not started yet first loads the drawer.
    const waitMs = limits.timeoutMs + (pool.threadCount() === 0 ? limits.startMs : 0);
    const drawing = pool.run({ entry, path, answers, drawnFor }).then(
      (screen) => screen,
      () => null,
    );
    void drawing.finally(() => (taken -= 1));
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<null>((resolve) => (timer = setTimeout(resolve, waitMs, null)));
    return Promise.race([drawing, late]).finally(() => clearTimeout(timer));
  }

  return {
    take() {
      if (taken >= limits.maxInFlight) return null;
      taken += 1;
      let held = true;
      return {
        draw(path, answers, drawnFor) {
          if (!held) return Promise.resolve(null);
          // From here the place is the draw's until the thread ends it, even if the page stops waiting.
          held = false;
          return draw(path, answers, drawnFor);
        },
        release() {
          if (held) taken -= 1;
          held = false;
        },
      };
    },
    close: () => pool.close(),
  };
}
