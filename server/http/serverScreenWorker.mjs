// The thread the server draws first screens on (server/http/serverScreen.ts): a React render of a
// page takes tens of milliseconds of synchronous work, which the server's event loop must not carry.
// Plain JavaScript: it loads the built drawer (dist-server/drawScreen.js), itself plain JavaScript.
//
// Protocol (server/http/serverScreenDrawer.ts is the other side):
//   main → worker  {id, path, answers, drawnFor}
//   worker → main  {id, ok: true, screen: {html, css, names}} | {id, ok: false, message}
import { parentPort, workerData } from 'node:worker_threads';

const { drawScreen } = await import(workerData.entry);

parentPort.on('message', async ({ id, path, answers, drawnFor }) => {
  try {
    parentPort.postMessage({ id, ok: true, screen: await drawScreen(path, answers, drawnFor) });
  } catch (error) {
    parentPort.postMessage({ id, ok: false, message: error instanceof Error ? error.message : String(error) });
  }
});
