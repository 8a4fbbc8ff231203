import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { baseUrl, DESKTOP, DRAWN_MARK, drawnPageText, hasBrowser, openBrowser, PHONE, screenshot, signIn, type BrowserSession } from './browser';

const eventually = <T>(read: () => Promise<T> | T) => expect.poll(read, { timeout: 15_000 });

/**
 * Issue 16 §3: a full-screen "Session expired" sign-in link and an <img> beacon to an outside host,
 * stored in every place HTML from data or scripts is shown. Every element of it carries this title,
 * which both the old and the new sanitiser keep, so the test can find what is left of it.
 */
const MARK = 'stored payload';
const PAYLOAD = [
  `<a title="${MARK}" href="http://evil.example/login" style="position:fixed;inset:0;z-index:9999;display:block;width:100vw;height:100vh;background:#fff;color:#000;font-size:48px;padding-top:40vh;text-align:center">Session expired — click to sign in</a>`,
  `<img title="${MARK}" src="http://evil.example/beacon.gif" alt="">`,
  `<div title="${MARK}" style="background-image:url(http://evil.example/bg.png);transform:scale(50);margin:-200px">Stored note</div>`,
].join('');
/** A colour that would be CSS of its own (issue 16 §4). */
const BAD_COLOUR = 'red;background-image:url(http://evil.example/colour.png)';

/** At most this share of the viewport may be covered by any one element of the payload. */
const SMALL_SHARE = 0.05;

interface Api {
  get<T>(path: string): Promise<T>;
  send<T>(method: 'POST' | 'PUT', path: string, body: unknown): Promise<T>;
}

async function apiAs(username: string, password = 'demo'): Promise<Api> {
  const login = await fetch(`${baseUrl()}/api/token/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username, password }) });
  if (!login.ok) throw new Error(`login ${username}: ${login.status}`);
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
  return { get: (path) => call('GET', path), send: (method, path, body) => call(method, path, body) };
}

interface Named {
  _id: string;
  name: string;
}

describe.skipIf(!hasBrowser())('stored HTML in Chromium: stays in its box and calls nowhere', () => {
  let session: BrowserSession;
  const suffix = Date.now().toString(36);
  const viewer = `html.viewer.${suffix}`;
  let viewerPassword = '';
  const ids = { asset: '', identification: `HTML-${suffix}`, table: '', alert: '' };
  const outside: string[] = [];
  const pageErrors: string[] = [];

  beforeAll(async () => {
    session = await openBrowser();
    const admin = await apiAs('admin');
    const technician = await apiAs('technician');
    const [checklists, attributes, roles] = await Promise.all([
      admin.get<Named[]>('/checklist?fields=name'),
      admin.get<{ _id: string; technicalName: string }[]>('/attribute?fields=technicalName'),
      admin.get<Named[]>('/role?fields=name'),
    ]);
    const checklist = checklists.find((c) => c.name === 'Electrical panel monthly')!;
    const attribute = (technicalName: string) => attributes.find((a) => a.technicalName === technicalName)!._id;
    const engineerRole = roles.find((r) => r.name === 'ROLE_ENGINEER')!;

    // Asset message (admin), and an html attribute value of an inspection (technician).
    const asset = await admin.send<Named>('POST', '/asset', { name: `Stored HTML panel ${suffix}`, identification: ids.identification, checklists: [checklist._id], message: PAYLOAD });
    ids.asset = asset._id;
    const submitted = await technician.send<{ inspections: string[] }>('POST', `/inspection?assetId=${asset._id}`, {
      inspectionData: { [checklist._id]: { [attribute('panel_indicator_colour')]: 'Green', [attribute('safety_notes')]: PAYLOAD } },
    });
    const inspection = submitted.inspections[0]!;

    // An alert message, written by a job's write.createAlert on that inspection.
    const jobScript = await admin.send<Named>('POST', '/script', {
      name: `Stored HTML alert ${suffix}`,
      code: `write.createAlert({ asset: ${JSON.stringify(asset._id)}, inspection: ${JSON.stringify(inspection)}, level: 'low', message: ${JSON.stringify(PAYLOAD)} }); return null;`,
    });
    const job = await admin.send<Named>('POST', '/job', { name: `Stored HTML alert ${suffix}`, cronExpression: '0 0 1 1 *', active: false, script: jobScript._id });
    const run = await admin.send<{ outcome: string; summary: { alerts?: string[] } | null }>('POST', `/job/${job._id}/run`, {});
    expect(run.outcome).toBe('ok');
    ids.alert = run.summary?.alerts?.[0] ?? '';

    // Table pre/post content and a cell; a severity colour and an action colour that are CSS of their own.
    const tableScript = await admin.send<Named>('POST', '/script', {
      name: `Stored HTML table ${suffix}`,
      code: `return {
        name: 'Stored HTML', type: 'asset', keyField: '_id',
        fields: [{ heading: 'Name', dataField: 'name' }, { heading: 'Note', dataField: 'note' }, { heading: 'Severity', dataField: 'severityLevel' }, { heading: 'Level', dataField: 'level' }],
        data: [{ _id: 'row-1', name: 'Row one', note: ${JSON.stringify(PAYLOAD)}, severityLevel: { text: 'High', color: ${JSON.stringify(BAD_COLOUR)} }, level: ${JSON.stringify(BAD_COLOUR)} }],
        customActions: [{ name: 'Coloured action', color: ${JSON.stringify(BAD_COLOUR)}, clickFunctionName: 'noop', functionBody: '' }],
        preTableContent: ${JSON.stringify(PAYLOAD)}, preTableContentAfterFilters: ${JSON.stringify(PAYLOAD)}, postTableContent: ${JSON.stringify(PAYLOAD)},
      };`,
    });
    ids.table = (await admin.send<Named>('POST', '/table', { name: `Stored HTML ${suffix}`, type: 'asset', script: tableScript._id }))._id;

    // An html widget on a dashboard of its own, shown to a user of its own with the payload as banner.
    const widgetScript = await admin.send<Named>('POST', '/script', { name: `Stored HTML widget ${suffix}`, code: `return ${JSON.stringify(PAYLOAD)};` });
    const widget = await admin.send<Named>('POST', '/widget', { name: `Stored HTML widget ${suffix}`, type: 'html', script: widgetScript._id });
    const dashboard = await admin.send<Named>('POST', '/dashboard', {
      name: `Stored HTML ${suffix}`,
      sections: [{ title: 'Stored', sequenceId: 0, filters: [], items: [{ widget: widget._id, width: 6, height: 300, sequenceId: 0 }] }],
    });
    const user = await admin.send<Named>('POST', '/user', { username: viewer, name: 'Stored HTML viewer', role: engineerRole._id });
    viewerPassword = (await admin.send<{ password: string }>('POST', `/user/${user._id}/resetPassword`, {})).password;
    await admin.send('PUT', `/user/updateByUserAdministration/${user._id}`, { dashboardId: dashboard._id, banner: { color: '#0d47a1', message: PAYLOAD } });
  });

  afterAll(async () => {
    // Other browser tests count open alerts relative to what they find; still, leave none behind.
    if (ids.alert) await (await apiAs('admin')).send('POST', '/alert/resolve', { ids: [ids.alert], remark: 'Stored HTML browser test' }).catch(() => undefined);
    await session?.close();
  });

  /** A signed-in page whose every request is checked against the app's own origin. */
  async function signedIn(username: string, home: string, viewport = DESKTOP, password = 'demo'): Promise<{ page: Page; context: BrowserContext }> {
    const opened = await session.newPage(viewport);
    const own = new URL(baseUrl()).origin;
    opened.context.on('request', (request) => {
      const url = request.url();
      if (!url.startsWith('data:') && !url.startsWith('blob:') && new URL(url).origin !== own) outside.push(`${username}: ${url}`);
    });
    opened.page.on('pageerror', (error) => pageErrors.push(`${username}: ${error.message}`));
    await opened.page.goto(`${baseUrl()}/login`);
    await signIn(opened.page, username, password);
    await opened.page.waitForURL(`**${home}`);
    return opened;
  }

  /** How many payload elements are on screen, and the largest share of the viewport any one covers. */
  const payloadCoverage = (page: Page) =>
    page.evaluate((mark) => {
      const width = window.innerWidth;
      const height = window.innerHeight;
      const shares = [...document.querySelectorAll(`[title="${mark}"]`)].map((element) => {
        const box = element.getBoundingClientRect();
        const covered = Math.max(0, Math.min(box.right, width) - Math.max(box.left, 0)) * Math.max(0, Math.min(box.bottom, height) - Math.max(box.top, 0));
        return covered / (width * height);
      });
      return { count: shares.length, largest: Math.max(0, ...shares) };
    }, MARK);

  /** The payload is on the page `expected` times (what is left of it) and none of it covers more than a small part. */
  async function staysInItsBox(page: Page, expected: number, shot: string) {
    await eventually(async () => (await payloadCoverage(page)).count).toBeGreaterThanOrEqual(expected);
    // Layout settles (fonts, images) before measuring and looking.
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    await screenshot(page, `stored-html-${shot}`);
    const { largest } = await payloadCoverage(page);
    expect(largest, `${shot}: the stored HTML covers ${Math.round(largest * 100)}% of the viewport`).toBeLessThan(SMALL_SHARE);
    // What lies in the middle of the screen is the app, not the stored link.
    const middle = await page.evaluate((mark) => Boolean(document.elementFromPoint(window.innerWidth / 2, window.innerHeight / 2)?.closest(`[title="${mark}"]`)), MARK);
    expect(middle, `${shot}: the stored link lies over the middle of the screen`).toBe(false);
    expect(outside, `${shot}: requests to another host`).toEqual([]);
  }

  it('banner and html widget on the dashboard', async () => {
    const { page } = await signedIn(viewer, '/home', DESKTOP, viewerPassword);
    await page.getByTestId('session-banner').waitFor();
    await page.locator('[data-widget-id][aria-busy="false"]').first().waitFor();
    // Three elements of the payload in the banner, three in the widget.
    await staysInItsBox(page, 6, '1-dashboard');
    const link = page.locator(`a[title="${MARK}"]`).first();
    expect(await link.getAttribute('target')).toBe('_blank');
    expect(await link.getAttribute('rel')).toBe('noopener noreferrer');
    await page.close();
  });

  it("table screen: pre/post content, a cell, and colours that are CSS of their own", async () => {
    const { page } = await signedIn(viewer, '/home', DESKTOP, viewerPassword);
    await page.goto(`${baseUrl()}/home/asset/table/${ids.table}`);
    await page.getByRole('cell', { name: 'Row one' }).waitFor();
    // Banner, three table contents, one cell.
    await staysInItsBox(page, 15, '2-table');
    // The level's text is its name; the action button keeps the theme's colour.
    expect(await page.getByRole('button', { name: 'Coloured action' }).evaluate((button) => getComputedStyle(button).backgroundImage)).toBe('none');
    await page.close();
  });

  it('engineer Inspections table with Expand All: the html value and the alert message', async () => {
    const { page } = await signedIn(viewer, '/home', DESKTOP, viewerPassword);
    await page.goto(`${baseUrl()}/home/inspection/table`);
    await page.getByRole('cell', { name: `Stored HTML panel ${suffix}` }).first().waitFor();
    await page.getByRole('button', { name: 'Expand All' }).click();
    // Banner, the inspection's Safety notes value and its alert's message.
    await eventually(async () => (await payloadCoverage(page)).count).toBeGreaterThanOrEqual(9);
    await staysInItsBox(page, 9, '3-inspections-expanded');
    await page.close();
  });

  it("technician's asset page on a phone: the asset message and the html input's preview", async () => {
    const { page } = await signedIn('technician', '/inspection', PHONE);
    // Its first screen as the server drew it (issue 20): the message sanitised there by the same rules, nothing of it that loads or covers.
    const html = await drawnPageText(page, `/inspection/asset/identification/${ids.identification}`);
    expect(html).toContain(DRAWN_MARK);
    const drawn = html.slice(html.indexOf('<div id="root">'), html.indexOf('</body>'));
    expect(drawn).toContain('Stored note');
    expect(drawn).not.toMatch(/evil\.example\/(beacon|bg)|position:\s*fixed|background-image|transform/);
    await page.getByRole('heading', { level: 2, name: `Stored HTML panel ${suffix}` }).waitFor();
    await staysInItsBox(page, 3, '4-technician-asset');
    await page.getByRole('textbox', { name: 'Safety notes' }).fill(PAYLOAD);
    await page.locator('.inspection-html-preview').waitFor();
    await staysInItsBox(page, 6, '5-technician-preview');
    await page.close();
  });

  it('on-site board: the open alert message', async () => {
    const { page } = await signedIn('onsite', '/onsite');
    await staysInItsBox(page, 3, '6-onsite');
    await page.close();
  });

  it('sent no request to another host from any of these screens', () => {
    expect(outside).toEqual([]);
    expect(pageErrors).toEqual([]);
  });
});
