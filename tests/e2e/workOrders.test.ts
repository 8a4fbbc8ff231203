import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { criticalSubmission } from '../helpers/breachingSubmission';
import { apiCall, apiToken, baseUrl, DESKTOP, hasBrowser, openBrowser, ownUser, PHONE, pushesConnected, screenshot, signIn, type BrowserSession } from './browser';
import { dateField, typeDate } from './dateInput';

const DAY = 86_400_000;
const HOUR = 3_600_000;

interface Order {
  _id: string;
  asset: string;
  title: string;
  status: string;
  assignedTo: string;
  startTimestamp: number;
  endTimestamp: number;
  alert: string | null;
  activity: { comment: string; userName: string; statusChange?: { from: string; to: string } }[];
}

/**
 * Issue 18 in Chromium: an engineer creates an order in the dialog and it reaches the technician's
 * phone live; the engineer drags it one day later in the Week view; the technician records
 * activity and changes its status on the phone; a breaching inspection opens an order by itself
 * that reaches the technician too.
 */
describe.skipIf(!hasBrowser())('work orders in Chromium', () => {
  let session: BrowserSession;
  const pageErrors: string[] = [];
  const title = `Realign pump coupling ${Date.now().toString(36)}`;
  let created: Order;

  beforeAll(async () => {
    session = await openBrowser();
  });
  afterAll(async () => {
    await session?.close();
  });

  // Each signed-in page's live-push socket, accepted (browser.ts pushesConnected).
  const pushesOpened = new WeakMap<Page, Promise<void>>();
  async function signedIn(username: string, viewport?: { width: number; height: number }): Promise<Page> {
    const { page } = await session.newPage(viewport);
    page.on('pageerror', (error) => pageErrors.push(`${username}: ${error.message}`));
    pushesOpened.set(page, pushesConnected(page));
    await page.goto(`${baseUrl()}/login`);
    await signIn(page, username);
    return page;
  }

  /** The technician's home on a phone, its work-order list shown. */
  async function technicianHome(): Promise<Page> {
    const page = await signedIn('technician', PHONE);
    await page.waitForURL('**/inspection');
    await page.getByRole('tab', { name: 'Work Orders' }).waitFor();
    // The pushes the tests send must find the phone listening, as a phone left open would be.
    await pushesOpened.get(page);
    await page.evaluate(() => ((window as unknown as { notReloaded: boolean }).notReloaded = true));
    return page;
  }

  const pad = (n: number) => String(n).padStart(2, '0');
  /** 'YYYY-MM-DD hh:mm AM' of a local time, as the date-time field takes it typed. */
  const typed = (ms: number) => {
    const d = new Date(ms);
    const hours = d.getHours() % 12 || 12;
    return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(hours)}:${pad(d.getMinutes())} ${d.getHours() < 12 ? 'AM' : 'PM'}`;
  };
  const isoDay = (ms: number) => {
    const d = new Date(ms);
    return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
  };

  it("an engineer's new order reaches the technician's phone live; dragged one day later in the Week view, it is saved there", async () => {
    const phone = await technicianHome();
    const engineer = await signedIn('engineer');
    await engineer.waitForURL('**/home');
    await engineer.getByRole('menuitem', { name: 'Work Order' }).click();
    await engineer.waitForURL('**/home/workOrder');
    await engineer.getByRole('button', { name: 'New' }).click();
    const dialog = engineer.getByRole('dialog', { name: 'Add Work Order' });
    await dialog.waitFor();
    expect(await dialog.getByRole('button', { name: 'Submit' }).isDisabled()).toBe(true);

    // Next week's Wednesday, 09:00 to 11:00 local: drawn in the time grid of the Week view.
    const now = new Date();
    const wednesday = new Date(now.getFullYear(), now.getMonth(), now.getDate() + 7 - now.getDay() + 3, 9, 0).getTime();
    await dialog.getByRole('textbox', { name: 'Title' }).fill(title);
    await dialog.getByRole('combobox', { name: 'Asset' }).fill('Booster set pump A');
    await engineer.getByRole('option', { name: 'Booster set pump A' }).click();
    await dialog.getByRole('combobox', { name: 'Assigned To' }).fill('Tom Technician');
    await engineer.getByRole('option', { name: 'Tom Technician' }).click();
    await dialog.getByRole('combobox', { name: 'Priority' }).click();
    await engineer.getByRole('option', { name: 'High' }).click();
    await dialog.getByRole('combobox', { name: 'Status' }).click();
    await engineer.getByRole('option', { name: 'Open' }).click();
    await typeDate(dateField(dialog, 'Start Date'), typed(wednesday));
    await typeDate(dateField(dialog, 'End Date'), typed(wednesday + 2 * HOUR));
    await screenshot(engineer, 'work-order-1-dialog');

    const posted = engineer.waitForResponse((response) => response.request().method() === 'POST' && /\/api\/workOrder$/i.test(response.url()));
    await dialog.getByRole('button', { name: 'Submit' }).click();
    const answer = await posted;
    expect(answer.status()).toBe(200);
    created = (await answer.json()) as Order;
    expect(created).toMatchObject({ title, status: 'Open', startTimestamp: wednesday, endTimestamp: wednesday + 2 * HOUR });
    await dialog.waitFor({ state: 'detached' });

    // The technician's phone: a notification naming it and the order in the Work Orders tab, no reload.
    await phone.getByText(`New work order: ${title}`).waitFor();
    await phone.getByRole('link', { name: new RegExp(title) }).waitFor();
    expect(await phone.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);
    await screenshot(phone, 'work-order-2-phone-arrived');

    // The Week view of that week: drag it one column to the right.
    await engineer.getByRole('tab', { name: 'Calendar' }).click();
    await engineer.getByRole('button', { name: 'Week' }).click();
    const column = engineer.locator(`[role="columnheader"][data-date="${isoDay(wednesday)}"]`);
    for (let step = 0; step < 3 && (await column.count()) === 0; step++) await engineer.getByRole('button', { name: 'Next' }).click();
    const event = engineer.locator(`[data-event-id="${created._id}"]`);
    await event.waitFor();
    // In the middle of the window: near its edge a drag scrolls the page, which moves the time too.
    await event.evaluate((element) => element.scrollIntoView({ block: 'center' }));
    const box = (await event.boundingBox())!;
    const width = (await column.boundingBox())!.width;
    const from = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
    const puts: unknown[] = [];
    engineer.on('request', (request) => {
      if (request.method() === 'PUT' && request.url().includes(created._id)) puts.push(request.postDataJSON());
    });
    const saved = engineer.waitForResponse((response) => response.request().method() === 'PUT' && response.url().includes(created._id));
    await engineer.mouse.move(from.x, from.y);
    await engineer.mouse.down();
    await engineer.mouse.move(from.x + width / 2, from.y, { steps: 8 });
    await engineer.mouse.move(from.x + width, from.y, { steps: 8 });
    await engineer.mouse.up();
    expect((await saved).status()).toBe(200);
    // The whole order, with both times one day on.
    expect(puts).toHaveLength(1);
    expect(puts[0]).toMatchObject({ _id: created._id, title, asset: created.asset, assignedTo: created.assignedTo, priority: 'High', status: 'Open', startTimestamp: wednesday + DAY, endTimestamp: wednesday + DAY + 2 * HOUR });
    // The release that ends the drag opens no dialog.
    expect(await engineer.getByRole('dialog').count()).toBe(0);
    await screenshot(engineer, 'work-order-3-dragged-week');

    const stored = await apiCall<Order>(await apiToken('engineer'), `/workOrder/${created._id}`);
    expect([stored.startTimestamp, stored.endTimestamp]).toEqual([wednesday + DAY, wednesday + DAY + 2 * HOUR]);
    expect(pageErrors).toEqual([]);
    await engineer.close();
    await phone.close();
  });

  it('the technician on a phone records activity and changes the status; both are in the log, newest first', async () => {
    // An open order of this test's own, assigned to the technician: the test runs in any order.
    const engineer = await apiToken('engineer');
    const config = await apiCall<{ assets: { _id: string; name: string }[]; users: { _id: string; name: string }[] }>(engineer, '/workOrder/config');
    const ownTitle = `Replace coupling insert ${Date.now().toString(36)}`;
    const start = Date.now();
    const own = await createAs(engineer, {
      title: ownTitle,
      asset: config.assets.find((entry) => entry.name === 'Booster set pump A')!._id,
      assignedTo: config.users.find((entry) => entry.name === 'Tom Technician')!._id,
      priority: 'High',
      status: 'Open',
      startTimestamp: start,
      endTimestamp: start + 2 * HOUR,
    });
    const phone = await technicianHome();
    await phone.getByRole('link', { name: new RegExp(ownTitle) }).click();
    await phone.waitForURL(`**/inspection/workOrder/${own._id}`);
    await phone.getByRole('heading', { name: ownTitle }).waitFor();

    const record = phone.getByRole('button', { name: 'Record' });
    expect(await record.isDisabled()).toBe(true);
    await phone.getByRole('textbox', { name: 'Record activity' }).fill('   ');
    expect(await record.isDisabled()).toBe(true);
    await phone.getByRole('textbox', { name: 'Record activity' }).fill('  Coupling shims ordered  ');
    await record.click();
    await phone.getByText('Activity recorded').waitFor();

    // A native select on the phone: the system's own picker.
    await phone.getByRole('combobox', { name: 'Status' }).selectOption('In Progress');
    await phone.getByText('Work order updated').waitFor();
    await phone.getByText('Status changed from Open to In Progress').waitFor();
    await screenshot(phone, 'work-order-4-phone-detail');
    // No sideways scrolling on the phone.
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);

    const stored = await apiCall<Order>(engineer, `/workOrder/${own._id}`);
    expect(stored.status).toBe('In Progress');
    expect(stored.activity.map((entry) => [entry.userName, entry.comment])).toEqual([
      ['Tom Technician', 'Status changed from Open to In Progress'],
      ['Tom Technician', 'Coupling shims ordered'],
    ]);
    expect(pageErrors).toEqual([]);
    await phone.close();
  });

  it("a critical inspection opens an order by itself that reaches the inspecting technician's phone", async () => {
    const phone = await technicianHome();
    const engineer = await apiToken('engineer');
    const technician = await apiToken('technician');
    const submission = await criticalSubmission((path) => apiCall(engineer, path));
    const result = await apiCall<{ alerts: { _id: string }[] }>(technician, `${submission.url}&timestamp=${Date.now()}`, { method: 'POST', body: submission.body });
    expect(result.alerts).toHaveLength(1);
    const alertId = result.alerts[0]!._id;

    const mine = await apiCall<Order[]>(technician, '/workOrder/my');
    const opened = mine.filter((order) => order.alert === alertId);
    expect(opened).toHaveLength(1);
    const order = opened[0]!;
    expect(order.title).toContain(`Critical alert: ${submission.assetName}`);
    await phone.getByText(`New work order: ${order.title}`).waitFor();
    await phone.getByRole('link', { name: new RegExp(submission.assetName) }).first().waitFor();
    await screenshot(phone, 'work-order-5-phone-auto-created');

    // Its detail shows the alert and the value that raised it (the demo's 'Vibration', 9.5 mm/s).
    await phone.goto(`${baseUrl()}/inspection/workOrder/${order._id}`);
    await phone.getByRole('heading', { name: order.title }).waitFor();
    await phone.getByRole('cell', { name: 'Vibration', exact: true }).first().waitFor();
    await phone.getByRole('cell', { name: '9.5', exact: true }).first().waitFor();
    await screenshot(phone, 'work-order-6-phone-alert-detail');
    expect(pageErrors).toEqual([]);
    await phone.close();
  });

  /** POSTs an order as the engineer (the dialog's seven fields); the order as answered. */
  async function createAs(engineer: string, body: Record<string, unknown>): Promise<Order> {
    return apiCall<Order>(engineer, '/workOrder', { method: 'POST', body });
  }

  it("a busy day's 'more' link in the month switches to that day, where each of its orders is drawn (issue 40)", async () => {
    const engineer = await apiToken('engineer');
    const config = await apiCall<{ assets: { _id: string; name: string }[]; users: { _id: string; name: string }[] }>(engineer, '/workOrder/config');
    const asset = config.assets.find((entry) => entry.name === 'Booster set pump A')!;
    const assignee = config.users.find((entry) => entry.name === 'Eric Engineer')!;
    // Ten orders of this test's own, each from today 06:00 to tomorrow 18:00: a busy day of the month shown first.
    const tag = `Busy day ${Date.now().toString(36)}`;
    const now = new Date();
    const from = new Date(now.getFullYear(), now.getMonth(), now.getDate(), 6, 0).getTime();
    const made: Order[] = [];
    for (let n = 1; n <= 10; n++) {
      made.push(await createAs(engineer, { title: `${tag} ${n}`, asset: asset._id, assignedTo: assignee._id, priority: 'Medium', status: 'Open', startTimestamp: from, endTimestamp: from + DAY + 12 * HOUR }));
    }
    try {
      const page = await signedIn('engineer', DESKTOP);
      await page.waitForURL('**/home');
      await page.goto(`${baseUrl()}/home/workOrder`);
      await page.getByRole('tab', { name: 'Calendar' }).click();
      const region = page.getByRole('region', { name: 'Work order calendar' });
      await region.waitFor();
      // Search narrows the calendar to this test's orders: the period is asked for again with it.
      const searched = page.waitForResponse((response) => /\/api\/workOrder\?/i.test(response.url()) && new URL(response.url()).searchParams.get('search') === tag);
      await page.getByRole('searchbox', { name: 'Search' }).fill(tag);
      await searched;
      const today = region.locator(`[data-date="${isoDay(from)}"]`).first();
      const more = today.getByText(/^\+\d+ more$/).filter({ visible: true });
      const cell = (await today.boundingBox())!;
      // Events are drawn in a layer over the week's row: those shown in the day are the visible ones over its cell.
      const drawnOverCell = () =>
        region.locator('[data-event-id]').evaluateAll(
          (events, box) =>
            new Set(
              events
                .filter((event) => {
                  const r = event.getBoundingClientRect();
                  return getComputedStyle(event).visibility !== 'hidden' && r.height > 0 && r.left < box.x + box.width && r.right > box.x && r.top >= box.y && r.bottom <= box.y + box.height;
                })
                .map((event) => (event as HTMLElement).dataset.eventId),
            ).size,
          cell,
        );
      const rest = async () => ((await more.count()) === 1 ? Number(/\+(\d+) more/.exec(await more.innerText())![1]) : 0);
      // Once the searched answer is drawn: as many of the ten as the cell holds, the link naming the others.
      await expect.poll(async () => (await drawnOverCell()) + (await rest()), { timeout: 10_000 }).toBe(10);
      expect(await drawnOverCell()).toBeGreaterThanOrEqual(1);
      expect(await rest()).toBeGreaterThanOrEqual(1);
      const link = (await more.boundingBox())!;
      expect(link.y + link.height).toBeLessThanOrEqual(cell.y + cell.height + 1);
      await screenshot(page, 'work-order-7-month-busy-day');

      await more.click();
      await page.locator('[data-calendar-view="day"]').waitFor();
      const heading = now.toLocaleDateString('en-US', { month: 'long', day: 'numeric', year: 'numeric' });
      await page.getByRole('heading', { name: heading }).waitFor();
      for (const order of made) await expect(region.locator(`[data-event-id="${order._id}"]`).isVisible()).resolves.toBe(true);
      expect(await region.getByText(/\+\d+ more/).count()).toBe(0);
      await screenshot(page, 'work-order-8-busy-day-view');
      expect(pageErrors).toEqual([]);
      await page.close();
    } finally {
      for (const order of made) await apiCall(engineer, `/workOrder/${order._id}`, { method: 'DELETE' });
    }
  });

  it("the technician's phone home shows the work orders within the first screen, an overdue one marked in words (issue 40)", async () => {
    // A technician of this test's own: the demo technician's orders stay as seeded.
    const user = await ownUser('ROLE_TECHNICIAN', 'wo.home');
    const engineer = await apiToken('engineer');
    const config = await apiCall<{ assets: { _id: string; name: string }[] }>(engineer, '/workOrder/config');
    const asset = config.assets.find((entry) => entry.name === 'Booster set pump A')!;
    const now = Date.now();
    const late = await createAs(engineer, { title: 'Reseal pump gland', asset: asset._id, assignedTo: user._id, priority: 'High', status: 'In Progress', startTimestamp: now - 3 * DAY, endTimestamp: now - DAY });
    const due = await createAs(engineer, { title: 'Check coupling alignment', asset: asset._id, assignedTo: user._id, priority: 'Low', status: 'Open', startTimestamp: now + DAY, endTimestamp: now + 2 * DAY });
    try {
      const { page } = await session.newPage(PHONE);
      page.on('pageerror', (error) => pageErrors.push(`${user.username}: ${error.message}`));
      await page.goto(`${baseUrl()}/login`);
      await signIn(page, user.username, user.password);
      await page.waitForURL('**/inspection');
      const list = page.getByRole('region', { name: 'My work orders' });
      const overdue = list.getByRole('link', { name: /Reseal pump gland/ });
      await overdue.waitFor();
      // The list begins within the first screen of a 390×844 phone, its first row with it.
      const top = (await list.boundingBox())!.y;
      expect(top).toBeGreaterThanOrEqual(0);
      expect(top).toBeLessThan(PHONE.height);
      expect((await overdue.boundingBox())!.y + 48).toBeLessThanOrEqual(PHONE.height);
      await expect(overdue.getByText('Overdue', { exact: true }).isVisible()).resolves.toBe(true);
      expect(await list.getByRole('link', { name: /Check coupling alignment/ }).getByText('Overdue').count()).toBe(0);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
      await page.screenshot({ path: 'test-results/work-order-9-phone-home-first-screen.png' });
      expect(pageErrors).toEqual([]);
      await page.close();
    } finally {
      for (const order of [late, due]) await apiCall(engineer, `/workOrder/${order._id}`, { method: 'DELETE' });
    }
  });
});
