// The report renderers' thread: PDF, XLSX and DOCX generation of large documents takes seconds of
// synchronous work (docx and exceljs serialise whole files at once), so it runs here, off the
// server's event loop. Plain JavaScript so Node starts it as is; the TypeScript renderers are
// loaded through tsx's loader (the server runs under tsx; vitest workers do not carry a loader).
//
// Protocol (server/reports/renderQueue.ts is the other side):
//   main → worker  {id, format, input: {model, images, timeZone}}
//   worker → main  {id, ok: true, bytes: Uint8Array (transferred)} | {id, ok: false, message}
import { Buffer } from 'node:buffer';
import { parentPort } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
const { renderReport } = await import('./renderReport.ts');

parentPort.on('message', async ({ id, format, input }) => {
  try {
    const images = input.images.map((image) => ({ ...image, data: Buffer.from(image.data) }));
    const file = await renderReport(format, { ...input, images });
    const owned = file.byteOffset === 0 && file.byteLength === file.buffer.byteLength;
    const bytes = owned ? new Uint8Array(file.buffer) : new Uint8Array(file);
    parentPort.postMessage({ id, ok: true, bytes }, [bytes.buffer]);
  } catch (error) {
    parentPort.postMessage({ id, ok: false, message: error instanceof Error ? error.message : String(error) });
  }
});
