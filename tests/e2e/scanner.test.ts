import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PHONE, baseUrl, hasBrowser, openBrowser, screenshot, signIn, type BrowserSession } from './browser';
import { writeQrY4m } from './qrVideo';

/** Chromium with a fake back camera that films `label` (a QR code of that text), at phone size. */
async function phoneFilming(videoDir: string, name: string, label: string): Promise<BrowserSession> {
  const video = path.join(videoDir, `${name}.y4m`);
  writeQrY4m(video, label);
  return openBrowser([
    '--use-fake-device-for-media-stream',
    `--use-file-for-fake-video-capture=${video}`,
    '--use-fake-ui-for-media-stream',
  ]);
}

/** The technician signed in, on the scanner, with every request the page makes recorded. */
async function openScanner(session: BrowserSession, requests: string[], errors: string[]) {
  const { page, context } = await session.newPage(PHONE);
  await context.grantPermissions(['camera']);
  page.on('request', (request) => requests.push(request.url()));
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  await page.goto(`${baseUrl()}/login`);
  await signIn(page, 'technician');
  await page.waitForURL('**/inspection');
  await page.getByRole('heading', { name: /^Welcome/ }).waitFor();
  const beforeScanner = [...requests];
  await page.getByRole('link', { name: 'Scan QR Code' }).click();
  await page.waitForURL('**/inspection/scanner');
  return { page, beforeScanner };
}

describe.skipIf(!hasBrowser())('QR scanner in Chromium with a fake camera, at 390×844 (issue 4)', () => {
  let videoDir: string;
  beforeAll(() => {
    videoDir = mkdtempSync(path.join(tmpdir(), 'fo-qr-video-'));
  });
  afterAll(() => {
    rmSync(videoDir, { recursive: true, force: true });
  });

  it('scans an asset label and lands on the inspect view of its identification, with the wasm from our server', async () => {
    const session = await phoneFilming(videoDir, 'asset-label', 'ASSET_ID:SKD-001');
    const requests: string[] = [];
    const errors: string[] = [];
    try {
      const { page, beforeScanner } = await openScanner(session, requests, errors);
      // Generous for a busy 2-core machine: decoding starts once the wasm (1 MB) is fetched and compiled.
      await page.waitForURL('**/inspection/asset/identification/SKD-001', { timeout: 15_000 });
      // The inspect view of the group: one panel per asset sharing SKD-001.
      await page.getByRole('heading', { level: 2, name: /^Booster set / }).first().waitFor();
      await screenshot(page, 'scanner-landed-on-inspect-view');
      const wasm = requests.filter((url) => url.endsWith('.wasm'));
      expect(wasm).toHaveLength(1);
      // Login and the technician home fetched neither the wasm nor the scanner's chunk.
      expect(beforeScanner.filter((url) => url.endsWith('.wasm') || /ScannerPage/.test(url))).toEqual([]);
      expect(new URL(wasm[0]!).origin).toBe(new URL(baseUrl()).origin);
      expect(requests.filter((url) => !url.startsWith(baseUrl()) && !url.startsWith('data:'))).toEqual([]);
      expect(errors).toEqual([]);
    } finally {
      await session.close();
    }
  });

  it('ignores a QR code that is not an asset label, with a visible hint, and stays on the scanner', async () => {
    const session = await phoneFilming(videoDir, 'foreign-code', 'https://example.com/menu');
    const requests: string[] = [];
    const errors: string[] = [];
    try {
      const { page } = await openScanner(session, requests, errors);
      const hint = page.getByText('Not an asset label');
      await hint.waitFor({ timeout: 15_000 });
      const firstSeen = Date.now();
      await screenshot(page, 'scanner-foreign-code-hint');
      // The hint lasts 2.5 s after a read (ScannerPage): up more than 3 s after it was first seen, the
      // code was read again while it stayed in view — and was again ignored.
      await expect
        .poll(async () => ((await hint.isVisible()) ? Date.now() - firstSeen : -1), { timeout: 15_000, interval: 200 })
        .toBeGreaterThan(3000);
      expect(new URL(page.url()).pathname).toBe('/inspection/scanner');
      expect(await page.getByRole('button', { name: 'Toggle Flash' }).count()).toBe(0);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      expect(errors).toEqual([]);
    } finally {
      await session.close();
    }
  });

  it('lists the assets the technician inspected lately on the home page; a tap opens one', async () => {
    const session = await openBrowser();
    try {
      const { page } = await session.newPage(PHONE);
      await page.goto(`${baseUrl()}/login`);
      await signIn(page, 'technician');
      await page.waitForURL('**/inspection');
      // The demo history has the technician's daily rounds.
      const recent = page.getByRole('region', { name: 'Recently inspected' });
      const first = recent.getByRole('link').first();
      await first.waitFor();
      await screenshot(page, 'technician-home-recent');
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      const box = await first.boundingBox();
      expect(box!.height).toBeGreaterThanOrEqual(48);
      const href = await first.getAttribute('href');
      expect(href).toMatch(/^\/inspection\/asset\/identification\/[^/]+$/);
      await first.click();
      await page.waitForURL((url) => url.pathname === href);
      await page.getByRole('heading', { level: 2 }).first().waitFor();
    } finally {
      await session.close();
    }
  });

  it("shows the spec's message when the camera is denied", async () => {
    const session = await openBrowser(['--use-fake-device-for-media-stream']);
    try {
      const { page } = await session.newPage(PHONE);
      await page.goto(`${baseUrl()}/login`);
      await signIn(page, 'technician');
      await page.waitForURL('**/inspection');
      // No camera permission granted, and no fake UI to accept the prompt: headless Chromium denies it.
      await page.goto(`${baseUrl()}/inspection/scanner`);
      await page.getByText('This application needs access to the camera in order to scan QR code.').waitFor();
      await page.getByLabel('Identification').waitFor();
      await screenshot(page, 'scanner-camera-denied');
    } finally {
      await session.close();
    }
  });
});
