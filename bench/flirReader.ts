import { readFileSync } from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { extractFlir } from '../server/modules/thermography/flir/extract';
import { createFlirReaderPool } from '../server/modules/thermography/flir/readFlir';

const FIXTURES = ['flir-i7', 'flir-ax8', 'flir-one', 'dji-zenmuse-xtr', 'flir-t420'] as const;

const median = (times: number[]) => [...times].sort((a, b) => a - b)[Math.floor(times.length / 2)] as number;
const round = (ms: number) => Math.round(ms * 10) / 10;

/**
 * FLIR reader time per fixture (issue 19: under 150 ms for the largest), median of `repeats`:
 * through the reader thread the upload route uses (what a request waits, copies included), and
 * the parse alone on this thread; plus the longest the server's event loop was held meanwhile.
 */
export async function benchFlirReader(repeats = 20) {
  const pool = createFlirReaderPool({ workers: 1 });
  const results: Record<string, unknown> = { repeats };
  try {
    await pool.read(readFileSync(new URL('../tests/fixtures/flir/flir-i7.jpg', import.meta.url))); // start the thread
    for (const name of FIXTURES) {
      const bytes = new Uint8Array(readFileSync(new URL(`../tests/fixtures/flir/${name}.jpg`, import.meta.url)));
      const inWorker: number[] = [];
      const direct: number[] = [];
      const delay = monitorEventLoopDelay({ resolution: 1 });
      delay.enable();
      for (let i = 0; i < repeats; i++) {
        const started = performance.now();
        await pool.read(bytes);
        inWorker.push(performance.now() - started);
      }
      delay.disable();
      for (let i = 0; i < repeats; i++) {
        const started = performance.now();
        extractFlir(bytes);
        direct.push(performance.now() - started);
      }
      results[name] = { bytes: bytes.length, inWorkerMedianMs: round(median(inWorker)), directMedianMs: round(median(direct)), maxEventLoopBlockMs: round(delay.max / 1e6) };
    }
  } finally {
    await pool.close();
  }
  return results;
}

if (process.argv[1]?.endsWith('flirReader.ts')) console.log(JSON.stringify(await benchFlirReader(), null, 2));
