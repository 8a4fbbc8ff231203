import { Worker } from 'node:worker_threads';
import type { ReportFormat } from '../../common/resources/report';
import type { RenderInput } from './reportTypes';

const workerUrl = new URL('./renderWorker.mjs', import.meta.url);

interface Pending {
  resolve: (file: Buffer) => void;
  reject: (error: Error) => void;
}

export interface ReportRenderer {
  render(format: ReportFormat, input: RenderInput): Promise<Buffer>;
  close(): Promise<void>;
}

/**
 * Renders reports in one worker thread per process, started on the first download and kept
 * (unreferenced) for the next ones; a crashed worker fails its pending renders and is replaced
 * on the next call. The server's event loop never carries a rendering.
 */
export function createReportRenderer(options: { maxMemoryMb?: number } = {}): ReportRenderer {
  let worker: Worker | null = null;
  let seq = 0;
  const pending = new Map<number, Pending>();

  function failAll(error: Error) {
    for (const entry of pending.values()) entry.reject(error);
    pending.clear();
  }

  function start(): Worker {
    const started = new Worker(workerUrl, { resourceLimits: { maxOldGenerationSizeMb: options.maxMemoryMb ?? 1024 } });
    started.unref();
    started.on('message', (message: { id: number; ok: true; bytes: Uint8Array } | { id: number; ok: false; message: string }) => {
      const entry = pending.get(message.id);
      if (!entry) return;
      pending.delete(message.id);
      if (message.ok) entry.resolve(Buffer.from(message.bytes.buffer, message.bytes.byteOffset, message.bytes.byteLength));
      else entry.reject(new Error(`Report rendering failed: ${message.message}`));
      if (pending.size === 0) started.unref();
    });
    started.on('error', (error) => {
      if (worker === started) worker = null;
      failAll(new Error(`Report rendering failed: ${error.message}`));
    });
    started.on('exit', (code) => {
      if (worker === started) worker = null;
      if (pending.size > 0) failAll(new Error(`Report rendering stopped (exit ${code})`));
    });
    return started;
  }

  return {
    render(format, input) {
      worker ??= start();
      const current = worker;
      const id = ++seq;
      current.ref();
      return new Promise<Buffer>((resolve, reject) => {
        pending.set(id, { resolve, reject });
        current.postMessage({ id, format, input });
      });
    },
    async close() {
      const current = worker;
      worker = null;
      if (current) await current.terminate();
      failAll(new Error('Report rendering stopped: the server is closing'));
    },
  };
}
