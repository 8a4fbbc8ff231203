// The FLIR reader's thread: parsing a radiometric JPEG (inflating its raw thermal PNG, scanning
// every pixel) is synchronous work, so it runs here, off the server's event loop, where a file
// built to be slow can be stopped by terminating the thread. Plain JavaScript so Node starts it
// as is; the TypeScript reader is loaded through tsx's loader (the server runs under tsx;
// vitest workers do not carry a loader) — the pattern of server/reports/renderWorker.mjs.
//
// Protocol (flirWorkerPool.ts is the other side):
//   worker → main  {type: 'ready'} once the reader is loaded (a read's time limit starts then)
//   main → worker  {id, bytes: Uint8Array (transferred)}
//   worker → main  {type: 'done', id, ok: true, reading: FlirReading (realImage bytes transferred)}
//                | {type: 'done', id, ok: false, message}
import { parentPort } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
const { extractFlir } = await import('./extract.ts');

const UNREADABLE = 'The FLIR data in this file could not be read.';

parentPort.on('message', ({ id, bytes }) => {
  try {
    const reading = extractFlir(bytes);
    const transfer = [];
    if (reading.realImage) {
      const image = reading.realImage.bytes;
      const owned = image.byteOffset === 0 && image.byteLength === image.buffer.byteLength;
      reading.realImage.bytes = owned ? image : image.slice();
      transfer.push(reading.realImage.bytes.buffer);
    }
    parentPort.postMessage({ type: 'done', id, ok: true, reading }, transfer);
  } catch (error) {
    // extractFlir only throws FlirReadError, whose message is meant for the user.
    const message = error instanceof Error && error.name === 'FlirReadError' ? error.message : UNREADABLE;
    parentPort.postMessage({ type: 'done', id, ok: false, message });
  }
});
parentPort.postMessage({ type: 'ready' });
