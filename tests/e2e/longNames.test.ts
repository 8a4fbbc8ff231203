import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DRAWN_MARK, PHONE, apiCall, apiToken, baseUrl, drawnPageText, hasBrowser, openBrowser, screenshot, signIn, type BrowserSession } from './browser';

interface Saved {
  _id: string;
}

const RUN = Date.now().toString(36);
/** One word as long as a name may be (200 characters, common/resources/schemaParts.ts), of W, the widest letter. */
const unbroken = (stem: string, length = 200) => `${stem}${RUN}`.padEnd(length, 'W');

const names = {
  asset: unbroken('Asset'),
  // An identification is a path parameter of the calls that open it, which take 100 characters at most.
  identification: unbroken('ID', 90),
  checklist: unbroken('Checklist'),
  attribute: unbroken('Attribute'),
  option: unbroken('Option'),
  workOrder: unbroken('WorkOrder'),
  noteIdentification: unbroken('Breaker'),
};

const inspectPath = `/inspection/asset/identification/${encodeURIComponent(names.identification)}`;

/**
 * Where in the page each text holding `text` is laid out, cut or not (a `noWrap` ellipsis cuts it
 * but lays it out in full): how many are shown, and the right edges of those past the screen's.
 * A table's cells are left out: a table scrolls sideways in its own container (the home's
 * "Latest inspections" widget), not the page. Run in the page.
 */
function placementOf(text: string): { shown: number; past: number[] } {
  const past: number[] = [];
  let shown = 0;
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (!node.textContent?.includes(text)) continue;
    const range = document.createRange();
    range.selectNodeContents(node);
    const box = range.getBoundingClientRect();
    if (box.width === 0) continue;
    shown += 1;
    if (box.right > window.innerWidth + 0.5 && !node.parentElement?.closest('table')) past.push(Math.round(box.right));
  }
  return { shown, past };
}

/** The page does not scroll sideways, and each text is shown whole within the screen's width. */
async function expectFitsPhone(page: Page, label: string, texts: readonly string[]) {
  const [scrollWidth, innerWidth] = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
  expect(scrollWidth, `${label}: the page's width`).toBeLessThanOrEqual(innerWidth);
  for (const text of texts) {
    const { shown, past } = await page.evaluate(placementOf, text);
    expect(shown, `${label}: ${text.slice(0, 16)}… is shown`).toBeGreaterThan(0);
    expect(past, `${label}: ${text.slice(0, 16)}… runs past the screen's right edge`).toEqual([]);
  }
}

/**
 * Issue 39 §4: a very long unbroken asset or checklist name scrolled the technician's phone page
 * 2,600 px sideways. Names wrap on every technician page that shows one — in the screen React draws
 * and in the screen the server draws into the page (server/http/serverScreen.ts). The test makes its own
 * asset, checklist, attribute and work order, each named with one word as long as the API takes.
 */
describe.skipIf(!hasBrowser())('a long unbroken name on the technician’s phone', () => {
  let session: BrowserSession;
  const pageErrors: string[] = [];
  let workOrderId = '';

  beforeAll(async () => {
    session = await openBrowser();
    const admin = await apiToken('admin');
    const technician = await apiToken('technician');
    const attribute = await apiCall<Saved>(admin, '/attribute', { method: 'POST', body: { name: names.attribute, type: 'radio', allowComment: true, options: { values: ['OK', names.option] } } });
    const checklist = await apiCall<Saved>(admin, '/checklist', {
      method: 'POST',
      body: { name: names.checklist, checklistItems: [{ attribute: attribute._id, sequenceId: 1, threshold: { operation: 'equal', value: names.option } }] },
    });
    const asset = await apiCall<Saved>(admin, '/asset', {
      method: 'POST',
      body: { name: names.asset, identification: names.identification, checklists: [checklist._id], checklistOptions: [{ name: names.checklist, btnName: '', checklistIds: [checklist._id] }] },
    });
    const tom = await apiCall<Saved>(technician, '/token/init');
    const now = Date.now();
    workOrderId = (await apiCall<Saved>(admin, '/workOrder', {
      method: 'POST',
      body: { title: names.workOrder, asset: asset._id, assignedTo: tom._id, priority: 'Medium', status: 'Open', startTimestamp: now, endTimestamp: now + 3_600_000 },
    }))._id;
    // Inspected once by the technician: the asset is among the home's recently inspected.
    await apiCall(technician, `/inspection?assetId=${asset._id}&timestamp=${now}`, {
      method: 'POST',
      body: { inspectionData: { [checklist._id]: { [attribute._id]: 'OK' } }, attributeComments: {} },
    });
  });
  afterAll(async () => {
    await session?.close();
  });

  async function onPhone(username: string) {
    const opened = await session.newPage(PHONE);
    opened.page.on('pageerror', (error) => pageErrors.push(`${username}: ${error.message}`));
    await opened.page.goto(`${baseUrl()}/login`);
    await signIn(opened.page, username);
    await opened.page.waitForURL('**/inspection');
    return opened;
  }

  /** The inspect view with the asset's checklist chosen, its item shown. */
  async function inspectView(page: Page) {
    await page.goto(`${baseUrl()}${inspectPath}`);
    await page.getByRole('heading', { level: 2, name: names.asset }).waitFor();
    // The checklist option's button (named after the checklist), before the checklist's own toggle.
    await page.getByRole('button', { name: names.checklist }).first().click();
    await page.getByRole('radio', { name: names.option }).waitFor();
  }

  it('the home: the recently inspected asset and the work order', async () => {
    const { page } = await onPhone('technician');
    await page.getByRole('link', { name: new RegExp(names.workOrder) }).waitFor();
    await page.getByRole('link', { name: new RegExp(names.asset) }).first().waitFor();
    await expectFitsPhone(page, 'home', [names.workOrder, names.asset, names.identification]);
    await screenshot(page, 'long-names-1-home-phone');
    await page.close();
  });

  it("the inspect view: asset, checklist, attribute and option; drawn by the app, and as the server draws it", async () => {
    const { page, context } = await onPhone('technician');
    // Without the page cookie the server draws nothing: the app draws the page itself.
    const cookies = await context.cookies(`${baseUrl()}${inspectPath}`);
    await context.clearCookies();
    await inspectView(page);
    const texts = [names.identification, names.asset, names.checklist, names.attribute, names.option];
    await expectFitsPhone(page, 'inspect view', texts);
    await screenshot(page, 'long-names-2-inspect-view-phone');

    // The screen the server draws into the page for the session's cookie: seen as it is, with no script run.
    const still = await session.browser.newContext({ viewport: PHONE, javaScriptEnabled: false });
    await still.addCookies(cookies);
    const drawnPage = await still.newPage();
    expect(await drawnPageText(drawnPage, inspectPath), 'the server drew the inspect view').toContain(DRAWN_MARK);
    const [drawnWidth, innerWidth] = await drawnPage.evaluate(() => [document.getElementById('root')!.scrollWidth, window.innerWidth]);
    expect(drawnWidth, "the server's drawn screen's width").toBeLessThanOrEqual(innerWidth);
    await expectFitsPhone(drawnPage, "the server's drawn copy", [names.identification, names.asset, names.checklist]);
    await screenshot(drawnPage, 'long-names-3-inspect-view-drawn-by-server-phone');
    await still.close();
    await page.close();
  });

  it('the work order: its row on the home and its own page', async () => {
    const { page } = await onPhone('technician');
    await page.getByRole('link', { name: new RegExp(names.workOrder) }).click();
    await page.getByRole('heading', { level: 1, name: names.workOrder }).waitFor();
    await expectFitsPhone(page, 'work order', [names.workOrder, names.asset]);
    await screenshot(page, 'long-names-4-work-order-phone');
    expect(page.url()).toContain(workOrderId);
    await page.close();
  });

  it("the thermography note form, with a note's long identification", async () => {
    const { page } = await onPhone('thermo.tech');
    await page.goto(`${baseUrl()}${inspectPath}`);
    const note = page.getByRole('region', { name: 'Note 1' });
    await note.waitFor();
    await note.getByLabel('Identification').fill(names.noteIdentification);
    await expectFitsPhone(page, 'thermography note form', [names.identification, names.asset]);
    expect(await note.getByLabel('Identification').inputValue()).toBe(names.noteIdentification);
    await screenshot(page, 'long-names-5-thermography-note-form-phone');
    await page.close();
  });

  it('the offline queue and its Discard question', async () => {
    const { page, context } = await onPhone('technician');
    await inspectView(page);
    await page.getByRole('radio', { name: 'OK', exact: true }).check();
    await context.setOffline(true);
    await page.getByRole('button', { name: 'Submit', exact: true }).click();
    await page.getByRole('link', { name: '1 waiting to send' }).click();
    await page.getByRole('heading', { level: 2, name: names.asset }).waitFor();
    await expectFitsPhone(page, 'offline queue', [names.asset]);
    await screenshot(page, 'long-names-6-offline-queue-phone');
    await page.getByRole('button', { name: 'Discard' }).click();
    const question = page.getByRole('dialog');
    await question.waitFor();
    // Faded in, as the screenshot should show it.
    await page.waitForFunction(() => getComputedStyle(document.querySelector('.MuiDialog-container')!).opacity === '1');
    await expectFitsPhone(page, 'Discard question', [names.asset]);
    await screenshot(page, 'long-names-7-discard-question-phone');
    await question.getByRole('button', { name: 'Discard' }).click();
    await page.getByText('Nothing is waiting: everything has been sent.').waitFor();
    await context.setOffline(false);
    await page.close();
  });

  it('raised no uncaught errors in any page', () => {
    expect(pageErrors).toEqual([]);
  });
});
