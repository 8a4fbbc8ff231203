import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { ensureWebBuild } from '../build/webBuild';
import { startServerProcess } from '../tests/helpers/serverProcess';
import { CHROMIUM_ARGS, findChromium } from '../tests/e2e/chromium';
import { sizeBuiltFiles } from './builtFiles';

const PHONE = { width: 390, height: 844 };
const INSPECT_PATH = '/inspection/asset/identification/SKD-001';

/** The built files (/assets/…) a page fetched from our server, JavaScript and wasm apart, in order. */
function recordBuiltFiles(page: Page, origin: string) {
  const js: string[] = [];
  const wasm: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.origin !== origin) return;
    if (url.pathname.endsWith('.js') && !js.includes(url.pathname)) js.push(url.pathname);
    if (url.pathname.endsWith('.wasm') && !wasm.includes(url.pathname)) wasm.push(url.pathname);
  });
  return { js, wasm };
}

/**
 * A phone that opens `route` with an empty cache while signed in as the technician (the token put
 * in storage as Login leaves it), waits for the screen and for the network to settle, and
 * answers what it fetched.
 */
async function coldLoad(browser: Browser, baseUrl: string, token: string, route: string, ready: (page: Page) => Promise<void>) {
  const context = await browser.newContext({ viewport: PHONE });
  try {
    await context.grantPermissions(['camera']);
    await context.addInitScript((jwt) => localStorage.setItem('jwt', jwt), token);
    const page = await context.newPage();
    page.setDefaultTimeout(30_000);
    const files = recordBuiltFiles(page, new URL(baseUrl).origin);
    await page.goto(`${baseUrl}${route}`);
    await ready(page);
    await page.waitForLoadState('networkidle');
    return { files, page, close: () => context.close() };
  } catch (error) {
    await context.close();
    throw error;
  }
}

function routeFigures(files: { js: string[]; wasm: string[] }) {
  const sized = sizeBuiltFiles(files.js);
  return {
    jsGzipKB: sized.gzipKB,
    jsRawKB: sized.rawKB,
    chunks: sized.chunks,
    heavyLibraries: sized.heavy,
    wasmLoaded: files.wasm,
  };
}

/**
 * Issue 4: the gzipped JavaScript a phone loads for the technician's home (/inspection) and for
 * an asset's inspect view, each opened cold (target < 350 KB, with neither the scanner chunk nor
 * its wasm among them), and what the scanner route adds when opened from home: its JavaScript
 * and the zxing wasm. Measured in Chromium against the built app (`npm start`'s server), with a
 * fake camera so the scanner really starts decoding and fetches its wasm.
 */
export async function benchTechnicianBundle() {
  const executablePath = findChromium();
  if (!executablePath) return { skipped: 'no Chromium installed (apt-get install chromium)' };
  await ensureWebBuild();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'fo-bench-tech-'));
  const server = await startServerProcess({ DATA_DIR: dataDir, DATABASE_URL: '', REDIS_URL: '' }, 120_000);
  const browser = await chromium.launch({
    executablePath,
    headless: true,
    args: [
      ...CHROMIUM_ARGS.filter((a) => a !== '--headless'),
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
    ],
  });
  try {
    const login = await fetch(`${server.baseUrl}/api/token/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'technician', password: 'demo' }),
    });
    if (!login.ok) throw new Error(`login technician: ${login.status} ${await login.text()}`);
    const { token } = (await login.json()) as { token: string };

    const home = await coldLoad(browser, server.baseUrl, token, '/inspection', async (page) => {
      await page.getByRole('heading', { name: /^Welcome/ }).waitFor();
      await page.getByRole('region', { name: 'Recently inspected' }).waitFor();
    });
    // The scanner as a technician reaches it: the Scan QR Code button of the home page.
    const homeFiles = { js: [...home.files.js], wasm: [...home.files.wasm] };
    const wasmResponse = home.page.waitForResponse((response) => response.url().endsWith('.wasm'));
    await home.page.getByRole('link', { name: 'Scan QR Code' }).click();
    await home.page.getByRole('heading', { name: 'Scan QR Code' }).waitFor();
    await wasmResponse;
    await home.page.waitForLoadState('networkidle');
    const scannerJs = home.files.js.filter((file) => !homeFiles.js.includes(file));
    const scannerWasm = home.files.wasm.filter((file) => !homeFiles.wasm.includes(file));
    await home.close();

    const inspect = await coldLoad(browser, server.baseUrl, token, INSPECT_PATH, async (page) => {
      await page.getByRole('heading', { level: 2 }).first().waitFor();
    });
    await inspect.close();

    const scanner = sizeBuiltFiles(scannerJs);
    const wasm = sizeBuiltFiles(scannerWasm);
    return {
      inspection: routeFigures(homeFiles),
      inspectView: { path: INSPECT_PATH, ...routeFigures(inspect.files) },
      scannerRoute: {
        addedJsGzipKB: scanner.gzipKB,
        addedJsRawKB: scanner.rawKB,
        chunks: scanner.chunks,
        wasm: scannerWasm,
        wasmRawKB: wasm.rawKB,
        wasmGzipKB: wasm.gzipKB,
      },
      targets: { technicianRouteJsGzipKB: 350, scannerChunkAndWasmOnlyOnScanner: true },
    };
  } finally {
    await browser.close();
    await server.stop('SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
  }
}
