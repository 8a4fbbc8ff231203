import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startServerProcess } from '../tests/helpers/serverProcess';
import { login, percentile, round1 } from './largeDatabase';

const DEFAULT_SECONDS = 20;
const BASELINE_SECONDS = 5;
const ENDLESS_SCRIPTS = 6;
const WIDGET = 'Open alerts by level';

type Json = Record<string, unknown> & { _id: string };

/** Calls the widget one after another for `seconds`; every answer must be a 200. */
async function widgetLatencies(baseUrl: string, token: string, widgetId: string, seconds: number) {
  const latencies: number[] = [];
  const until = performance.now() + seconds * 1000;
  while (performance.now() < until) {
    const started = performance.now();
    const response = await fetch(`${baseUrl}/api/widget/${widgetId}`, { headers: { 'x-auth': token } });
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`GET /widget/${widgetId}: ${response.status}`);
    latencies.push(performance.now() - started);
  }
  latencies.sort((a, b) => a - b);
  return { calls: latencies.length, p50Ms: round1(percentile(latencies, 50)), p99Ms: round1(percentile(latencies, 99)), maxMs: round1(latencies.at(-1) ?? 0) };
}

/**
 * Issue 16 §6: another user's widget while one user runs six endless scripts. The server runs as
 * its own process on a fresh embedded database with the demo data (as `npm start` does), with the
 * default sandbox settings (2 s time limit, SCRIPT_WORKERS 4, SCRIPT_RUNS_PER_USER 1). The admin
 * keeps six `while (true) {}` run previews in flight the whole time (each answers 504 after 2 s and
 * is sent again); the engineer calls a demo widget of their dashboard one call after another.
 * `npx tsx bench/sandboxFairness.ts [seconds]`.
 */
export async function benchSandboxFairness(seconds = DEFAULT_SECONDS) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'fo-bench-fairness-'));
  const server = await startServerProcess({ DATA_DIR: dataDir, DATABASE_URL: '', REDIS_URL: '' }, 180_000);
  try {
    const baseUrl = server.baseUrl;
    const admin = await login(baseUrl, 'admin');
    const engineer = await login(baseUrl, 'engineer');
    const widgets = (await (await fetch(`${baseUrl}/api/widget`, { headers: { 'x-auth': admin } })).json()) as Json[];
    const widgetId = widgets.find((widget) => widget.name === WIDGET)?._id;
    if (!widgetId) throw new Error(`no demo widget named ${WIDGET}`);

    const alone = await widgetLatencies(baseUrl, engineer, widgetId, BASELINE_SECONDS);

    let stopping = false;
    const endlessAnswers: Record<string, number> = {};
    const endless = Array.from({ length: ENDLESS_SCRIPTS }, async () => {
      while (!stopping) {
        const response = await fetch(`${baseUrl}/api/script/run`, {
          method: 'POST',
          headers: { 'x-auth': admin, 'content-type': 'application/json' },
          body: JSON.stringify({ code: 'while (true) {}' }),
        });
        await response.arrayBuffer();
        endlessAnswers[response.status] = (endlessAnswers[response.status] ?? 0) + 1;
      }
    });
    // Let the six reach the sandbox before measuring.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const besideSixEndless = await widgetLatencies(baseUrl, engineer, widgetId, seconds);
    stopping = true;
    await Promise.all(endless);
    return { widget: WIDGET, seconds, alone, besideSixEndless, endlessAnswers };
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) console.log(JSON.stringify(await benchSandboxFairness(Number(process.argv[2] ?? DEFAULT_SECONDS)), null, 2));
