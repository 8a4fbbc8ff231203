import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page, Request } from 'playwright-core';
import { baseUrl, hasBrowser, openBrowser, requestsSoFarSeen, screenshot, signIn, type BrowserSession } from './browser';

/** Polls like the page's own locators wait: up to 15 s. */
const eventually = <T>(read: () => Promise<T> | T) => expect.poll(read, { timeout: 15_000 });

interface Entry {
  _id: string;
  name: string;
  type: string;
  start: number;
  end: number;
  timed: boolean;
  customAttributes: Record<string, unknown>;
}

async function engineerApi() {
  const login = await fetch(`${baseUrl()}/api/token/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'engineer', password: 'demo' }) });
  if (!login.ok) throw new Error(`login engineer: ${login.status}`);
  const { token } = (await login.json()) as { token: string };
  const call = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    const response = await fetch(`${baseUrl()}/api${path}`, {
      method,
      headers: { 'x-auth': token, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
    return (await response.json()) as T;
  };
  return {
    create: (body: Omit<Entry, '_id'>) => call<Entry>('POST', '/calendarEntry', body),
    entries: async (start: number, end: number) => (await call<{ data: Entry[] }>('GET', `/calendarEntry?start=${start}&end=${end}`)).data,
  };
}

const DAY_MS = 86_400_000;
const pad = (n: number) => String(n).padStart(2, '0');
const isoDay = (date: Date) => `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;

/**
 * The second Sunday of this month and the Monday after it: both in the month view that opens,
 * on the same row, and quiet days in the demo calendar (no contractor visits or training), so an
 * entry there is drawn rather than folded behind '+n more'.
 */
function quietSunday(): Date {
  const now = new Date();
  const first = new Date(now.getFullYear(), now.getMonth(), 1);
  return new Date(now.getFullYear(), now.getMonth(), 1 + ((7 - first.getDay()) % 7) + 7);
}

/**
 * Issue 17's configurable calendar in Chromium, as an engineer, on the seeded config (site filter
 * defaulting to Main campus, Site → Building → Room): an entry dragged one day later is saved and
 * stays there after a reload; a drag whose pointer leaves the calendar goes back and saves
 * nothing; a new entry is created through the dependent Building → Room pair.
 */
describe.skipIf(!hasBrowser())('the configurable calendar in Chromium', () => {
  let session: BrowserSession;
  let page: Page;
  let api: Awaited<ReturnType<typeof engineerApi>>;
  const pageErrors: string[] = [];
  const sunday = quietSunday();
  const monday = new Date(sunday.getFullYear(), sunday.getMonth(), sunday.getDate() + 1);
  const suffix = Math.random().toString(36).slice(2, 7);
  const place = { site: 'Main campus', building: 'Building A', room: 'Chiller hall' };

  beforeAll(async () => {
    api = await engineerApi();
    session = await openBrowser();
    ({ page } = await session.newPage());
    page.on('pageerror', (error) => pageErrors.push(error.message));
    await page.goto(`${baseUrl()}/login`);
    await signIn(page, 'engineer');
    await page.waitForURL('**/home');
  });
  afterAll(async () => {
    await session?.close();
  });

  const calendar = () => page.getByRole('region', { name: 'Calendar' });
  const dayCell = (date: Date) => calendar().locator(`[role=cell][data-date="${isoDay(date)}"]`);
  /** An entry as drawn (in the calendar, or in one day of it): the event holding its edit cog. */
  const drawn = (name: string, scope: Locator = calendar()): Locator => scope.locator('[role=button]', { has: page.getByRole('button', { name: `Edit ${name}`, exact: true }) });
  const openCalendar = async () => {
    await page.goto(`${baseUrl()}/home/calendar`);
    await calendar().locator('[role=cell][data-date]').first().waitFor();
  };
  const writesTo = (id: string) => {
    const seen: Request[] = [];
    page.on('request', (request) => {
      if (request.method() !== 'GET' && request.url().includes(`/api/calendarEntry/${id}`)) seen.push(request);
    });
    return seen;
  };

  /** Presses on `from`, moves in steps through `through` (page points), releases at the last. */
  async function drag(from: Locator, through: { x: number; y: number }[]) {
    const box = await from.boundingBox();
    if (!box) throw new Error('the event is not on screen');
    await page.mouse.move(box.x + 12, box.y + box.height / 2);
    await page.mouse.down();
    for (const point of through) await page.mouse.move(point.x, point.y, { steps: 12 });
    await page.mouse.up();
  }
  const centreOf = async (locator: Locator) => {
    const box = await locator.boundingBox();
    if (!box) throw new Error('not on screen');
    return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  };

  it('saves an entry dragged one day later, and it is still there after a reload', async () => {
    const start = new Date(sunday.getFullYear(), sunday.getMonth(), sunday.getDate(), 9, 0).getTime();
    const entry = await api.create({ name: `Drag me ${suffix}`, type: 'contractor-visit', start, end: start + 90 * 60_000, timed: true, customAttributes: place });
    const writes = writesTo(entry._id);
    await openCalendar();
    await drawn(entry.name).waitFor();
    expect(await drawn(entry.name, dayCell(sunday)).count()).toBe(1);
    await screenshot(page, 'calendar-month');

    const saved = page.waitForResponse((response) => response.request().method() === 'PUT' && response.url().includes(`/api/calendarEntry/${entry._id}`));
    await drag(drawn(entry.name), [await centreOf(dayCell(monday))]);
    expect((await saved).status()).toBe(200);
    // The whole entry went, a day later at the same time and for as long.
    expect(writes).toHaveLength(1);
    expect(writes[0]!.postDataJSON()).toMatchObject({ name: entry.name, type: 'contractor-visit', timed: true, start: start + DAY_MS, end: start + DAY_MS + 90 * 60_000, customAttributes: place });
    await eventually(() => drawn(entry.name, dayCell(monday)).count()).toBe(1);

    await page.reload();
    await drawn(entry.name).waitFor();
    expect(await drawn(entry.name, dayCell(monday)).count()).toBe(1);
    expect(await drawn(entry.name, dayCell(sunday)).count()).toBe(0);
    const [stored] = (await api.entries(start, start + 2 * DAY_MS)).filter((candidate) => candidate._id === entry._id);
    expect(stored).toMatchObject({ start: start + DAY_MS, end: start + DAY_MS + 90 * 60_000 });
  });

  it('puts an entry back and saves nothing when the pointer leaves the calendar during the drag', async () => {
    const start = new Date(sunday.getFullYear(), sunday.getMonth(), sunday.getDate()).getTime();
    const entry = await api.create({ name: `Stay put ${suffix}`, type: 'shutdown', start, end: start + DAY_MS - 1, timed: false, customAttributes: place });
    const writes = writesTo(entry._id);
    await openCalendar();
    await drawn(entry.name).waitFor();

    // Over the Monday, out over the page's heading, and back to the Monday to let go there.
    const mondayCentre = await centreOf(dayCell(monday));
    const outside = await centreOf(page.getByRole('heading', { name: 'Calendar', level: 1 }));
    await drag(drawn(entry.name), [mondayCentre, outside, mondayCentre]);
    await eventually(() => drawn(entry.name, dayCell(sunday)).count()).toBe(1);
    expect(await drawn(entry.name, dayCell(monday)).count()).toBe(0);
    await requestsSoFarSeen(page);
    expect(writes).toHaveLength(0);
    await page.reload();
    await drawn(entry.name).waitFor();
    expect(await drawn(entry.name, dayCell(sunday)).count()).toBe(1);
    const [stored] = (await api.entries(start, start + DAY_MS)).filter((candidate) => candidate._id === entry._id);
    expect(stored).toMatchObject({ start, end: start + DAY_MS - 1 });
  });

  it('creates an entry through the dependent Building → Room pair', async () => {
    await openCalendar();
    await page.getByRole('button', { name: 'Add entry' }).click();
    const dialog = page.getByRole('dialog', { name: 'New entry' });
    const name = `Pump room survey ${suffix}`;
    await dialog.getByRole('textbox', { name: 'Title' }).fill(name);
    const choose = async (label: string, option: string) => {
      await dialog.getByRole('combobox', { name: label }).click();
      await page.getByRole('listbox').getByRole('option', { name: option, exact: true }).click();
      await page.getByRole('listbox').waitFor({ state: 'detached' });
    };
    const offered = async (label: string) => {
      await dialog.getByRole('combobox', { name: label }).click();
      const names = await page.getByRole('listbox').getByRole('option').allInnerTexts();
      await page.keyboard.press('Escape');
      await page.getByRole('listbox').waitFor({ state: 'detached' });
      return names;
    };
    await choose('Entry type', 'Contractor visit');
    expect(await offered('Room')).toEqual(['Choose Building first']);
    await choose('Site', 'Main campus');
    await choose('Building', 'Building B');
    expect(await offered('Room')).toEqual(['None', 'Plant room B1', 'Pump room', 'Lobby']);
    await choose('Room', 'Pump room');
    await screenshot(page, 'calendar-add-entry');
    // Another building: its rooms, and the room chosen before is gone.
    await choose('Building', 'Building A');
    await expect.poll(() => dialog.getByRole('combobox', { name: 'Room' }).innerText()).not.toContain('Pump room');
    expect(await offered('Room')).toEqual(['None', 'Plant room A1', 'Chiller hall', 'Main switch room']);
    await choose('Room', 'Main switch room');

    const created = page.waitForResponse((response) => response.request().method() === 'POST' && response.url().endsWith('/api/calendarEntry'));
    await dialog.getByRole('button', { name: 'Create' }).click();
    const response = await created;
    expect(response.status()).toBe(200);
    const entry = (await response.json()) as Entry;
    expect(entry).toMatchObject({ name, type: 'contractor-visit', timed: false, customAttributes: { site: 'Main campus', building: 'Building A', room: 'Main switch room' } });
    await dialog.waitFor({ state: 'detached' });
    // Drawn on today, the day the Add button starts on.
    await eventually(() => drawn(name, dayCell(new Date())).count()).toBe(1);

    // Its edit cog opens it again with the pair as saved.
    await drawn(name).getByRole('button', { name: `Edit ${name}` }).click();
    const edit = page.getByRole('dialog', { name: 'Edit entry' });
    await expect.poll(() => edit.getByRole('combobox', { name: 'Room' }).innerText()).toContain('Main switch room');
    await screenshot(page, 'calendar-edit-entry');
    await edit.getByRole('button', { name: 'Cancel' }).click();
    expect(pageErrors).toEqual([]);
  });
});
