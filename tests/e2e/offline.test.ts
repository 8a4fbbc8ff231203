import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionUser } from '../../common/api';
import type { CatalogueAsset, CataloguePreviousInspection, OfflineCatalogue } from '../../common/resources/offlineCatalogue';
import { PHONE, apiCall, apiToken, baseUrl, hasBrowser, openBrowser, screenshot, signIn, type BrowserSession } from './browser';

/** Never opened on this phone before going offline: it can only come from the offline catalogue. */
const UNVISITED = 'FEX-002';

/** What the phone must show for the unvisited asset: the calls the offline catalogue mirrors (docs/offline.md), asked online. */
async function catalogueFromTheGroupCalls(token: string): Promise<OfflineCatalogue> {
  const assets = await apiCall<CatalogueAsset[]>(token, `/asset/identification/group/${UNVISITED}?expand=checklists`);
  const previousInspections: Record<string, CataloguePreviousInspection[]> = {};
  for (const asset of assets) previousInspections[asset._id] = await apiCall<CataloguePreviousInspection[]>(token, `/asset/${asset._id}/previousInspections`);
  return { generatedAt: Date.now(), assets, previousInspections };
}

/**
 * Issue 20 end to end, in Chromium at 390×844: the technician opens the app once with the network
 * on; the service worker takes the page; with the network off, a reload still shows the home with
 * the welcome line and the work orders, and an asset never opened on this phone opens from the
 * offline catalogue with its checklists.
 */
describe.skipIf(!hasBrowser())('the technician app with no network (issue 20)', () => {
  let phone: BrowserSession;
  beforeAll(async () => {
    phone = await openBrowser();
  });
  afterAll(async () => {
    await phone?.close();
  });

  it('reloads offline into the home with the work orders, and opens an unvisited asset from the catalogue', async () => {
    const token = await apiToken('technician');
    const me = await apiCall<SessionUser>(token, '/token/init');
    const catalogue = await catalogueFromTheGroupCalls(token);
    const expectedAsset = catalogue.assets[0];
    expect(expectedAsset?.checklistDetails.length).toBeGreaterThan(0);

    const { page, context } = await phone.newPage(PHONE);
    const catalogueAnswers: number[] = [];
    page.on('response', (response) => {
      if (response.url().includes('/api/inspection/offlineCatalogue')) catalogueAnswers.push(response.status());
    });
    const visited: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/asset/identification/group/')) visited.push(request.url());
    });

    await page.goto(`${baseUrl()}/login`);
    await signIn(page, 'technician');
    await page.waitForURL('**/inspection');
    await page.getByRole('heading', { name: `Welcome, ${me.name}` }).waitFor();
    const workOrders = page.getByRole('region', { name: 'My work orders' });
    await workOrders.getByRole('link').first().waitFor();
    const firstOrder = (await workOrders.getByRole('link').first().innerText()).split('\n')[0] ?? '';
    expect(firstOrder).not.toBe('');

    // The service worker installed (the app shell, the technician chunks and the wasm precached) and controls the page.
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
      if (navigator.serviceWorker.controller) return;
      await new Promise((resolve) => navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true }));
    });
    // The catalogue is on the phone.
    await expect
      .poll(() => page.evaluate(async () => {
        const db = await new Promise<IDBDatabase>((resolve, reject) => {
          const open = indexedDB.open('facilityops-offline');
          open.onsuccess = () => resolve(open.result);
          open.onerror = () => reject(open.error);
        });
        const count = await new Promise<number>((resolve) => {
          const request = db.transaction('catalogue').objectStore('catalogue').count();
          request.onsuccess = () => resolve(request.result);
        });
        db.close();
        return count;
      }), { timeout: 15_000 })
      .toBe(1);
    expect(catalogueAnswers).toContain(200);
    // And the board's widgets answered and were kept (their scripts may answer after the catalogue):
    // a phone that goes offline before a widget answers has no copy of it, rightly.
    const widgetIds = await page.locator('[data-widget-id]').evaluateAll((items) => items.map((item) => item.getAttribute('data-widget-id')!));
    expect(widgetIds.length).toBeGreaterThan(0);
    await expect
      .poll(() => page.evaluate(async (ids) => {
        const db = await new Promise<IDBDatabase>((resolve, reject) => {
          const open = indexedDB.open('facilityops-offline');
          open.onsuccess = () => resolve(open.result);
          open.onerror = () => reject(open.error);
        });
        const keys = await new Promise<IDBValidKey[]>((resolve) => {
          const request = db.transaction('reads').objectStore('reads').getAllKeys();
          request.onsuccess = () => resolve(request.result);
        });
        db.close();
        return ids.filter((id) => !keys.some((key) => String(key).includes(`/widget/${id}`)));
      }, widgetIds), { timeout: 15_000 })
      .toEqual([]);

    await context.setOffline(true);
    await page.reload();
    await page.getByRole('heading', { name: `Welcome, ${me.name}` }).waitFor();
    await page.getByRole('region', { name: 'My work orders' }).getByText(firstOrder).first().waitFor();
    await page.getByText(/^Offline — showing what this phone saved at/).waitFor();
    // The dashboard read at sign-in was kept too: no error where it stands.
    expect(await page.getByText(/The server could not be reached/).count()).toBe(0);
    await screenshot(page, 'offline-1-home');

    await page.getByRole('link', { name: 'Scan QR Code' }).click();
    await page.waitForURL('**/inspection/scanner');
    // This browser has no camera: once the scanner says so, its box (a 1:1 square above the form)
    // gives way to that message and the form moves up. A tap before that may land where Open no
    // longer is — a whole CI run (27 Nov) clicked, and no page opened.
    await page.getByRole('alert').filter({ hasText: /camera/ }).waitFor();
    await page.getByRole('textbox', { name: 'Identification' }).fill(UNVISITED);
    await page.getByRole('button', { name: 'Open', exact: true }).click();
    await page.waitForURL(`**/inspection/asset/identification/${UNVISITED}`);
    await page.getByRole('heading', { level: 2, name: expectedAsset?.name }).waitFor();
    const checklistName = expectedAsset?.checklistDetails[0]?.name ?? '';
    await page.getByText(checklistName).first().waitFor();
    await screenshot(page, 'offline-2-unvisited-asset');
    // Never asked of the server, online or off (the browser knows it is offline): the catalogue answered.
    expect(visited.filter((url) => url.includes(UNVISITED))).toEqual([]);
  }, 120_000);

  it('keeps the company logo in the app bar offline, and shows it again when the network returns (issue 40 §10c)', async () => {
    const token = await apiToken('technician');
    const me = await apiCall<SessionUser>(token, '/token/init');
    const { companyLogoURL } = await apiCall<{ companyLogoURL: string }>(token, '/init/applicationInfo');
    expect(companyLogoURL).not.toBe('');
    const { page, context } = await phone.newPage(PHONE);
    const bar = page.getByRole('banner');
    const logo = bar.locator(`img[src="${companyLogoURL}"]`);
    const logoShown = () => logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0).catch(() => false);
    const logoKept = () => page.evaluate(async () => (await (await caches.open('facilityops-images')).keys()).map((request) => new URL(request.url).pathname));

    await page.goto(`${baseUrl()}/login`);
    await signIn(page, 'technician');
    await page.getByRole('heading', { name: `Welcome, ${me.name}` }).waitFor();
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
      if (navigator.serviceWorker.controller) return;
      await new Promise((resolve) => navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true }));
    });
    // Shown before the worker took the page: the page asked the worker to keep it.
    await expect.poll(logoKept, { timeout: 15_000 }).toContain(new URL(companyLogoURL, baseUrl()).pathname);

    await context.setOffline(true);
    await page.reload();
    await page.getByRole('heading', { name: `Welcome, ${me.name}` }).waitFor();
    await expect.poll(logoShown, { timeout: 15_000 }).toBe(true);
    await bar.screenshot({ path: 'test-results/offline-3-logo-kept.png' });

    // The browser dropped the copy (storage pressure): offline, the logo cannot load — hidden, not broken…
    await page.evaluate(() => caches.delete('facilityops-images'));
    await page.reload();
    await page.getByRole('heading', { name: `Welcome, ${me.name}` }).waitFor();
    await page.getByText(/^Offline — showing what this phone saved at/).waitFor();
    // The worker answers the picture's request with an error, not at once on a loaded machine (expect.poll's default is one second).
    await expect.poll(() => logo.count(), { timeout: 15_000 }).toBe(0);
    await bar.screenshot({ path: 'test-results/offline-4-logo-unavailable.png' });

    // …and back as soon as the network is, without a reload.
    await context.setOffline(false);
    await expect.poll(logoShown, { timeout: 15_000 }).toBe(true);
    await bar.screenshot({ path: 'test-results/offline-5-logo-back.png' });
  }, 120_000);
});
