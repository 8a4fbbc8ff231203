import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { buildApp } from '../server/app';
import { ensureWebBuild } from '../build/webBuild';
import { CHROMIUM_ARGS, findChromium } from '../tests/e2e/chromium';
import { startServerProcess } from '../tests/helpers/serverProcess';
import { benchAssetScreen } from './assetScreen';
import { demoAppConfig } from './demoAppConfig';
import { seedLargeCatalogue } from './seedLargeCatalogue';

const ASSETS = 10_000;
const CHECKLISTS = 500;
const RUNS = 5;

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? Math.round(sorted[Math.floor(sorted.length / 2)] as number) : null;
};

/**
 * Opening the Assets screen from the drawer until its rows show, the list call it made (one page
 * or every row, and its bytes), and a click on "next page" until the next page shows.
 */
async function measureOpening(baseUrl: string) {
  const executablePath = findChromium();
  if (!executablePath) return { skipped: 'no Chromium installed (apt-get install chromium)' };
  const browser = await chromium.launch({ executablePath, args: CHROMIUM_ARGS.filter((a) => a !== '--headless'), headless: true });
  try {
    const page = await browser.newPage({ viewport: { width: 1366, height: 860 } });
    page.setDefaultTimeout(60_000);
    const listCalls: { search: string; bytes: number }[] = [];
    page.on('response', (response) => {
      const url = new URL(response.url());
      if (url.pathname !== '/api/asset' || !url.searchParams.has('fields')) return;
      void response.body().then((body) => listCalls.push({ search: decodeURIComponent(url.search), bytes: body.length }), () => undefined);
    });
    await page.goto(`${baseUrl}/login`);
    await page.locator('input[name="username"]').fill('admin');
    await page.locator('input[name="password"]').fill('demo');
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL('**/home');

    const opening: number[] = [];
    const nextPage: number[] = [];
    for (let run = 0; run <= RUNS; run++) {
      await page.goto(`${baseUrl}/home`);
      await page.getByRole('heading').first().waitFor();
      const started = Date.now();
      await page.getByRole('menuitem', { name: 'Asset management' }).click();
      const firstRow = page.locator('tbody tr[data-row-id]').first();
      await firstRow.waitFor();
      const opened = Date.now() - started;
      const firstId = await firstRow.getAttribute('data-row-id');
      const clicked = Date.now();
      await page.getByRole('button', { name: 'Go to next page' }).click();
      await page.waitForFunction((id) => document.querySelector('tbody tr[data-row-id]')?.getAttribute('data-row-id') !== id, firstId);
      // The first run warms the server's and the browser's caches.
      if (run > 0) {
        opening.push(opened);
        nextPage.push(Date.now() - clicked);
      }
    }
    const call = listCalls[0];
    return {
      listCall: call ? (new URLSearchParams(call.search).has('range') ? 'one page' : 'every row') : 'none seen',
      listCallQuery: call?.search,
      listCallKB: call ? Math.round(call.bytes / 102.4) / 10 : null,
      openToRowsMedianMs: median(opening),
      openToRowsMs: opening,
      nextPageMedianMs: median(nextPage),
      nextPageMs: nextPage,
    };
  } finally {
    await browser.close();
  }
}

/**
 * Issue 22: the Assets screen over 10,000 assets and 500 checklists (embedded database, the server
 * as its own process, the SPA as built from the current sources), in Chromium: the drawer click
 * until rows show, "next page" until the next rows show, and (benchAssetScreen) search keystrokes
 * until the table settles. Run once with `serverPaging` off on the asset declaration (every row,
 * paged in the browser) and once with it on (one page from the server) to compare.
 */
export async function benchAssetScreenPaging() {
  await ensureWebBuild();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'fo-bench-paging-'));
  try {
    const app = await buildApp(demoAppConfig({ dataDir }));
    try {
      await seedLargeCatalogue(app.services.db, { assets: ASSETS, checklists: CHECKLISTS });
    } finally {
      await app.close();
    }
    const server = await startServerProcess({ DATA_DIR: dataDir, DATABASE_URL: '', REDIS_URL: '' });
    try {
      const opening = await measureOpening(server.baseUrl);
      const search = await benchAssetScreen(server.baseUrl, 'pump 0012');
      return { assets: ASSETS, checklists: CHECKLISTS, ...opening, search };
    } finally {
      await server.stop();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(JSON.stringify(await benchAssetScreenPaging(), null, 2));
}
