import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { PAGE_COOKIE } from '../common/appShell';
import { startServerProcess } from '../tests/helpers/serverProcess';
import { login } from './largeDatabase';

const PAGE = '/inspection/asset/identification/SKD-001';
/** The plain page is ~7 KiB brotli, the drawn one ~18: an answer larger than this was drawn. */
const DRAWN_BYTES = 12 * 1024;

async function measure(url: string, headers: Record<string, string>, connections: number, durationSeconds: number) {
  let drawn = 0;
  const result = await autocannon({
    url,
    connections,
    duration: durationSeconds,
    headers,
    setupClient: (client) => client.on('response', (_status: number, bytes: number) => void (bytes > DRAWN_BYTES && (drawn += 1))),
  });
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${url}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
  return { requestsPerSecond: Math.round(result.requests.average), latencyP50Ms: result.latency.p50, latencyP99Ms: result.latency.p99, drawnShare: Math.round((drawn / result.requests.total) * 100) / 100 };
}

/**
 * What drawing the inspect view's first screen costs the server (issue 20, server/http/serverScreen.ts):
 * the demo's SKD-001 (three assets, their checklists and previous values) as the technician, drawn
 * (page cookie) one at a time and ten at once, and plain (no cookie, the built page as it is),
 * brotli as a phone asks it, on the embedded demo. Needs the web build (`npx vite build`).
 */
export async function benchServerScreen(durationSeconds = 10) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'fo-bench-screen-'));
  const server = await startServerProcess({ DATA_DIR: dataDir, DATABASE_URL: '', REDIS_URL: '' });
  try {
    const token = await login(server.baseUrl, 'technician');
    const url = `${server.baseUrl}${PAGE}`;
    const drawnHeaders = { cookie: `${PAGE_COOKIE}=${token}`, 'accept-encoding': 'br' };
    const probe = await fetch(url, { headers: drawnHeaders });
    if (!/<html [^>]*data-server-screen/.test(await probe.text())) throw new Error('the page was not drawn: is dist-server/ built (npx vite build)?');
    await measure(url, drawnHeaders, 1, 3);
    return {
      // One phone at a time: what a page's first byte waits for the drawing.
      oneAtATime: await measure(url, drawnHeaders, 1, durationSeconds),
      // A burst: the drawer takes two at once, the others are served plain at once.
      tenConnections: await measure(url, drawnHeaders, 10, durationSeconds),
      plainPage: await measure(url, { 'accept-encoding': 'br' }, 10, durationSeconds),
      setup: { durationSeconds, page: PAGE, node: process.version },
    };
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(JSON.stringify(await benchServerScreen(Number(process.argv[2] ?? 10)), null, 2));
}
