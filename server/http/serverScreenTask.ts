import type { DrawnFor, DrawnScreen } from '../../common/firstScreen';

export interface DrawTask {
  /** The built drawer (dist-server/drawScreen.mjs), as a file: URL. */
  entry: string;
  path: string;
  answers: Record<string, unknown>;
  drawnFor: DrawnFor;
}

type Drawer = { drawScreen(path: string, answers: Record<string, unknown>, drawnFor: DrawnFor): Promise<DrawnScreen> };

/** The drawer, loaded by the thread's first draw (~1 MB of code) and kept for the next. */
let drawer: Promise<Drawer> | null = null;

/**
 * One first screen drawn in a thread of the worker pool (serverScreen.ts): a React render of a page
 * takes tens of milliseconds of synchronous work, which the server's event loop must not carry.
 */
export default async function drawInThread({ entry, path, answers, drawnFor }: DrawTask): Promise<DrawnScreen> {
  // A drawer that failed to load (a build being written) is loaded afresh by the next draw.
  drawer ??= (import(entry) as Promise<Drawer>).catch((error: unknown) => {
    drawer = null;
    throw error;
  });
  return (await drawer).drawScreen(path, answers, drawnFor);
}
