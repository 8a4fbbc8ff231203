import { mkdirSync, writeFileSync } from 'node:fs';
import { startTopology } from '../tests/helpers/proxyTopology';
import { runPlantLoad } from './plantLoad';

/**
 * `npm run bench:load` (issue 21; apart from `npm run bench`: it takes about 12 minutes): the
 * plant-wide load of bench/plantLoad.ts through Debian's nginx in front of two app processes on a
 * PostgreSQL cluster and a Redis of their own (tests/helpers/proxyTopology.ts, the CI topology),
 * then the same with one process. LOAD_SECONDS (default 300) sets each run's length; LOAD_ONLY=2
 * or 1 runs one of the two. Keeps the figures in bench/results/load.json.
 */
const seconds = Number(process.env.LOAD_SECONDS ?? 300);
const counts = process.env.LOAD_ONLY ? [Number(process.env.LOAD_ONLY)] : [2, 1];
const results: Record<string, unknown> = { at: new Date().toISOString() };
for (const processes of counts) {
  const topology = await startTopology({ processes });
  try {
    const pids = topology.processes.map((p) => p.current()?.child.pid).filter((pid): pid is number => pid !== undefined);
    const result = await runPlantLoad({ baseUrl: topology.proxyUrl, pids, durationSeconds: seconds, warmupSeconds: Math.min(30, seconds / 5) });
    results[`processes${processes}`] = result;
    const { memoryCurve, ...figures } = result;
    console.log(`${processes} process(es) behind nginx:`, JSON.stringify(figures, null, 2));
    console.log('memory curve (s: MB per process):', memoryCurve.map((point) => `${point.second}: ${point.mb.join('/')}`).join(', '));
  } finally {
    await topology.stop();
  }
}
mkdirSync('bench/results', { recursive: true });
writeFileSync('bench/results/load.json', `${JSON.stringify(results, null, 2)}\n`);
