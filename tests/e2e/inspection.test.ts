import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import type { Page } from 'playwright-core';
import { DESKTOP, PHONE, baseUrl, hasBrowser, openBrowser, requestsSoFarSeen, screenshot, signIn, type BrowserSession } from './browser';
import { writeQrY4m } from './qrVideo';

/**
 * Issue 4 end to end: a technician's phone films the QR label of a fire extinguisher, fills its
 * checklist with a gauge reading past the threshold (warned before submitting), submits — and an
 * engineer's page open in another browser shows the new alert live. A missing mandatory value
 * shows the spec's message and sends nothing.
 */
describe.skipIf(!hasBrowser())('inspection from QR label to live alert', () => {
  let videoDir: string;
  let phone: BrowserSession;
  let desk: BrowserSession;

  beforeAll(async () => {
    videoDir = mkdtempSync(path.join(tmpdir(), 'fo-inspection-'));
    const video = path.join(videoDir, 'fex-001.y4m');
    writeQrY4m(video, 'ASSET_ID:FEX-001');
    phone = await openBrowser(['--use-fake-device-for-media-stream', `--use-file-for-fake-video-capture=${video}`, '--use-fake-ui-for-media-stream']);
    desk = await openBrowser();
  });
  afterAll(async () => {
    await phone?.close();
    await desk?.close();
    rmSync(videoDir, { recursive: true, force: true });
  });

  async function signedIn(session: BrowserSession, username: string, home: string, viewport = DESKTOP): Promise<Page> {
    const { page, context } = await session.newPage(viewport);
    await context.grantPermissions(['camera']);
    await page.goto(`${baseUrl()}/login`);
    await signIn(page, username);
    await page.waitForURL(`**${home}`);
    return page;
  }

  it('scans, warns of the breach before submit, submits, and the engineer sees the alert live', async () => {
    const engineer = await signedIn(desk, 'engineer', '/home');
    const technician = await signedIn(phone, 'technician', '/inspection', PHONE);
    const posts: string[] = [];
    technician.on('request', (request) => {
      if (request.method() === 'POST' && request.url().includes('/api/inspection')) posts.push(request.url());
    });

    await technician.getByRole('link', { name: 'Scan QR Code' }).click();
    await technician.waitForURL('**/inspection/asset/identification/FEX-001', { timeout: 20_000 });
    await technician.getByRole('heading', { level: 2, name: 'Fire extinguisher CO2 plant room' }).waitFor();

    await technician.getByRole('radio', { name: 'Recharge' }).check();
    await technician.getByText(/Past threshold: equal Recharge/).waitFor();
    expect(posts).toEqual([]);
    await technician.getByRole('button', { name: 'Yes', exact: true }).click();
    await screenshot(technician, 'inspection-1-breach-warned');

    await technician.getByRole('button', { name: 'Submit', exact: true }).click();
    await technician.getByText('Checklist submitted successfully.').waitFor();
    expect(posts).toHaveLength(1);
    await screenshot(technician, 'inspection-2-submitted');

    // The engineer did nothing: the push brought it, within the notification's 2 s.
    await engineer.getByText('New alert on Fire extinguisher CO2 plant room: High').waitFor({ timeout: 5000 });
    await screenshot(engineer, 'inspection-3-engineer-live-alert');
  });

  it('a missing mandatory value shows the spec message and sends nothing', async () => {
    const technician = await signedIn(phone, 'technician', '/inspection', PHONE);
    const posts: string[] = [];
    technician.on('request', (request) => {
      if (request.method() === 'POST' && request.url().includes('/api/inspection')) posts.push(request.url());
    });
    await technician.goto(`${baseUrl()}/inspection/asset/identification/FEX-002`);
    await technician.getByRole('heading', { level: 2, name: 'Fire extinguisher powder lobby' }).waitFor();
    // The seal is filled, the mandatory gauge reading is not.
    await technician.getByRole('button', { name: 'Yes', exact: true }).click();
    await technician.getByRole('button', { name: 'Submit', exact: true }).click();
    await technician.getByText('Mandatory fields are not set').waitFor();
    await screenshot(technician, 'inspection-4-mandatory-missing');
    await requestsSoFarSeen(technician);
    expect(posts).toEqual([]);
    const overflow = await technician.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });

  it("a date item keeps its place while its picker's code arrives: nothing under it moves, so a tap lands where it was aimed", async () => {
    // No service worker: it would serve the picker's chunk from its cache, past the hold below.
    const context = await phone.browser.newContext({ viewport: PHONE, baseURL: baseUrl(), serviceWorkers: 'block' });
    onTestFinished(() => context.close());
    const technician = await context.newPage();
    await technician.goto(`${baseUrl()}/login`);
    await signIn(technician, 'technician');
    await technician.waitForURL('**/inspection');
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await technician.route(/\/assets\/DateValueInput-[^/]*\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    // The app draws the page itself (no page cookie): a page the server draws has its picker's code
    // loaded before it goes live (startApp.tsx), and a tap before that does nothing.
    await context.clearCookies();
    await technician.goto(`${baseUrl()}/inspection/asset/identification/FEX-001`);
    const below = technician.getByRole('button', { name: 'Take photo' });
    await below.waitFor();
    // The picker's place while its code is held back, then the field itself.
    expect(await technician.locator('[aria-busy="true"]').count()).toBeGreaterThan(0);
    const before = (await below.boundingBox())!.y + (await technician.evaluate(() => window.scrollY));
    release();
    await technician.locator('.MuiPickersTextField-root').first().waitFor();
    const after = (await below.boundingBox())!.y + (await technician.evaluate(() => window.scrollY));
    expect(Math.abs(after - before), 'how far the button moved when the picker arrived (px)').toBeLessThan(1);
  });

  it('a comment box is one line until more is typed, then grows with its text on the page', async () => {
    const technician = await signedIn(phone, 'technician', '/inspection', PHONE);
    await technician.goto(`${baseUrl()}/inspection/asset/identification/SKD-001`);
    const comment = technician.getByRole('textbox', { name: 'Comment on Vibration' }).first();
    await comment.waitFor();
    const heightOf = async () => (await comment.boundingBox())!.height;
    const empty = await heightOf();
    // One line of the 16 px text (line-height 1.4375em = 23 px), with no room to scroll in.
    expect(empty).toBeGreaterThanOrEqual(22);
    expect(empty).toBeLessThan(2 * 23);
    await comment.fill('Noise at the drive end\nworse under load\nbearing cover warm\nre-check next week');
    await expect.poll(heightOf).toBeGreaterThanOrEqual(4 * 23 - 1);
    expect(await comment.evaluate((box) => box.scrollHeight - box.clientHeight)).toBeLessThanOrEqual(1);
    // A long text starts three lines high.
    const remarks = technician.getByRole('textbox', { name: 'Inspector remarks' }).first();
    expect((await remarks.boundingBox())!.height).toBeGreaterThanOrEqual(3 * 23 - 1);
    await screenshot(technician, 'inspection-5-comment-grown');
  });

  it('Take photo opens the rear camera and Choose file the file chooser: a tap on each lands on that button (issue 40 §5)', async () => {
    const tapped = [
      { name: 'Take photo', capture: 'environment' },
      { name: 'Choose file', capture: null },
    ];
    // A browser of its own, without the scanner's fake camera (its choosers are nothing but choosers).
    const plain = await openBrowser();
    onTestFinished(() => plain.close());
    let technician: Page | null = null;
    for (const { name, capture } of tapped) {
      // Each tap in a browser context of its own, on a page that has seen no tap before.
      technician = await signedIn(plain, 'technician', '/inspection', PHONE);
      await technician.goto(`${baseUrl()}/inspection/asset/identification/FEX-001`);
      const button = technician.getByRole('button', { name });
      await button.scrollIntoViewIfNeeded();
      const box = (await button.boundingBox())!;
      const centre = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
      // What a finger at the button's centre touches: the button itself (or something inside it), nothing laid over it.
      const onTop = await button.evaluate((element, point) => {
        const hit = document.elementFromPoint(point.x, point.y);
        return hit !== null && element.contains(hit);
      }, centre);
      expect(onTop, `${name} is what a tap at its centre reaches`).toBe(true);
      // The tap opens the button's own input: the rear camera for Take photo (capture="environment").
      // Seen as the page sees it, the click that opens an input's chooser, its default then prevented:
      // headless Chromium reported no chooser for the capture input in 2 of 5 taps under load, with the
      // tap on the button and that input clicked, which is all the app does.
      const page = technician;
      await page.evaluate(() => {
        const opened: { label: string | null; capture: string | null }[] = [];
        (window as unknown as { opened: typeof opened }).opened = opened;
        document.addEventListener(
          'click',
          (event) => {
            if (!(event.target instanceof HTMLInputElement) || event.target.type !== 'file') return;
            opened.push({ label: event.target.getAttribute('aria-label'), capture: event.target.getAttribute('capture') });
            event.preventDefault();
          },
          true,
        );
      });
      await page.mouse.click(centre.x, centre.y);
      await expect.poll(() => page.evaluate(() => (window as unknown as { opened: unknown[] }).opened)).toEqual([{ label: name, capture }]);
    }
    await screenshot(technician!, 'inspection-6-photo-buttons');
  });
});
