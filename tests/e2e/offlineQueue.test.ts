import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { encode } from 'fast-png';
import { DESKTOP, PHONE, apiCall, apiToken, baseUrl, hasBrowser, openBrowser, screenshot, signIn, type BrowserSession } from './browser';

/**
 * Issue 20 end to end, on a phone in a basement: the technician has opened the app once; with the
 * network off a reload still opens it, an asset never opened before is found by typing its
 * identification, a checklist with a photo, a work order's activity and status, and (on the
 * thermography technician's phone) a thermography note are queued; back online each arrives exactly
 * once (checked through the API), the breach reaches an engineer's page live, the queue empties —
 * except the status change the server refused because an engineer completed the order meanwhile,
 * which stays with the server's reason.
 */

interface Order {
  _id: string;
  title: string;
  status: string;
  activity: { comment: string; userName: string }[];
}
interface InspectionRow {
  _id: string;
  timestamp: number;
  attributeData: { attribute: string; value: unknown }[];
}
interface NamedRow {
  _id: string;
  name: string;
}

const HOUR = 3_600_000;
const RUN = Date.now().toString(36);

/**
 * Offline is the page's only network: the app must work from the service worker and IndexedDB.
 * `keptReads`: API paths the phone reads ahead once the page has settled (a technician's open work
 * orders) whose copies must be stored before the network goes, as a technician who opened the app
 * before walking down would have them.
 */
async function openedOnceThenOffline(context: BrowserContext, page: Page, username: string, keptReads: string[] = []): Promise<void> {
  const catalogue = page.waitForResponse((response) => response.url().includes('/api/inspection/offlineCatalogue') && response.status() === 200, { timeout: 30_000 });
  await page.goto(`${baseUrl()}/login`);
  await signIn(page, username);
  await page.waitForURL('**/inspection');
  await catalogue;
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  // The first visit installs the worker; the page is controlled from its next load on.
  if (!(await page.evaluate(() => Boolean(navigator.serviceWorker.controller)))) await page.reload();
  expect(await page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
  // The catalogue is in IndexedDB, not only on its way.
  await page.waitForFunction(
    () =>
      new Promise<boolean>((resolve) => {
        const open = indexedDB.open('facilityops-offline');
        open.onerror = () => resolve(false);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('catalogue')) return resolve(false);
          const count = db.transaction('catalogue').objectStore('catalogue').count();
          count.onsuccess = () => resolve(count.result > 0);
          count.onerror = () => resolve(false);
        };
      }),
    undefined,
    { timeout: 15_000 },
  );
  await page.waitForFunction(
    (paths) =>
      new Promise<boolean>((resolve) => {
        const open = indexedDB.open('facilityops-offline');
        open.onerror = () => resolve(false);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('reads')) return resolve(paths.length === 0);
          const keys = db.transaction('reads').objectStore('reads').getAllKeys();
          keys.onsuccess = () => resolve(paths.every((path) => keys.result.some((key) => String(key).endsWith(`|${path}`))));
          keys.onerror = () => resolve(false);
        };
      }),
    keptReads,
    { timeout: 15_000 },
  );
  await context.setOffline(true);
  await page.reload();
}

/**
 * Waits for `locator`; when it does not come, the error says what the page showed instead and the
 * page's errors, since a CI run's browser cannot be looked at afterwards.
 */
async function shownOn(page: Page, locator: Locator, pageErrors: readonly string[]): Promise<void> {
  try {
    await locator.waitFor();
  } catch (error: unknown) {
    const text = await page
      .locator('body')
      .innerText({ timeout: 2_000 })
      .catch(() => '(no body)');
    const online = await page.evaluate(() => navigator.onLine).catch(() => 'unknown');
    throw new Error(`${error instanceof Error ? error.message : String(error)}\nThe page at ${page.url()} (navigator.onLine ${online}) showed:\n${text.slice(0, 2_000)}\nPage errors: ${pageErrors.join('\n') || 'none'}`);
  }
}

/** A small orange picture: the nameplate's photo. */
function nameplatePng(): Buffer {
  const data = new Uint8Array(64 * 48 * 3).map((_, index) => [200, 120, 40][index % 3]!);
  return Buffer.from(encode({ width: 64, height: 48, data, channels: 3 }));
}

describe.skipIf(!hasBrowser())('technicians offline: queued writes arrive exactly once', () => {
  let phones: BrowserSession;
  let desk: BrowserSession;

  beforeAll(async () => {
    phones = await openBrowser();
    desk = await openBrowser();
  });
  afterAll(async () => {
    await phones?.close();
    await desk?.close();
  });

  it('queues a checklist with a photo, a note, an activity and a status offline; reconnected, each arrives once and a refusal stays', async () => {
    const engineerToken = await apiToken('engineer');
    const technicianToken = await apiToken('technician');
    const assets = await apiCall<NamedRow[]>(engineerToken, '/asset?fields=_id,name');
    const asset = assets.find((row) => row.name === 'Fire extinguisher powder lobby');
    // Not Chiller 1: tests/e2e/thermography.test.ts pages through Chiller 1's thermography records and
    // counts them, whichever file runs first.
    const chiller = assets.find((row) => row.name === 'Chiller 2');
    const tom = await apiCall<NamedRow>(technicianToken, '/token/init');
    expect(asset && chiller).toBeTruthy();
    const order = (title: string) =>
      apiCall<Order>(engineerToken, '/workOrder', {
        method: 'POST',
        body: { title, asset: asset!._id, assignedTo: tom!._id, priority: 'Medium', status: 'Open', startTimestamp: Date.now(), endTimestamp: Date.now() + 2 * HOUR },
      });
    const activityOrder = await order(`Offline activity ${RUN}`);
    const statusOrder = await order(`Offline status ${RUN}`);
    const before = await apiCall<InspectionRow[]>(engineerToken, `/inspection?assetId=${asset!._id}`);
    const chillerBefore = await apiCall<InspectionRow[]>(engineerToken, `/inspection?assetId=${chiller!._id}`);

    const engineer = (await desk.newPage(DESKTOP)).page;
    await engineer.goto(`${baseUrl()}/login`);
    await signIn(engineer, 'engineer');
    await engineer.waitForURL('**/home');

    const { page: phone, context } = await phones.newPage(PHONE);
    const pageErrors: string[] = [];
    phone.on('pageerror', (error) => pageErrors.push(error.stack ?? error.message));
    await openedOnceThenOffline(context, phone, 'technician', [activityOrder, statusOrder].map((row) => `/workOrder/${row._id}`));

    // Offline reload: the home, not the browser's error page.
    await phone.getByRole('heading', { level: 1, name: /Welcome/ }).waitFor();
    await screenshot(phone, 'offline-1-home-reloaded-offline');

    // An asset never opened on this phone, by typing its identification.
    await phone.goto(`${baseUrl()}/inspection/scanner`);
    await phone.getByRole('textbox', { name: /identification/i }).fill('FEX-002');
    await phone.keyboard.press('Enter');
    await phone.waitForURL('**/inspection/asset/identification/FEX-002');
    await phone.getByRole('heading', { level: 2, name: 'Fire extinguisher powder lobby' }).waitFor();
    await phone.getByRole('radio', { name: 'Recharge' }).check();
    await phone.getByRole('button', { name: 'Yes', exact: true }).click();
    await phone.locator('input[type="file"]').first().setInputFiles({ name: 'nameplate.png', mimeType: 'image/png', buffer: nameplatePng() });
    await phone.getByText('No network: the photo is kept on this phone and sent with the inspection').waitFor();
    await phone.getByRole('img', { name: /Photo of nameplate/ }).waitFor();
    const pressedAt = Date.now();
    await phone.getByRole('button', { name: 'Submit', exact: true }).click();
    await phone.getByText('Saved on this phone — it will be sent when the network returns').first().waitFor();
    await phone.getByRole('link', { name: '1 waiting to send' }).waitFor();
    await screenshot(phone, 'offline-2-checklist-queued');

    // A work order's activity and another's status, both queued.
    await phone.goto(`${baseUrl()}/inspection/workOrder/${activityOrder._id}`);
    await shownOn(phone, phone.getByRole('heading', { name: activityOrder.title }), pageErrors);
    await phone.getByRole('textbox', { name: 'Record activity' }).fill(`Valve repacked ${RUN}`);
    await phone.getByRole('button', { name: 'Record' }).click();
    await phone.getByRole('link', { name: '2 waiting to send' }).waitFor();
    await phone.goto(`${baseUrl()}/inspection/workOrder/${statusOrder._id}`);
    await shownOn(phone, phone.getByRole('heading', { name: statusOrder.title }), pageErrors);
    await phone.getByRole('combobox', { name: 'Status' }).selectOption('In Progress');
    await phone.getByRole('link', { name: '3 waiting to send' }).waitFor();

    // Meanwhile the engineer completes the second order: the queued status change will be refused.
    const current = await apiCall<Order>(engineerToken, `/workOrder/${statusOrder._id}`);
    await apiCall(engineerToken, `/workOrder/${statusOrder._id}`, { method: 'PUT', body: { ...current, status: 'Completed' } });

    // The thermography technician's phone, offline too.
    const thermo = await phones.newPage(PHONE);
    await openedOnceThenOffline(thermo.context, thermo.page, 'thermo.tech');
    await thermo.page.goto(`${baseUrl()}/inspection/asset/identification/CHL-002`);
    const note = thermo.page.getByRole('region', { name: 'Note 1' });
    await note.waitFor();
    await note.getByLabel('Image number').fill('0901');
    await note.getByLabel('Identification').fill(`Offline breaker ${RUN}`);
    await note.getByLabel('Note').fill('Terminal warm');
    await thermo.page.getByRole('button', { name: 'Submit', exact: true }).click();
    await thermo.page.getByText('Saved on this phone — it will be sent when the network returns').first().waitFor();
    await thermo.page.getByRole('link', { name: '1 waiting to send' }).waitFor();

    await phone.goto(`${baseUrl()}/inspection/outbox`);
    await phone.getByRole('heading', { level: 1, name: 'Waiting to send' }).waitFor();
    await screenshot(phone, 'offline-3-queue-offline');

    // Back online: everything goes by itself.
    const reconnectedAt = Date.now();
    await context.setOffline(false);
    await thermo.context.setOffline(false);
    await engineer.getByText('New alert on Fire extinguisher powder lobby: High').waitFor({ timeout: 20_000 });
    await phone.getByRole('link', { name: '1 not accepted' }).waitFor({ timeout: 20_000 });
    await phone.getByText(/The server did not accept it/).waitFor();
    await screenshot(phone, 'offline-4-refused-stays');
    await thermo.page.getByRole('link', { name: /waiting to send/ }).waitFor({ state: 'detached', timeout: 20_000 });

    // Exactly once each, through the API.
    const after = await apiCall<InspectionRow[]>(engineerToken, `/inspection?assetId=${asset!._id}`);
    const added = after.filter((row) => !before.some((old) => old._id === row._id));
    expect(added).toHaveLength(1);
    // Its original time, not the time it arrived.
    expect(added[0]!.timestamp).toBeGreaterThanOrEqual(pressedAt);
    expect(added[0]!.timestamp).toBeLessThan(reconnectedAt);
    const photo = added[0]!.attributeData.find((entry) => typeof entry.value === 'string' && /^[0-9a-f-]{20,}$/i.test(entry.value));
    expect(photo, 'the photo arrives as an uploaded file id').toBeTruthy();
    const activity = (await apiCall<Order>(technicianToken, `/workOrder/${activityOrder._id}`)).activity.filter((entry) => entry.comment === `Valve repacked ${RUN}`);
    expect(activity).toHaveLength(1);
    const refusedOrder = await apiCall<Order>(engineerToken, `/workOrder/${statusOrder._id}`);
    expect(refusedOrder.status).toBe('Completed');
    // The note's inspection record on the chiller: one.
    const chillerAfter = await apiCall<InspectionRow[]>(engineerToken, `/inspection?assetId=${chiller!._id}`);
    expect(chillerAfter.filter((row) => !chillerBefore.some((old) => old._id === row._id))).toHaveLength(1);

    // The refusal can be discarded; then nothing is left.
    await phone.getByRole('button', { name: 'Discard' }).click();
    await phone.getByRole('dialog').getByRole('button', { name: 'Discard' }).click();
    await phone.getByText('Nothing is waiting: everything has been sent.').waitFor();
    expect(pageErrors).toEqual([]);
    await thermo.page.close();
  }, 240_000);
});
