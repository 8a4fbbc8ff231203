import { Buffer } from 'node:buffer';
import type { ReportFormat } from '../../common/resources/report';
import { transferred } from '../workers/workerPool';
import { renderReport } from './renderReport';
import type { RenderInput } from './reportTypes';

export interface RenderTask {
  format: ReportFormat;
  input: RenderInput;
}

/**
 * One rendering in the report renderers' thread (renderQueue.ts): PDF, XLSX and DOCX generation of
 * large documents takes seconds of synchronous work (docx and exceljs serialise whole files at
 * once), so it runs there, off the server's event loop. The file's bytes move to the caller.
 */
export default async function renderInThread({ format, input }: RenderTask) {
  // Buffers arrive as plain Uint8Arrays.
  const images = input.images.map((image) => ({ ...image, data: Buffer.from(image.data) }));
  const file = await renderReport(format, { ...input, images });
  const owned = file.byteOffset === 0 && file.byteLength === file.buffer.byteLength;
  const bytes = owned ? new Uint8Array(file.buffer) : new Uint8Array(file);
  return transferred(bytes, [bytes.buffer as ArrayBuffer]);
}
