import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type CDPSession } from 'playwright-core';
import { io as connectSocket, type Socket } from 'socket.io-client';
import { SOCKET_PATH } from '../common/realtime';
import { ensureWebBuild } from '../build/webBuild';
import { findChromium } from '../tests/e2e/chromium';
import { breachingSubmission } from '../tests/helpers/breachingSubmission';
import { startServerProcess } from '../tests/helpers/serverProcess';
import { login } from './largeDatabase';

const PUSHES = 2000;
const SUBMIT_EVERY_MS = 100;
const SAMPLE_EVERY = 250;

interface Sample {
  pushes: number;
  heapMb: number;
  domNodes: number;
  listeners: number;
  openWebSockets: number;
}

async function sample(cdp: CDPSession, pushes: number, openWebSockets: number): Promise<Sample> {
  await cdp.send('HeapProfiler.collectGarbage');
  const { metrics } = await cdp.send('Performance.getMetrics');
  const metric = (name: string) => metrics.find((m) => m.name === name)?.value ?? NaN;
  return {
    pushes,
    heapMb: Math.round((metric('JSHeapUsedSize') / 1024 / 1024) * 100) / 100,
    domNodes: metric('Nodes'),
    listeners: metric('JSEventListeners'),
    openWebSockets,
  };
}

/**
 * Issue 6: the on-site board left running. Chromium shows /onsite as the on-site user while a
 * technician submits breaching inspections over HTTP (each pushes new-inspection, new-alert and
 * update-detail to the board) until 2,000 pushes have reached the board's user; every 250 pushes,
 * after a forced garbage collection, the page's JS heap, DOM nodes, event listeners and open
 * WebSockets. Flat figures mean nothing accumulates.
 */
export async function benchOnsiteSoak(pushes = PUSHES) {
  const executablePath = findChromium();
  if (!executablePath) return 'skipped: Chromium not found';
  await ensureWebBuild();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'fo-bench-onsite-'));
  const server = await startServerProcess({ DATA_DIR: dataDir, DATABASE_URL: '', REDIS_URL: '', JOBS_ENABLED: 'false' });
  const browser = await chromium.launch({ executablePath, args: ['--no-sandbox'] });
  let counter: Socket | null = null;
  try {
    const [onsite, technician, engineer] = [await login(server.baseUrl, 'onsite'), await login(server.baseUrl, 'technician'), await login(server.baseUrl, 'engineer')];
    const submission = await breachingSubmission(async (apiPath) => (await fetch(`${server.baseUrl}/api${apiPath}`, { headers: { 'x-auth': engineer } })).json());

    const context = await browser.newContext({ viewport: { width: 1920, height: 1080 } });
    await context.addInitScript((jwt) => localStorage.setItem('jwt', jwt), onsite);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Performance.enable');
    let openWebSockets = 0;
    await cdp.send('Network.enable');
    cdp.on('Network.webSocketCreated', () => openWebSockets++);
    cdp.on('Network.webSocketClosed', () => openWebSockets--);
    await page.goto(`${server.baseUrl}/onsite`);
    await page.waitForFunction(() => document.querySelectorAll('[data-widget-id][aria-busy="false"]').length > 0 && document.querySelector('[data-connection="live"]') !== null, undefined, {
      timeout: 30_000,
    });

    // Counts what reaches the board's user: the same events on a socket of its own.
    let received = 0;
    counter = connectSocket(server.baseUrl, { path: SOCKET_PATH, transports: ['websocket'], forceNew: true, auth: { token: onsite } });
    for (const event of ['new-inspection', 'new-alert', 'update-detail']) counter.on(event, () => received++);
    await new Promise<void>((resolve, reject) => {
      counter!.once('connect', () => resolve());
      counter!.once('connect_error', reject);
    });

    const started = performance.now();
    const samples: Sample[] = [await sample(cdp, 0, openWebSockets)];
    let nextSample = SAMPLE_EVERY;
    let submits = 0;
    while (received < pushes) {
      const response = await fetch(`${server.baseUrl}${submission.url}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-auth': technician },
        body: JSON.stringify(submission.body),
      });
      if (!response.ok) throw new Error(`submit ${submits}: ${response.status} ${await response.text()}`);
      submits++;
      await new Promise((resolve) => setTimeout(resolve, SUBMIT_EVERY_MS));
      if (received >= nextSample) {
        samples.push(await sample(cdp, received, openWebSockets));
        nextSample += SAMPLE_EVERY;
      }
    }
    // The last reloads settle, then the final reading.
    await page.waitForTimeout(3000);
    samples.push(await sample(cdp, received, openWebSockets));
    const shownOpenAlerts = await page.getByRole('complementary').locator('li').count();
    const baseline = samples[1] ?? samples[0]!;
    const last = samples.at(-1)!;
    return {
      pushes: received,
      submits,
      minutes: Math.round(((performance.now() - started) / 60_000) * 10) / 10,
      samples,
      heapGrowthMbAfterFirst250: Math.round((last.heapMb - baseline.heapMb) * 100) / 100,
      domNodesGrowthAfterFirst250: last.domNodes - baseline.domNodes,
      listenersGrowthAfterFirst250: last.listeners - baseline.listeners,
      openWebSocketsAtEnd: last.openWebSockets,
      openAlertsListed: shownOpenAlerts,
    };
  } finally {
    counter?.disconnect();
    await browser.close();
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) console.log(JSON.stringify(await benchOnsiteSoak(Number(process.argv[2] ?? PUSHES)), null, 2));
