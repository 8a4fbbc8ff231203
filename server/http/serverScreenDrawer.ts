import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';

const workerUrl = new URL('./serverScreenWorker.mjs', import.meta.url);

export interface DrawnScreen {
  html: string;
  css: string;
  names: string[];
}

/** What the screen is drawn for besides its data: the phone's own settings. */
export interface DrawnFor {
  /** IANA zone the screen's times are shown in (the phone's). */
  timeZone: string;
}

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
 * Draws first screens in one worker thread per process, started on the first draw and kept
 * (unreferenced) for the next; a crashed worker fails its draws and is replaced on the next. A drawn
 * screen is a head start, never a requirement: when the worker is busy (a burst of page loads, a
 * user reloading in a loop) pages are served plain rather than queued, so what the server spends
 * on drawing stays bounded and an API call never waits behind it.
 */
export function createScreenDrawer(entryFile: string, limits: DrawerLimits): ScreenDrawer {
  let worker: Worker | null = null;
  let seq = 0;
  /** Draws the worker has been handed and not answered, whether or not their page still waits. */
  const outstanding = new Set<number>();
  /** Pages still waiting for their draw. */
  const waiting = new Map<number, (screen: DrawnScreen | null) => void>();

  function settleAll() {
    for (const settle of waiting.values()) settle(null);
    waiting.clear();
    outstanding.clear();
  }

  function start(): Worker {
    const started = new Worker(workerUrl, { workerData: { entry: pathToFileURL(entryFile).href }, resourceLimits: { maxOldGenerationSizeMb: 512 } });
    started.unref();
    started.on('message', (message: { id: number; ok: true; screen: DrawnScreen } | { id: number; ok: false; message: string }) => {
      outstanding.delete(message.id);
      const settle = waiting.get(message.id);
      waiting.delete(message.id);
      settle?.(message.ok ? message.screen : null);
      if (outstanding.size === 0) started.unref();
    });
    started.on('error', () => {
      if (worker === started) worker = null;
      settleAll();
    });
    started.on('exit', () => {
      if (worker === started) worker = null;
      settleAll();
    });
    return started;
  }

  /** Places taken whose page is still asking its answers. */
  let preparing = 0;

  function draw(path: string, answers: Record<string, unknown>, drawnFor: DrawnFor): Promise<DrawnScreen | null> {
    const starting = worker === null;
    worker ??= start();
    const current = worker;
    const id = ++seq;
    current.ref();
    outstanding.add(id);
    return new Promise<DrawnScreen | null>((resolve) => {
      const timer = setTimeout(() => {
        waiting.delete(id);
        resolve(null);
      }, limits.timeoutMs + (starting ? limits.startMs : 0));
      waiting.set(id, (screen) => {
        clearTimeout(timer);
        resolve(screen);
      });
      current.postMessage({ id, path, answers, drawnFor });
    });
  }

  return {
    take() {
      if (preparing + outstanding.size >= limits.maxInFlight) return null;
      preparing += 1;
      let held = true;
      const giveBack = () => {
        if (held) preparing -= 1;
        held = false;
      };
      return {
        draw(path, answers, drawnFor) {
          if (!held) return Promise.resolve(null);
          // From here the place is the draw's (outstanding) until the worker answers, even if the page stops waiting.
          giveBack();
          return draw(path, answers, drawnFor);
        },
        release: giveBack,
      };
    },
    async close() {
      const current = worker;
      worker = null;
      settleAll();
      if (current) await current.terminate();
    },
  };
}
