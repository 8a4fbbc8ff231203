import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type Page } from 'playwright-core';
import { encode } from 'fast-png';
import { ensureWebBuild } from '../build/webBuild';
import { CHROMIUM_ARGS, findChromium } from '../tests/e2e/chromium';
import { startServerProcess } from '../tests/helpers/serverProcess';

const PHONE = { width: 390, height: 844 };
/** The demo fire extinguisher's yearly checklist: gauge, seal, nameplate photo (server/seed/demoCatalogue.ts). */
const ASSET = 'FEX-002';

/** A 1600×1200 photo with noise, so it weighs what a scaled camera photo does (not a flat colour). */
function cameraSizedPng(seed: number): Buffer {
  const width = 1600;
  const height = 1200;
  const data = new Uint8Array(width * height * 3);
  let state = seed * 2654435761;
  for (let index = 0; index < data.length; index++) {
    state = (state * 1103515245 + 12345) >>> 0;
    data[index] = (state >>> 16) & 0xff;
  }
  return Buffer.from(encode({ width, height, data, channels: 3 }));
}

async function queueOneInspection(page: Page, baseUrl: string, photo: Buffer, queued: number) {
  await page.goto(`${baseUrl}/inspection/asset/identification/${ASSET}`);
  await page.getByRole('radio', { name: 'Green zone' }).check();
  await page.getByRole('button', { name: 'Yes', exact: true }).click();
  await page.locator('input[type="file"]').first().setInputFiles({ name: 'nameplate.png', mimeType: 'image/png', buffer: photo });
  await page.getByText('No network: the photo is kept on this phone and sent with the inspection').first().waitFor();
  // The notice sits over Submit on a phone: a tap elsewhere puts it away, as a technician would.
  await page.getByRole('heading', { level: 2 }).first().click();
  await page.locator('.MuiSnackbar-root').waitFor({ state: 'detached' });
  await page.getByRole('button', { name: 'Submit', exact: true }).click();
  await page.getByRole('link', { name: `${queued} waiting to send` }).waitFor();
}

/**
 * Issue 20: time from reconnect to an empty queue, with `count` inspections queued offline on a
 * phone, each with a camera-sized photo (the page scales it to 1600 px JPEG before keeping it, as
 * for an upload), on a fresh embedded demo database. The clock starts at `setOffline(false)` and
 * stops when the app bar's "waiting to send" chip is gone; the server's count is checked after.
 */
export async function benchOfflineReplay(count = 20) {
  const executablePath = findChromium();
  if (!executablePath) return { skipped: 'no Chromium installed (apt-get install chromium)' };
  await ensureWebBuild();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'fo-bench-offline-'));
  const server = await startServerProcess({ DATA_DIR: dataDir, DATABASE_URL: '', REDIS_URL: '', JOBS_ENABLED: 'false' });
  const browser = await chromium.launch({ executablePath, args: CHROMIUM_ARGS.filter((a) => a !== '--headless'), headless: true });
  try {
    const context = await browser.newContext({ viewport: PHONE });
    const page = await context.newPage();
    page.setDefaultTimeout(30_000);
    const catalogue = page.waitForResponse((response) => response.url().includes('/api/inspection/offlineCatalogue'));
    await page.goto(`${server.baseUrl}/login`);
    await page.locator('input[name="username"]').fill('technician');
    await page.locator('input[name="password"]').fill('demo');
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL('**/inspection');
    await catalogue;
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    if (!(await page.evaluate(() => Boolean(navigator.serviceWorker.controller)))) await page.reload();
    const token = await page.evaluate(() => localStorage.getItem('jwt') ?? '');
    const countInspections = async () => {
      const [asset] = (await (await fetch(`${server.baseUrl}/api/asset/identification/group/${ASSET}`, { headers: { 'x-auth': token } })).json()) as { _id: string }[];
      const rows = (await (await fetch(`${server.baseUrl}/api/inspection?assetId=${asset!._id}`, { headers: { 'x-auth': token } })).json()) as unknown[];
      return rows.length;
    };
    const before = await countInspections();

    await context.setOffline(true);
    const queueStarted = Date.now();
    for (let index = 1; index <= count; index++) await queueOneInspection(page, server.baseUrl, cameraSizedPng(index), index);
    const queueingMs = Date.now() - queueStarted;

    await page.goto(`${server.baseUrl}/inspection/outbox`);
    await page.getByRole('link', { name: `${count} waiting to send` }).waitFor();
    const reconnected = Date.now();
    await context.setOffline(false);
    await page.getByRole('link', { name: /waiting to send/ }).waitFor({ state: 'detached', timeout: 300_000 });
    const reconnectToEmptyMs = Date.now() - reconnected;
    const arrived = (await countInspections()) - before;
    return { queued: count, photosEach: 1, arrived, reconnectToEmptyMs, perItemMs: Math.round(reconnectToEmptyMs / count), queueingOfflineMs: queueingMs };
  } finally {
    await browser.close();
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(JSON.stringify(await benchOfflineReplay(Number(process.env.OFFLINE_REPLAY_COUNT ?? 20)), null, 2));
}
