import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { adminApi, ok, userHolding, type Doc } from './administration/adminApi';
import { createTestApp, type TestApp } from './helpers/testApp';

/*
 * Issue 20: the first screen of the technician home, the inspect view and the board drawn by the server for the session in the page
 * cookie. The drawer here is a stand-in that writes out what it was handed (the real one, React's,
 * is checked in tests/web/platform/firstScreen and tests/e2e/shell.test.ts): these tests are about who gets a
 * drawn page, with which answers, and what happens when anything is refused or fails.
 */

let t: TestApp;
let root: string;
let api: ReturnType<typeof adminApi>;
const INSPECT = '/inspection/asset/identification/SKD-001';
/** A CSP hash source of an inline script's text (CSP Level 3: base64 of its SHA-256). */
const hashOf = (code: string) => `sha256-${createHash('sha256').update(code).digest('base64')}`;
const BOOT = 'document.documentElement.dataset.boot="1"';
/** The page a drawn screen goes into (build/firstScreenBuild.ts: index.html with its entry held, and its boot script inline with the hash the build compiled). */
const pageWith = (script: string, built = hashOf(BOOT)) =>
  `<!doctype html>\n<html lang="en">\n  <head>\n    <title>spa-home</title>\n  <meta name="boot-script-hash" content="${built}"><script>${script}</script>\n  </head>\n  <body>\n    <div id="root"></div>\n  </body>\n</html>\n`;
const PAGE = pageWith(BOOT);
/** The plain page: index.html, where the app draws its screen itself. */
const PLAIN = '<!doctype html><title>spa-index</title>';
/** What only a drawn page holds: the answers it was drawn from (common/firstScreen.ts). */
const DRAWN = 'id="fo-drawn-answers"';
/** Writes out its arguments as text; a user named "drawer.breaks" makes it throw, "drawer.slow.<ms>" makes it take that long. */
const DRAWER = `export default async function drawScreen({ path, answers, drawnFor }) {
  const username = answers['/token/init'].username;
  if (username === 'drawer.breaks') throw new Error('the render failed');
  if (username.startsWith('drawer.slow.')) await new Promise((resolve) => setTimeout(resolve, Number(username.split('.')[2])));
  const text = JSON.stringify({ path, answers, drawnFor }).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  return { head: '<link rel="preload" as="image" href="/logo.svg"/>', html: '<main id="drawn-main"><pre class="drawn">' + text + '</pre></main>', css: '.css-drawn1{color:#fff}', names: ['drawn1'], lazies: ['TechnicianShell'] };
}
`;

beforeAll(async () => {
  root = mkdtempSync(path.join(tmpdir(), 'fo-screen-'));
  mkdirSync(path.join(root, 'dist'));
  mkdirSync(path.join(root, 'dist-server'));
  writeFileSync(path.join(root, 'dist', 'index.html'), PLAIN);
  writeFileSync(path.join(root, 'dist', 'home.html'), PAGE);
  writeFileSync(path.join(root, 'dist-server', 'drawScreen.mjs'), DRAWER);
  // What is drawn must not depend on how loaded the machine is: these pages wait as long as their drawing takes.
  t = await createTestApp({ distDir: path.join(root, 'dist'), firstScreenWaitMs: 60_000 });
  api = adminApi(t);
});
afterAll(async () => {
  await t.close();
  rmSync(root, { recursive: true, force: true });
});

/** The cookies a signed-in phone sends with the page: its token and its time zone (a zone other than the server's UTC). */
const session = (token: string, zone = 'America/Chicago') => `fo_page=${token}; fo_zone=${encodeURIComponent(zone)}`;

/** A phone's user agent, which the drawer is handed with the zone (the pointer is guessed from it, src/shared/ui/device.tsx). */
const PHONE_AGENT = 'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/136.0.0.0 Mobile Safari/537.36';

const page = (cookie?: string, url = INSPECT, headers: Record<string, string> = {}, app: TestApp = t) =>
  app.app.inject({ method: 'GET', url, headers: { 'user-agent': PHONE_AGENT, ...(cookie === undefined ? {} : { cookie }), ...headers } });

/** What the stand-in drawer was handed, read back from the drawn page. */
function handed(body: string): { path: string; answers: Record<string, unknown>; drawnFor: { timeZone: string; userAgent: string } } {
  const text = /<pre class="drawn">([^<]*)<\/pre>/.exec(body)?.[1];
  expect(text, 'a drawn screen').toBeDefined();
  return JSON.parse(text!.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&')) as { path: string; answers: Record<string, unknown>; drawnFor: { timeZone: string; userAgent: string } };
}

/** A user of a new role holding the technician's permissions but `without` these. */
async function userWithout(username: string, without: readonly string[], app: TestApp = t): Promise<string> {
  const permissions = await adminApi(app).list('permission');
  const technician = (await adminApi(app).list('role')).find((role) => role.name === 'ROLE_TECHNICIAN')!;
  const names = new Map(permissions.map((permission) => [permission._id, permission.name as string]));
  const kept = (technician.permissions as string[]).map((id) => names.get(id)!).filter((name) => !without.includes(name));
  expect(kept.length).toBe((technician.permissions as string[]).length - without.length);
  return userHolding(app, username, kept);
}

describe('the inspect view drawn by the server (issue 20)', () => {
  it('is drawn for the session in the page cookie, with what the page asks first, and kept by no cache', async () => {
    const token = await t.login('technician');
    const response = await page(`other=1; ${session(token)}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(String(response.headers.vary)).toMatch(/cookie/i);
    // The screen in #root as React drew it, ids and all (the browser hydrates it), its styles under emotion's server marker, React's <head> part in <head>.
    expect(response.body).toContain('<div id="root"><main id="drawn-main"><pre class="drawn">');
    expect(response.body).toContain('<link rel="preload" as="image" href="/logo.svg"/><style data-emotion="css drawn1">.css-drawn1{color:#fff}</style>');
    expect(response.body.indexOf('<style data-emotion')).toBeLessThan(response.body.indexOf('</head>'));

    const { path: drawnPath, answers, drawnFor } = handed(response.body);
    expect(drawnPath).toBe(INSPECT);
    // Drawn in the phone's time zone, not the server's.
    expect(drawnFor).toEqual({ timeZone: 'America/Chicago', userAgent: PHONE_AGENT });
    const user = answers['/token/init'] as { username: string; permissions: string[] };
    expect(user.username).toBe('technician');
    expect(answers['/init/applicationInfo']).toMatchObject({ applicationName: expect.any(String) });
    // The demo's SKD-001 is three assets (a control panel and two pumps), asked with their checklists as the page asks them.
    const group = answers['/asset/identification/group/SKD-001?expand=checklists'] as { _id: string; checklistDetails: unknown[] }[];
    expect(group).toHaveLength(3);
    expect(group.every((asset) => Array.isArray(asset.checklistDetails))).toBe(true);
    // Each asset's previous inspections: the technician may read them.
    for (const asset of group) expect(answers[`/asset/${asset._id}/previousInspections`], asset._id).toEqual(expect.any(Array));
    expect(Object.keys(answers)).toHaveLength(6);
    // The page holds the same answers for the app to take instead of asking again (issue 41 step 3), first in <head>.
    const held = /<head>\s*<script type="application\/json" id="fo-drawn-answers">([^<]*)<\/script>/.exec(response.body)?.[1];
    expect(held, 'the answers held first in <head>').toBeDefined();
    expect(JSON.parse(held!)).toEqual({ answers, lazies: ['TechnicianShell'] });
  });

  it("draws the on-site board with the user's dashboard and the figures of its widgets that receive no filter", async () => {
    const token = await t.login('onsite');
    const { path: drawnPath, answers, drawnFor } = handed((await page(session(token, 'Europe/Berlin'), '/onsite')).body);
    expect(drawnPath).toBe('/onsite');
    expect(drawnFor).toEqual({ timeZone: 'Europe/Berlin', userAgent: PHONE_AGENT });
    const user = answers['/token/init'] as { username: string; dashboardId: string };
    expect(user.username).toBe('onsite');
    expect(answers['/init/applicationInfo']).toMatchObject({ applicationName: expect.any(String) });
    // The demo's "Plant room board": a "Live" section without filters (three widgets) and the period's alert trend.
    const dashboard = answers[`/dashboard/${user.dashboardId}`] as { name: string };
    expect(dashboard.name).toBe('Plant room board');
    const widgets = Object.entries(answers).filter(([key]) => key.startsWith('/widget/'));
    expect(widgets.map(([, widget]) => (widget as { name: string }).name).sort()).toEqual(['Alerts raised today', 'Open alerts', 'Open alerts by level']);
    for (const [key, widget] of widgets) expect(key).toBe(`/widget/${(widget as { _id: string })._id}`);
    // The alert trend receives the period: its figures depend on the phone's calendar, and arrive with the app.
    expect(Object.keys(answers)).toHaveLength(6);
  });

  it("draws the technician home with the user's work orders, recent assets and board, as the home asks them", async () => {
    const token = await t.login('technician');
    const { path: drawnPath, answers } = handed((await page(session(token), '/inspection')).body);
    expect(drawnPath).toBe('/inspection');
    const user = answers['/token/init'] as { username: string; dashboardId: string };
    expect(user.username).toBe('technician');
    expect(answers['/workOrder/my']).toEqual(expect.any(Array));
    expect((answers['/workOrder/my'] as unknown[]).length).toBeGreaterThan(0);
    expect(answers['/inspection/myRecentAssets']).toEqual(expect.any(Array));
    expect(answers[`/dashboard/${user.dashboardId}`]).toMatchObject({ _id: user.dashboardId });
    expect(Object.keys(answers).filter((key) => key.startsWith('/widget/')).length).toBeGreaterThan(0);
  });

  it('draws the home without the lists a user may not read (the API would refuse them, and sign the user out)', async () => {
    const token = await userWithout('no.orders', ['read-workorder', 'update-inspection']);
    const { answers } = handed((await page(session(token), '/inspection')).body);
    expect(answers['/workOrder/my']).toBeUndefined();
    expect(answers['/inspection/myRecentAssets']).toBeUndefined();
    expect(answers['/token/init']).toMatchObject({ username: 'no.orders' });
  });

  it('draws the board without a dashboard for a user who may not read dashboards (the API would refuse it)', async () => {
    const token = await userWithout('no.dashboards', ['read-dashboard']);
    const { answers } = handed((await page(session(token), '/onsite')).body);
    expect(Object.keys(answers).sort()).toEqual(['/init/applicationInfo', '/token/init']);
  });

  it('asks no previous inspections for a user who may not read them (the API would refuse them)', async () => {
    const token = await userWithout('no.history', ['read-inspection']);
    const { answers } = handed((await page(session(token))).body);
    expect((answers['/token/init'] as { username: string }).username).toBe('no.history');
    expect(Object.keys(answers).filter((key) => key.endsWith('/previousInspections'))).toEqual([]);
    expect(answers['/asset/identification/group/SKD-001?expand=checklists']).toHaveLength(3);
  });

  it('serves the plain page, with nothing of anyone’s data, when there is no session or the API refuses it', async () => {
    const noAssets = await userWithout('no.assets', ['read-asset']);
    const signedIn = await t.login('technician');
    const cases: [string, string | undefined, string?][] = [
      ['no cookie', undefined],
      ['an empty cookie', 'fo_page=; fo_zone=UTC'],
      ['another cookie of the same prefix', `fo_pages=${signedIn}; fo_zone=UTC`],
      ['a token that is not one', session('not.a.token')],
      ['a user who may not read assets', session(noAssets)],
      ['an identification no asset has', session(signedIn), '/inspection/asset/identification/NOPE-404'],
    ];
    for (const [label, cookie, url] of cases) {
      const response = await page(cookie, url);
      expect(response.statusCode, label).toBe(200);
      expect(response.body, label).toBe(PLAIN);
      expect(response.headers['cache-control'], label).toBe('no-cache');
    }
  });

  it('draws nothing without a time zone the server knows: times in its own zone would be wrong on the phone', async () => {
    const token = await t.login('technician');
    expect(handed((await page(session(token, 'Asia/Kolkata'))).body).drawnFor).toEqual({ timeZone: 'Asia/Kolkata', userAgent: PHONE_AGENT });
    const cases: [string, string][] = [
      ['no zone', `fo_page=${token}`],
      ['an empty zone', `fo_page=${token}; fo_zone=`],
      ['a zone no one has', session(token, 'Mars/Olympus_Mons')],
      ['not a zone name', session(token, '../../etc/passwd')],
      ['a broken escape', `fo_page=${token}; fo_zone=%E0%A4%A`],
      ['a zone name far too long', session(token, `Europe/${'x'.repeat(200)}`)],
    ];
    for (const [label, cookie] of cases) {
      const response = await page(cookie);
      expect(response.statusCode, label).toBe(200);
      expect(response.body, label).toBe(PLAIN);
    }
  });

  it('draws nothing for a signed-out user whose token was deactivated with the account', async () => {
    const token = await userWithout('leaving.tech', []);
    expect(handed((await page(session(token))).body).answers['/token/init']).toMatchObject({ username: 'leaving.tech' });
    const user = (await api.list('user')).find((one) => one.username === 'leaving.tech')!;
    ok(await api.put(`/user/updateByUserAdministration/${user._id}`, { status: 'inactive' }));
    expect((await page(session(token))).body).toBe(PLAIN);
  });

  it('serves the plain page, never an error, when the drawing fails', async () => {
    const token = await userWithout('drawer.breaks', []);
    const response = await page(session(token));
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe(PLAIN);
  });

  it('serves the plain page at once while two pages are being drawn: a burst never queues up', async () => {
    const token = await userWithout('drawer.slow.400', []);
    const started = Date.now();
    const answers = await Promise.all([1, 2, 3].map(() => page(session(token))));
    const drawn = answers.filter((answer) => answer.body.includes(DRAWN));
    expect(drawn).toHaveLength(2);
    expect(answers.filter((answer) => answer.body === PLAIN)).toHaveLength(1);
    expect(Date.now() - started).toBeGreaterThanOrEqual(400);
    // Drawn again once the drawer is free.
    expect((await page(session(token))).body).toContain(DRAWN);
  });

  it('draws only the technician home, the inspect view and the board, and only for GET', async () => {
    const token = await t.login('technician');
    for (const url of ['/onsite/', '/inspection', '/inspection/', '/inspection?workOrders=completed']) expect((await page(session(token), url)).body, url).toContain(DRAWN);
    for (const url of ['/inspection/scan', '/inspection/workOrder/w1', '/inspection/asset/identification/SKD-001/thermography', '/onsitex', '/onsite/board', '/home']) {
      expect((await page(session(token), url)).body, url).toBe(PLAIN);
    }
    const head = await t.app.inject({ method: 'HEAD', url: INSPECT, headers: { cookie: session(token) } });
    expect(head.statusCode).toBe(200);
    expect(head.headers['cache-control']).toBe('no-cache');
  });

  it("allows the drawn page's one inline script by the hash of the text it holds, on that page alone", async () => {
    const token = await t.login('technician');
    const scriptSources = (response: Awaited<ReturnType<typeof page>>) => /(?:^|;)\s*script-src ([^;]*)/.exec(String(response.headers['content-security-policy']))?.[1];
    const drawn = await page(session(token));
    expect(drawn.body).toContain(`<script>${BOOT}</script>`);
    expect(scriptSources(drawn)).toBe(`'${hashOf(BOOT)}' 'self' 'wasm-unsafe-eval'`);
    expect(String(drawn.headers['content-security-policy'])).toContain("script-src-attr 'none'");
    // The plain page holds no inline script: its CSP allows none.
    expect(scriptSources(await page())).toBe(`'self' 'wasm-unsafe-eval'`);
  });

  it('takes the hash from the page as it is now, rebuilt beside the running server, and logs a script the build did not compile', async () => {
    const token = await t.login('technician');
    const file = path.join(root, 'dist', 'home.html');
    const errors = vi.spyOn(t.app.log, 'error');
    const changed = 'document.documentElement.dataset.boot="changed after the build"';
    try {
      writeFileSync(file, pageWith(changed));
      utimesSync(file, new Date(), new Date(Date.now() + 60_000));
      const drawn = await page(session(token));
      expect(drawn.body).toContain(DRAWN);
      expect(String(drawn.headers['content-security-policy'])).toContain(`script-src '${hashOf(changed)}' 'self'`);
      expect(String(drawn.headers['content-security-policy'])).not.toContain(hashOf(BOOT));
      expect(errors).toHaveBeenCalledWith(expect.objectContaining({ built: hashOf(BOOT) }), expect.stringMatching(/not the one the build compiled/));
      // A rebuild whose script is the one it compiled is not logged.
      errors.mockClear();
      writeFileSync(file, pageWith(changed, hashOf(changed)));
      utimesSync(file, new Date(), new Date(Date.now() + 120_000));
      expect(String((await page(session(token))).headers['content-security-policy'])).toContain(`script-src '${hashOf(changed)}' 'self'`);
      expect(errors).not.toHaveBeenCalled();
    } finally {
      errors.mockRestore();
      writeFileSync(file, PAGE);
      utimesSync(file, new Date(), new Date(Date.now() + 180_000));
    }
  });

  it('compresses the drawn page as the phone accepts it', async () => {
    const token = await t.login('technician');
    const brotli = await page(session(token), INSPECT, { 'accept-encoding': 'gzip, deflate, br' });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toContain(DRAWN);
    const gzip = await page(session(token), INSPECT, { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toContain(DRAWN);
    const plain = await page(session(token));
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toContain(DRAWN);
  });

  it('never lets the cookie sign an API call: the API reads x-auth alone', async () => {
    const token = await t.login('technician');
    for (const url of ['/api/token/init', '/api/asset/identification/group/SKD-001']) {
      const response = await t.app.inject({ method: 'GET', url, headers: { cookie: `fo_page=${token}` } });
      expect(response.statusCode, url).toBe(401);
    }
  });
});

/*
 * How long a page waits: an app whose pages wait WAIT_MS for their drawing (a server's default is
 * FIRST_SCREEN_WAIT_MS, 1.5 s), and whose scripts run up to 6 s, so that each bound below leaves seconds between "served at the wait"
 * and "served when the work ended" on a loaded machine.
 */
describe('a page waits for its drawing only so long (issue 20)', () => {
  const WAIT_MS = 1_000;
  let quick: TestApp;
  beforeAll(async () => {
    quick = await createTestApp({ distDir: path.join(root, 'dist'), firstScreenWaitMs: WAIT_MS, scriptTimeLimitMs: 6_000 });
    // The drawing thread's first start is given longer (it loads the drawer): started here, the waits below are WAIT_MS.
    await page(session(await quick.login('technician')), INSPECT, {}, quick);
  });
  afterAll(() => quick.close());

  it('serves the plain page when a drawing takes longer than a page should wait', async () => {
    const token = await userWithout('drawer.slow.5000', [], quick);
    const started = Date.now();
    const response = await page(session(token), INSPECT, {}, quick);
    expect(response.body).toBe(PLAIN);
    expect(Date.now() - started).toBeLessThan(4_000);
  });

  it("serves the plain page when the board's answers take longer than a page should wait", async () => {
    const quickApi = adminApi(quick);
    // A widget whose script runs until the sandbox stops it (6 s), on a board of its own.
    const script = await quickApi.create('script', { name: 'Slow board figure', code: 'const end = Date.now() + 10000; while (Date.now() < end) {} return 1;' });
    const widget = await quickApi.create('widget', { name: 'Slow figure', type: 'string', script: script._id });
    const dashboard = await quickApi.create('dashboard', { name: 'Slow board', sections: [{ title: 'Live', sequenceId: 1, filters: [], items: [{ widget: widget._id, width: 12, height: 200, sequenceId: 1 }] }] });
    const onsiteRole = (await quickApi.list('role')).find((role) => role.name === 'ROLE_ONSITE')!;
    const role = await quickApi.create('role', { name: 'Slow board watchers', permissions: onsiteRole.permissions, dashboard: dashboard._id });
    const user = ok<Doc>(await quickApi.post('/user', { username: 'slow.board', name: 'Slow Board', role: role._id }));
    const { password } = ok<{ password: string }>(await quickApi.post(`/user/${user._id}/resetPassword`, {}));
    const token = await quick.login('slow.board', password);
    const started = Date.now();
    const response = await page(session(token), '/onsite', {}, quick);
    expect(response.body).toBe(PLAIN);
    expect(Date.now() - started).toBeLessThan(4_000);

    // Asking a page's answers takes one of the two places too, until the asking ends (late or not):
    // a burst of slow boards runs two at most, the others are served plain at once.
    const technician = await quick.login('technician');
    // Both places free: two pages at once are both drawn.
    const bothFree = async () => (await Promise.all([1, 2].map(() => page(session(technician), INSPECT, {}, quick)))).every((one) => one.body.includes(DRAWN));
    await vi.waitUntil(bothFree, { timeout: 20_000, interval: 100 });
    const timed = await Promise.all(
      [1, 2, 3].map(async () => {
        const at = Date.now();
        const one = await page(session(token), '/onsite', {}, quick);
        return { body: one.body, ms: Date.now() - at };
      }),
    );
    expect(timed.every((one) => one.body === PLAIN)).toBe(true);
    // Two waited their WAIT_MS; the third was served without waiting.
    const [first, ...waited] = timed.map((one) => one.ms).sort((a, b) => a - b);
    expect(waited.every((ms) => ms >= WAIT_MS)).toBe(true);
    expect(first).toBeLessThan(WAIT_MS);
    // The places come back once the scripts have ended.
    await vi.waitUntil(bothFree, { timeout: 20_000, interval: 100 });
  }, 60_000);
});
