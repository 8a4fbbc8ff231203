import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import path from 'node:path';
import { baseUrl, DESKTOP, hasBrowser, openBrowser, PHONE, signIn, type BrowserSession } from './browser';
import { dateField, dateFieldValue } from './dateInput';

const pad = (n: number) => String(n).padStart(2, '0');
/** The 15th of the month the calendar opens on (today's), as YYYY-MM-DD. */
function fifteenthOfThisMonth(): string {
  const now = new Date();
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-15`;
}

/** What the phone's screen shows (a full-page capture resizes the page, and the dialog with it). */
const screenshot = (page: Page, name: string) => page.screenshot({ path: path.join('test-results', `${name}.png`) });

/** The element lies inside the phone's screen. */
async function expectOnScreen(element: Locator) {
  const box = await element.boundingBox();
  expect(box).not.toBeNull();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.y).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(PHONE.width);
  expect(box!.y + box!.height).toBeLessThanOrEqual(PHONE.height);
}

/**
 * Issue 16: date inputs are YYYY-MM-DD pickers (spec §9). On a touch phone they open the picker's
 * dialog, which must fit a 390×844 screen and be usable with a thumb; what the server receives is
 * as before (a date as YYYY-MM-DD, a date-time as epoch ms).
 */
describe.skipIf(!hasBrowser())('date inputs on a touch phone', () => {
  let session: BrowserSession;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    session = await openBrowser();
    // A touch screen: the pickers take their phone form (a dialog) where the pointer is coarse.
    context = await session.browser.newContext({ viewport: PHONE, hasTouch: true, isMobile: true, baseURL: baseUrl() });
    page = await context.newPage();
    page.setDefaultTimeout(15_000);
    await page.goto(`${baseUrl()}/login`);
    await signIn(page, 'technician');
    await page.waitForURL('**/inspection');
  });
  afterAll(async () => {
    await session?.close();
  });

  const item = (name: string) => page.getByRole('group', { name, exact: true });

  it('picks a date in a dialog that fits the phone and sends it as YYYY-MM-DD', async () => {
    await page.goto(`${baseUrl()}/inspection/asset/identification/FEX-002`);
    await page.getByRole('heading', { level: 2, name: 'Fire extinguisher powder lobby' }).waitFor();
    const serviceDate = item('Last service date');
    expect(await dateFieldValue(serviceDate)).toBe('');
    await expect.poll(() => serviceDate.getByRole('spinbutton').allInnerTexts()).toEqual(['YYYY', 'MM', 'DD']);

    await serviceDate.getByRole('button', { name: /^Choose date/ }).tap();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('gridcell', { name: '15', exact: true }).waitFor();
    await expectOnScreen(dialog);
    await screenshot(page, 'date-inputs-1-phone-date-dialog');
    await dialog.getByRole('gridcell', { name: '15', exact: true }).tap();
    await expectOnScreen(dialog.getByRole('button', { name: 'OK' }));
    await dialog.getByRole('button', { name: 'OK' }).tap();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => dateFieldValue(serviceDate)).toBe(fifteenthOfThisMonth());
    await serviceDate.scrollIntoViewIfNeeded();

    await page.getByRole('radio', { name: 'Green zone' }).check();
    await item('Safety seal intact').getByRole('button', { name: 'Yes', exact: true }).tap();
    await screenshot(page, 'date-inputs-2-phone-date-filled');
    const [request] = await Promise.all([
      page.waitForRequest((r) => r.method() === 'POST' && new URL(r.url()).pathname === '/api/inspection'),
      page.getByRole('button', { name: 'Submit', exact: true }).tap(),
    ]);
    const sent = JSON.stringify(request.postDataJSON());
    expect(sent).toContain(`"${fifteenthOfThisMonth()}"`);
    await page.getByText('Checklist submitted successfully.').waitFor();
  });

  it('picks a date and time in a dialog that fits the phone and shows it as YYYY-MM-DD hh:mm AM', async () => {
    await page.goto(`${baseUrl()}/inspection/asset/identification/PMP-002`);
    await page.getByRole('heading', { level: 2, name: 'Chilled water pump 2' }).waitFor();
    const takenAt = item('Reading taken at');
    await takenAt.getByRole('button', { name: /^Choose date/ }).tap();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('gridcell', { name: '15', exact: true }).waitFor();
    await expectOnScreen(dialog);
    await screenshot(page, 'date-inputs-3-phone-date-time-dialog');
    await dialog.getByRole('gridcell', { name: '15', exact: true }).tap();
    // Next: the time.
    await dialog.getByRole('button', { name: 'Next', exact: true }).tap();
    await dialog.getByRole('listbox', { name: /Select hours/ }).waitFor();
    await expectOnScreen(dialog);
    await screenshot(page, 'date-inputs-4-phone-time-dialog');
    await dialog.getByRole('button', { name: 'OK' }).tap();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => dateFieldValue(takenAt)).toMatch(new RegExp(`^${fifteenthOfThisMonth()} \\d{2}:\\d{2} [AP]M$`));
    await screenshot(page, 'date-inputs-5-phone-date-time-filled');
  });
});

describe.skipIf(!hasBrowser())('date inputs on a desktop', () => {
  let session: BrowserSession;
  let page: Page;

  beforeAll(async () => {
    session = await openBrowser();
    ({ page } = await session.newPage(DESKTOP));
    await page.goto(`${baseUrl()}/login`);
    await signIn(page, 'engineer');
    await page.waitForURL('**/home');
  });
  afterAll(async () => {
    await session?.close();
  });

  it("picks a table filter's day in the calendar, in the dark theme, and the dashboard's range reads YYYY-MM-DD", async () => {
    const dashboardFrom = dateField(page, 'Period from');
    await expect.poll(() => dateFieldValue(dashboardFrom)).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    await screenshot(page, 'date-inputs-6-dashboard-range');

    await page.goto(`${baseUrl()}/home/alert/table`);
    const from = dateField(page, 'Period from');
    await expect.poll(() => dateFieldValue(from)).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    await from.getByRole('button', { name: /^Choose date/ }).click();
    const calendar = page.getByRole('dialog');
    await calendar.getByRole('gridcell', { name: '1', exact: true }).waitFor();
    // The dark theme: the calendar's paper is dark, its text light.
    const colours = await calendar.evaluate((element) => {
      const paper = element.querySelector('.MuiPaper-root') ?? element;
      return { background: getComputedStyle(paper).backgroundColor, text: getComputedStyle(paper).color };
    });
    expect(colours.background).not.toBe('rgb(255, 255, 255)');
    expect(colours.text).toMatch(/^rgb\(255, 255, 255/);
    await screenshot(page, 'date-inputs-7-table-calendar');
    const month = (await dateFieldValue(from)).slice(0, 7);
    await calendar.getByRole('gridcell', { name: '1', exact: true }).click();
    await expect.poll(() => dateFieldValue(from)).toBe(`${month}-01`);
  });
});
