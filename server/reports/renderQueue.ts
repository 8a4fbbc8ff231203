import type { ReportFormat } from '../../common/resources/report';
import { createWorkerPool, PoolClosedError } from '../workers/workerPool';
import type renderInThread from './renderTask';
import type { RenderInput } from './reportTypes';

export interface ReportRenderer {
  render(format: ReportFormat, input: RenderInput): Promise<Buffer>;
  close(): Promise<void>;
}

/**
 * Renders reports in one worker thread per process (server/workers/workerPool.ts, task
 * renderTask.ts), started on the first download and kept (unreferenced) for the next ones, which
 * wait their turn; a thread that fails (past its heap, say) fails its rendering and a fresh one
 * takes the next. The server's event loop never carries a rendering.
 */
export function createReportRenderer(options: { maxMemoryMb?: number } = {}): ReportRenderer {
  const pool = createWorkerPool<typeof renderInThread>({ task: new URL('./renderTask.ts', import.meta.url), maxHeapMb: options.maxMemoryMb ?? 1024 });
  return {
    async render(format, input) {
      try {
        const bytes = await pool.run({ format, input });
        return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
      } catch (error) {
        if (error instanceof PoolClosedError) throw new Error('Report rendering stopped: the server is closing');
        throw new Error(`Report rendering failed: ${error instanceof Error ? error.message : String(error)}`);
      }
    },
    close: () => pool.close(),
  };
}
