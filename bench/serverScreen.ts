import { request } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { PAGE_COOKIE, ZONE_COOKIE } from '../common/firstScreen';
import { startServerProcess } from '../tests/helpers/serverProcess';
import { login } from './largeDatabase';

/** The pages the server draws, each for the demo user who opens it. */
const PAGES = [
  { name: 'inspectView', page: '/inspection/asset/identification/SKD-001', user: 'technician' },
  { name: 'onsiteBoard', page: '/onsite', user: 'onsite' },
] as const;

/** Bytes of one answer as sent (compressed), headers left out. */
function sentBytes(url: string, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    request(url, { headers }, (response) => {
      let bytes = 0;
      response.on('data', (chunk: Buffer) => (bytes += chunk.length));
      response.on('end', () => resolve(bytes));
    })
      .on('error', reject)
      .end();
  });
}

/** A drawn page is the user's own and kept by no cache (`no-store`); the plain page is `no-cache`. */
const isDrawn = (rawHeaders: string[]) => rawHeaders.some((value, index) => index % 2 === 0 && value.toLowerCase() === 'cache-control' && rawHeaders[index + 1] === 'no-store');

async function measure(url: string, headers: Record<string, string>, connections: number, durationSeconds: number) {
  let drawn = 0;
  const result = await autocannon({
    url,
    connections,
    duration: durationSeconds,
    headers,
    // autocannon's typings name the parsed headers object; what it emits is llhttp's, its `headers` a flat [name, value, …] list.
    setupClient: (client) => client.on('headers', (parsed) => void (isDrawn((parsed as unknown as { headers: string[] }).headers) && (drawn += 1))),
  });
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${url}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
  return { requestsPerSecond: Math.round(result.requests.average), latencyP50Ms: result.latency.p50, latencyP99Ms: result.latency.p99, drawnShare: Math.round((drawn / result.requests.total) * 100) / 100 };
}

/**
 * What drawing a first screen costs the server (issue 20, server/http/serverScreen.ts): the demo's
 * inspect view of SKD-001 (three assets, their checklists and previous values) as the technician and
 * the on-site board (its dashboard and the figures of its unfiltered widgets) as the on-site user,
 * drawn (page cookies) one at a time and ten at once, and plain (no cookie, the built page as it is),
 * brotli as a phone asks it, on the embedded demo. Needs the web build (`npx vite build`).
 */
export async function benchServerScreen(durationSeconds = 10) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'fo-bench-screen-'));
  const server = await startServerProcess({ DATA_DIR: dataDir, DATABASE_URL: '', REDIS_URL: '' });
  try {
    const results: Record<string, unknown> = {};
    for (const { name, page, user } of PAGES) {
      const token = await login(server.baseUrl, user);
      const url = `${server.baseUrl}${page}`;
      const plainHeaders = { 'accept-encoding': 'br' };
      const drawnHeaders = { ...plainHeaders, cookie: `${PAGE_COOKIE}=${token}; ${ZONE_COOKIE}=UTC` };
      const probe = await fetch(url, { headers: drawnHeaders });
      if (!(await probe.text()).includes('id="fo-drawn-answers"')) throw new Error(`${page} was not drawn: is dist-server/ built (npx vite build)?`);
      await measure(url, drawnHeaders, 1, 3);
      results[name] = {
        bytes: { plain: await sentBytes(url, plainHeaders), drawn: await sentBytes(url, drawnHeaders) },
        // One phone at a time: what a page's first byte waits for the drawing.
        oneAtATime: await measure(url, drawnHeaders, 1, durationSeconds),
        // A burst: the drawer takes two at once, the others are served plain at once.
        tenConnections: await measure(url, drawnHeaders, 10, durationSeconds),
        plainPage: await measure(url, plainHeaders, 10, durationSeconds),
      };
    }
    return { ...results, setup: { durationSeconds, node: process.version } };
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(JSON.stringify(await benchServerScreen(Number(process.argv[2] ?? 10)), null, 2));
}
