import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DESKTOP, PHONE, baseUrl, hasBrowser, openBrowser, ownUser, screenshot, signIn, type BrowserSession } from './browser';

/** In the page from its first script on (an init script): the sum of its layout shifts without recent input, as CLS counts them. */
function recordLayoutShifts() {
  const record = window as unknown as { __shifts: number };
  record.__shifts = 0;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) if (!entry.hadRecentInput) record.__shifts += entry.value;
  }).observe({ type: 'layout-shift', buffered: true });
}

const shiftsOf = (page: Page) => page.evaluate(() => (window as unknown as { __shifts: number }).__shifts);

/** When the page's first paint came, and when the app's entry script and its /token/init were asked. */
function paintAndFirstAsks(page: Page) {
  return page.evaluate(() => {
    const startsOf = (pattern: RegExp) =>
      performance.getEntriesByType('resource').filter((entry) => pattern.test(new URL(entry.name).pathname)).map((entry) => entry.startTime);
    return { paint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null, entry: startsOf(/^\/assets\/index-[\w-]+\.js$/), init: startsOf(/^\/api\/token\/init$/) };
  });
}

type LargestPaint = { inCopy: boolean; text: string; box: number[] };

/** In the page from its first script on (an init script): each largest contentful paint, whether it was the boot copy's (#app-shell), its text and box. */
function largestPaints() {
  const seen = { largest: [] as { inCopy: boolean; text: string; box: number[] }[] };
  (window as unknown as { __seen: typeof seen }).__seen = seen;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as (PerformanceEntry & { element: Element | null })[]) {
      const box = entry.element?.getBoundingClientRect();
      seen.largest.push({ inCopy: Boolean(entry.element?.closest('#app-shell')), text: entry.element?.textContent ?? '', box: box ? [box.x, box.y, box.width, box.height] : [] });
    }
  }).observe({ type: 'largest-contentful-paint', buffered: true });
}

const largestPaintsOf = (page: Page) => page.evaluate(() => (window as unknown as { __seen: { largest: LargestPaint[] } }).__seen);

/**
 * On a page the server drew (common/bootPaint.ts withServerScreen): its styles are still in the page,
 * under emotion's server marker, React's screen uses their classes, and no other sheet holds a rule of
 * theirs (emotion took them as inserted instead of compiling and inserting them again).
 */
async function expectDrawnStylesAdopted(page: Page) {
  const styles = await page.evaluate(() => {
    const drawn = [...document.querySelectorAll('style[data-emotion]')].filter((style) => style.getAttribute('data-emotion')!.startsWith('css '));
    const names = new Set(drawn.flatMap((style) => style.getAttribute('data-emotion')!.split(' ').slice(1)));
    const classOf = /\.css-([\w-]+)/g;
    const insertedAgain = [...document.styleSheets]
      .filter((sheet) => !drawn.includes(sheet.ownerNode as Element))
      .flatMap((sheet) => [...sheet.cssRules].flatMap((rule) => [...rule.cssText.matchAll(classOf)].map((match) => match[1]!)))
      .filter((name) => names.has(name));
    const usedByReact = [...document.querySelectorAll('#root [class]')].flatMap((element) => [...element.classList]).filter((name) => names.has(name.replace(/^css-/, '')));
    return { drawnSheets: drawn.length, names: names.size, insertedAgain: [...new Set(insertedAgain)], usedByReact: new Set(usedByReact).size };
  });
  expect(styles.drawnSheets).toBe(1);
  expect(styles.names).toBeGreaterThan(20);
  expect(styles.usedByReact).toBeGreaterThan(10);
  expect(styles.insertedAgain).toEqual([]);
}

/** The built app, started as `npm start` starts it, driven in Debian's Chromium. */
describe.skipIf(!hasBrowser())('the running app in Chromium', () => {
  let session: BrowserSession;
  const pageErrors: string[] = [];
  beforeAll(async () => {
    session = await openBrowser();
  });
  afterAll(async () => {
    await session?.close();
  });

  async function open(path: string, viewport = DESKTOP): Promise<Page> {
    const { page } = await session.newPage(viewport);
    page.on('pageerror', (error) => pageErrors.push(`${path}: ${error.message}`));
    await page.goto(`${baseUrl()}${path}`);
    return page;
  }

  /** The technician signed in on a phone (in `timezoneId`, when given), at their home; `watch` sees the page before anything loads. Errors are kept under `label`. */
  async function technicianOnPhone(label: string, watch: (page: Page) => void = () => undefined, timezoneId?: string) {
    const opened = await session.newPage(PHONE, timezoneId ? { timezoneId } : {});
    opened.page.on('pageerror', (error) => pageErrors.push(`${label}: ${error.message}`));
    watch(opened.page);
    await opened.page.goto(`${baseUrl()}/login`);
    await signIn(opened.page, 'technician');
    await opened.page.waitForURL('**/inspection');
    return opened;
  }

  it('sends a signed-out deep link to Login with from, and back to it after signing in', async () => {
    const page = await open('/home/userManagement');
    await page.waitForURL('**/login?from=%2Fhome%2FuserManagement');
    await screenshot(page, 'login-from-deep-link');
    await signIn(page, 'admin');
    await page.waitForURL('**/home/userManagement');
    await page.getByRole('heading', { name: 'User management' }).waitFor();
    await page.close();
  });

  it('validates the login form before calling the server, and shows the server message in red', async () => {
    const page = await open('/login', PHONE);
    await page.getByRole('button', { name: 'Login' }).click();
    await expect.poll(() => page.getByText('Required.').count()).toBe(2);
    await page.locator('input[name="username"]').fill('   ');
    await page.locator('input[name="password"]').fill('   ');
    await page.getByRole('button', { name: 'Login' }).click();
    await page.getByText('Please enter both username and password').waitFor();
    await page.locator('input[name="username"]').fill('engineer');
    await page.locator('input[name="password"]').fill('wrong-password');
    await page.getByRole('button', { name: 'Login' }).click();
    const alert = page.getByRole('alert').filter({ hasText: 'Invalid username or password' });
    await alert.waitFor();
    const background = await alert.evaluate((el) => getComputedStyle(el).backgroundColor);
    const [r, g, b] = background.match(/\d+/g)!.map(Number) as [number, number, number];
    expect(r).toBeGreaterThan(g + 60);
    expect(r).toBeGreaterThan(b + 60);
    const passwordInput = page.locator('input[name="password"]');
    expect(await passwordInput.getAttribute('type')).toBe('password');
    await page.getByRole('button', { name: /show password|toggle password|password visibility/i }).click();
    expect(await passwordInput.getAttribute('type')).toBe('text');
    await screenshot(page, 'login-phone-errors');
    await page.close();
  });

  it.each([
    ['admin', '/home'],
    ['technician', '/inspection'],
    ['onsite', '/onsite'],
  ])('takes %s home to %s', async (username, home) => {
    const page = await open('/login');
    await signIn(page, username);
    await page.waitForURL((url) => url.pathname === home);
    await page.getByText(/Ada Admin|Tom Technician|Olga Onsite/).first().waitFor();
    await screenshot(page, `home-${username}`);
    await page.close();
  });

  it('shows the technician shell at phone size: home, Scan QR Code, Profile, Logout and the welcome', async () => {
    const page = await open('/login', PHONE);
    await signIn(page, 'technician');
    await page.waitForURL('**/inspection');
    for (const name of ['Home', 'Scan QR Code', 'Profile', 'Logout']) {
      await page.getByRole('button', { name, exact: true }).or(page.getByRole('link', { name, exact: true })).first().waitFor();
    }
    await page.getByText('Welcome, Tom Technician').waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await screenshot(page, 'technician-home-phone');
    await page.close();
  });

  it('gates the drawer by permission and shows the sanitised banner', async () => {
    const page = await open('/login');
    await signIn(page, 'engineer');
    await page.waitForURL('**/home');
    await page.getByText('Eric Engineer').first().waitFor();
    await page.getByText('Planned shutdown:').waitFor();
    await page.getByRole('menuitem', { name: 'Home' }).or(page.getByRole('link', { name: 'Home' })).first().waitFor();
    await screenshot(page, 'engineer-home-banner');
    await page.close();

    const onsite = await open('/login');
    await signIn(onsite, 'onsite');
    await onsite.waitForURL('**/onsite');
    await onsite.goto(`${baseUrl()}/home`);
    await onsite.waitForURL('**/login?from=%2Fhome');
    await onsite.close();
  });

  it('updates the profile: mismatch refused, then email saved with the spec\'s notice', async () => {
    // An engineer of its own: the demo users stay as seeded for every other file.
    const user = await ownUser('ROLE_THERMOGRAPHY_ENGINEER', 'profile.email');
    const page = await open('/login');
    await signIn(page, user.username, user.password);
    await page.waitForURL('**/home');
    await page.getByRole('button', { name: 'Profile' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.locator('input[name="password"]').fill('one-password');
    await dialog.locator('input[name="confirmPassword"]').fill('another-password');
    await dialog.getByRole('button', { name: 'Update' }).click();
    await dialog.getByText('Password does not match').waitFor();
    await screenshot(page, 'profile-mismatch');
    await dialog.locator('input[name="password"]').fill('');
    await dialog.locator('input[name="confirmPassword"]').fill('');
    await dialog.locator('input[name="email"]').fill('theo@plant.example');
    await dialog.getByRole('button', { name: 'Update' }).click();
    await page.getByText('Profile update successfully.').waitFor();
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    const token = await page.evaluate(() => localStorage.getItem('jwt'));
    const me = await (await fetch(`${baseUrl()}/api/token/init`, { headers: { 'x-auth': token! } })).json();
    expect(me.email).toBe('theo@plant.example');
    await page.close();
  });

  it('logs out to Login and forgets the token', async () => {
    const page = await open('/login');
    await signIn(page, 'thermo.manager');
    await page.waitForURL('**/home');
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL((url) => url.pathname === '/login');
    expect(await page.evaluate(() => localStorage.getItem('jwt'))).toBeNull();
    await page.goto(`${baseUrl()}/home`);
    await page.waitForURL('**/login?from=%2Fhome');
    await screenshot(page, 'after-logout');
    await page.close();
  });

  it('tells a signed-in technician on Login that this account cannot open /home/userManagement, with a way home', async () => {
    const page = await open('/login', PHONE);
    await signIn(page, 'technician');
    await page.waitForURL('**/inspection');
    await page.goto(`${baseUrl()}/home/userManagement`);
    await page.waitForURL('**/login?from=%2Fhome%2FuserManagement');
    await page.getByText('Signed in as Tom Technician (technician)').waitFor();
    await page.getByText('This account cannot open /home/userManagement.').waitFor();
    await screenshot(page, 'login-signed-in-cannot-open');
    // Signing in as the same account again does not loop: Login stays, with the notice.
    const signedInAgain = page.waitForResponse((response) => response.url().endsWith('/api/token/init'));
    await signIn(page, 'technician');
    await signedInAgain;
    await expect.poll(() => page.getByRole('button', { name: 'Login' }).isEnabled(), { timeout: 15_000 }).toBe(true);
    await page.getByText('Signed in as Tom Technician (technician)').waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
    await page.getByRole('button', { name: 'Back to my home' }).click();
    await page.waitForURL((url) => url.pathname === '/inspection');
    await page.getByText('Welcome, Tom Technician').waitFor();
    await page.close();
  });

  /** Every widget of the page has answered (none busy). */
  async function widgetsDrawn(page: Page) {
    await expect.poll(() => page.locator('[data-widget-id]').count(), { timeout: 20_000 }).toBeGreaterThan(0);
    await expect.poll(() => page.locator('[data-widget-id][aria-busy="true"]').count(), { timeout: 20_000 }).toBe(0);
  }

  /** A widget title shown whole: not cut at the end of its line or lines (an h3 under a titled section, else an h2). */
  const titleShownWhole = (page: Page, name: string) =>
    page.getByRole('region', { name, exact: true }).locator('h2, h3').evaluate((title) => title.scrollHeight <= title.clientHeight + 1 && title.scrollWidth <= title.clientWidth + 1);

  it.each([
    ['admin', '/home', 'Users by role'],
    ['thermo.engineer', '/home', 'Electrical assets'],
    ['thermo.manager', '/home', 'Open alerts on electrical assets'],
    ['thermo.tech', '/inspection', 'Survey list'],
  ])('gives %s a dashboard on their home %s', async (username, home, widget) => {
    const page = await open('/login');
    await signIn(page, username);
    await page.waitForURL((url) => url.pathname === home);
    await page.getByRole('region', { name: widget, exact: true }).waitFor();
    await widgetsDrawn(page);
    expect(await page.getByText('No dashboard yet').count()).toBe(0);
    expect(await page.getByText('This widget could not be loaded').count()).toBe(0);
    await screenshot(page, `dashboard-${username}`);
    await page.close();
  });

  it.each([
    ['engineer', '/home', DESKTOP, 'desktop'],
    ['technician', '/inspection', PHONE, 'phone'],
    ['technician', '/inspection', DESKTOP, 'desktop'],
  ])("shows %s's widget titles whole, and the safety note's title once (%s, %s)", async (username, home, viewport, label) => {
    const page = await open('/login', viewport);
    await signIn(page, username);
    await page.waitForURL((url) => url.pathname === home);
    await widgetsDrawn(page);
    expect(await titleShownWhole(page, 'Inspections this week vs schedule')).toBe(true);
    if (username === 'technician') expect(await page.getByText('Before you start').count()).toBe(1);
    await screenshot(page, `widget-titles-${username}-${label}`);
    await page.close();
  });

  it.each([
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ])('keeps app name, user name and Logout on one row of the on-site bar (%s)', async (label, viewport) => {
    const page = await open('/login', viewport);
    await signIn(page, 'onsite');
    await page.waitForURL('**/onsite');
    const header = page.locator('header');
    const appName = header.getByText('FacilityOps');
    const userName = header.getByTestId('session-user-name');
    const logout = header.getByRole('button', { name: 'Logout' });
    await userName.waitFor();
    const boxes = await Promise.all([appName, userName, logout].map(async (element) => (await element.boundingBox())!));
    for (const box of boxes) {
      expect(box.width).toBeGreaterThan(0);
      expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
    }
    // Each one's vertical middle lies within the others' height: they share a row.
    for (const box of boxes) {
      for (const other of boxes) {
        const middle = box.y + box.height / 2;
        expect(middle).toBeGreaterThanOrEqual(other.y);
        expect(middle).toBeLessThanOrEqual(other.y + other.height);
      }
    }
    await header.locator('[data-connection]').waitFor();
    await header.locator('time').waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await screenshot(page, `onsite-bar-${label}`);
    await page.close();
  });

  it("paints a signed-in technician's home before React (the scan hint, where React draws it) and hands over without a shift (issue 20)", async () => {
    const { page } = await technicianOnPhone('/inspection (shell)');
    await page.getByText('Tap the Scan QR Code button', { exact: false }).waitFor();
    await page.addInitScript(recordLayoutShifts);
    // From the next load on, every frame before its paint: the shell's hint box while it shows, and the layout shifts.
    await page.addInitScript(() => {
      const seen = { shellHint: null as number[] | null };
      (window as unknown as { __shell: typeof seen }).__shell = seen;
      const frame = () => {
        const hint = document.querySelector('#app-shell p');
        if (hint && !seen.shellHint && getComputedStyle(document.getElementById('app-shell')!).display !== 'none') {
          const box = hint.getBoundingClientRect();
          seen.shellHint = [box.x, box.y, box.width, box.height];
        }
        if (document.getElementById('app-shell') || !seen.shellHint) requestAnimationFrame(frame);
      };
      requestAnimationFrame(frame);
    });
    await page.reload();
    const welcome = page.getByRole('heading', { level: 1, name: /^Welcome, / });
    await welcome.waitFor();
    await page.waitForTimeout(1000);
    const seen = await page.evaluate(() => (window as unknown as { __shell: { shellHint: number[] | null } }).__shell);
    expect(seen.shellHint, 'the shell was on screen before React').not.toBeNull();
    expect(await page.locator('#app-shell').count()).toBe(0);
    const reactHint = await page.getByText('Tap the Scan QR Code button', { exact: false }).boundingBox();
    expect([reactHint!.x, reactHint!.y, reactHint!.width, reactHint!.height].map(Math.round)).toEqual(seen.shellHint!.map(Math.round));
    expect(await shiftsOf(page)).toBeLessThan(0.05);
    // The shell's paint comes first: the app's entry and its first API call are asked only after it
    // (build/bootPlugin.ts: the home's page holds its entry back until the shell is on screen).
    const timing = await paintAndFirstAsks(page);
    expect(timing.paint).not.toBeNull();
    expect(timing.entry).toHaveLength(1);
    expect(timing.init.length).toBeGreaterThan(0);
    expect(Math.min(...timing.entry, ...timing.init)).toBeGreaterThanOrEqual(timing.paint!);
    await page.close();
  });

  it("paints the inspect view's last screen before React on the technician's next visit, and hands over to React's own in place (issue 20)", async () => {
    const path = '/inspection/asset/identification/SKD-001';
    // The boot script is inline, allowed by its hash alone: the browser must not refuse it.
    const refused: string[] = [];
    const { page, context } = await technicianOnPhone(`${path} (last screen)`, (opened) =>
      opened.on('console', (message) => {
        if (/Content Security Policy/i.test(message.text())) refused.push(message.text());
      }),
    );
    await page.goto(`${baseUrl()}${path}`);
    await page.getByRole('region', { name: 'Booster set control panel' }).waitFor();
    // Kept once the page has settled (src/platform/firstScreen/lastScreen.ts).
    await page.waitForFunction((kept) => (localStorage.getItem('fo.lastScreens') ?? '').includes(kept), path);
    // A browser that keeps no cookies: the server cannot draw the page, the phone's copy stands in.
    await context.clearCookies();
    await page.addInitScript(recordLayoutShifts);
    // From the next load on: the largest paints (and whether each was the copy's), and the layout shifts.
    await page.addInitScript(largestPaints);
    await page.reload();
    await page.getByRole('region', { name: 'Booster set control panel' }).waitFor();
    await page.locator('#app-shell').waitFor({ state: 'detached' });
    await page.waitForTimeout(500);
    const seen = await largestPaintsOf(page);
    expect(await page.evaluate(() => document.documentElement.hasAttribute('data-server-screen'))).toBe(false);
    // The first screen's largest text was the copy's, painted before the app's code ran…
    const [first] = seen.largest;
    expect(first?.inCopy, JSON.stringify(seen.largest)).toBe(true);
    const timing = await paintAndFirstAsks(page);
    expect(timing.paint).not.toBeNull();
    expect(timing.entry).toHaveLength(1);
    expect(Math.min(...timing.entry, ...timing.init)).toBeGreaterThanOrEqual(timing.paint!);
    // …and React drew the same text in the same place: nothing larger came later, nothing moved.
    expect(seen.largest.filter((entry) => !entry.inCopy)).toEqual([]);
    const reactCopy = page.locator('#root p', { hasText: first!.text }).first();
    const box = await reactCopy.boundingBox();
    expect([box!.x, box!.y, box!.width, box!.height].map(Math.round)).toEqual(first!.box.map(Math.round));
    expect(await shiftsOf(page)).toBeLessThan(0.05);
    // The copy is not React's: it could not be used, and nothing of it is left.
    expect(await page.locator('style[data-last-screen]').count()).toBe(0);
    expect(refused).toEqual([]);
    await page.close();
  });

  it("paints the inspect view's loading frame before React on its first visit (its title and line, where React draws them) and hands over without a shift (issue 20)", async () => {
    const path = '/inspection/asset/identification/SKD-001';
    const { page, context } = await technicianOnPhone(`${path} (loading frame)`);
    // A browser that keeps no cookies: the server cannot draw the page.
    await context.clearCookies();
    await page.addInitScript(recordLayoutShifts);
    // Every frame of the next load: the frame's title box while it shows, and the layout shifts.
    await page.addInitScript(() => {
      const seen = { title: null as number[] | null, titleText: '' };
      (window as unknown as { __frame: typeof seen }).__frame = seen;
      const frame = () => {
        const title = document.querySelector('#app-shell .fo-shell-title');
        if (title?.textContent && !seen.title && getComputedStyle(title).display !== 'none' && getComputedStyle(document.getElementById('app-shell')!).display !== 'none') {
          const box = title.getBoundingClientRect();
          seen.title = [box.x, box.y, box.width, box.height];
          seen.titleText = title.textContent;
        }
        if (document.getElementById('app-shell') || !seen.title) requestAnimationFrame(frame);
      };
      requestAnimationFrame(frame);
    });
    await page.goto(`${baseUrl()}${path}`);
    await page.getByRole('region', { name: 'Booster set control panel' }).waitFor();
    await page.waitForTimeout(500);
    const seen = await page.evaluate(() => (window as unknown as { __frame: { title: number[] | null; titleText: string } }).__frame);
    expect(seen.title, 'the loading frame was on screen before React').not.toBeNull();
    // React's title: the same words (CSS upper-cases both) in the same box.
    expect(seen.titleText).toBe('Asset SKD-001');
    const reactTitle = await page.getByRole('heading', { level: 1, name: 'Asset SKD-001' }).boundingBox();
    expect([reactTitle!.x, reactTitle!.y, reactTitle!.width, reactTitle!.height].map(Math.round)).toEqual(seen.title!.map(Math.round));
    expect(await page.locator('#app-shell').count()).toBe(0);
    expect(await shiftsOf(page)).toBeLessThan(0.05);
    const timing = await paintAndFirstAsks(page);
    expect(timing.paint).not.toBeNull();
    expect(Math.min(...timing.entry, ...timing.init)).toBeGreaterThanOrEqual(timing.paint!);
    await page.close();
  });

  it("paints the inspect view drawn by the server on its first visit, data and all, before the app's code, and hands over to React's own in place (issue 20)", async () => {
    const path = '/inspection/asset/identification/SKD-001';
    // A phone in a zone other than the server's (UTC here): the drawn times must be the phone's.
    const { page, context } = await technicianOnPhone(`${path} (drawn by the server)`, undefined, 'America/Chicago');
    // Signing in left the page cookie and the phone's zone, for the pages the server draws alone (the board's are its own test).
    expect((await context.cookies(`${baseUrl()}/inspection`)).filter((cookie) => cookie.name.startsWith('fo_'))).toEqual([]);
    const cookies = await context.cookies(`${baseUrl()}${path}`);
    expect(cookies.filter((cookie) => cookie.name.startsWith('fo_')).map((cookie) => [cookie.name, cookie.value.length > 0, cookie.path, cookie.sameSite])).toEqual([
      ['fo_page', true, '/inspection/asset/identification/', 'Lax'],
      ['fo_zone', true, '/inspection/asset/identification/', 'Lax'],
    ]);
    expect(cookies.find((cookie) => cookie.name === 'fo_zone')!.value).toBe('America%2FChicago');
    await page.addInitScript(recordLayoutShifts);
    await page.addInitScript(largestPaints);
    const response = await page.goto(`${baseUrl()}${path}`);
    const served = await response!.text();
    expect(served).toMatch(/<html [^>]*data-server-screen=""/);
    await page.getByRole('region', { name: 'Booster set control panel' }).waitFor();
    await page.locator('#app-shell').waitFor({ state: 'detached' });
    // The previous values' times, drawn by the server, are those React shows: nothing changes at the handover.
    const times = (text: string) => text.match(/\d{4}\/\d{2}\/\d{2} \d{2}:\d{2} [AP]M/g) ?? [];
    const drawnTimes = times(served);
    expect(drawnTimes.length).toBeGreaterThan(0);
    expect(times(await page.locator('#root').innerText())).toEqual(drawnTimes);
    await page.waitForTimeout(500);
    const seen = await largestPaintsOf(page);
    // The largest paint was the server's copy — a checklist's text, not a frame — before the entry and /token/init were asked…
    const [first] = seen.largest;
    expect(first?.inCopy, JSON.stringify(seen.largest)).toBe(true);
    expect(first!.text).not.toMatch(/^Asset SKD-001$|Loading/);
    const timing = await paintAndFirstAsks(page);
    expect(timing.paint).not.toBeNull();
    expect(Math.min(...timing.entry, ...timing.init)).toBeGreaterThanOrEqual(timing.paint!);
    // …and React drew the same text in the same place (styles and all): nothing larger came later, nothing moved.
    expect(seen.largest.filter((entry) => !entry.inCopy)).toEqual([]);
    const reactCopy = page.locator('#root p, #root h2, #root span', { hasText: first!.text }).first();
    const box = await reactCopy.boundingBox();
    expect([box!.x, box!.y, box!.width, box!.height].map(Math.round)).toEqual(first!.box.map(Math.round));
    expect(await shiftsOf(page)).toBeLessThan(0.05);
    expect(await page.locator('style[data-last-screen]').count()).toBe(0);
    // The drawn screen's styles stayed, and React's screen uses them as they are: emotion inserted none of them again.
    await expectDrawnStylesAdopted(page);
    await screenshot(page, 'inspect-view-drawn-by-server-phone');
    // Signed out, the cookie goes: the next page drawn on this phone is nobody's.
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL('**/login**');
    expect((await context.cookies()).filter((cookie) => cookie.name === 'fo_page')).toEqual([]);
    const signedOut = await page.goto(`${baseUrl()}${path}`);
    expect(await signedOut!.text()).not.toMatch(/<html [^>]*data-server-screen/);
    await page.close();
  });

  it("paints the on-site board drawn by the server on its first visit, figures and all, before the app's code, and hands over to React's own in place (issue 20)", async () => {
    // A phone in a zone other than the server's (UTC here): the period's dates must be the phone's.
    const opened = await session.newPage(PHONE, { timezoneId: 'Pacific/Auckland' });
    const { page, context } = opened;
    page.on('pageerror', (error) => pageErrors.push(`/onsite (drawn by the server): ${error.message}`));
    await page.goto(`${baseUrl()}/login`);
    await signIn(page, 'onsite');
    await page.waitForURL('**/onsite');
    const cookies = await context.cookies(`${baseUrl()}/onsite`);
    expect(cookies.filter((cookie) => cookie.name.startsWith('fo_')).map((cookie) => [cookie.name, cookie.path]).sort()).toEqual([
      ['fo_page', '/onsite'],
      ['fo_zone', '/onsite'],
    ]);
    await page.addInitScript(recordLayoutShifts);
    await page.addInitScript(largestPaints);
    const response = await page.goto(`${baseUrl()}/onsite`);
    const served = await response!.text();
    expect(served).toMatch(/<html [^>]*data-server-screen=""/);
    // Drawn with the live figures: the open alerts' number is in the page as served.
    expect(served).toMatch(/data-testid="widget-value"[^>]*>\d+</);
    await page.locator('#root [data-widget-id][aria-busy="false"] [data-testid="widget-value"]').first().waitFor();
    await page.locator('#app-shell').waitFor({ state: 'detached' });
    await page.waitForTimeout(500);
    const seen = await largestPaintsOf(page);
    // The largest paint was the server's copy, before the entry and /token/init were asked…
    const [first] = seen.largest;
    expect(first?.inCopy, JSON.stringify(seen.largest)).toBe(true);
    const timing = await paintAndFirstAsks(page);
    expect(timing.paint).not.toBeNull();
    expect(Math.min(...timing.entry, ...timing.init)).toBeGreaterThanOrEqual(timing.paint!);
    // …and React drew the same text in the same place: nothing larger came later, nothing moved.
    expect(seen.largest.filter((entry) => !entry.inCopy)).toEqual([]);
    const reactCopy = page.locator('#root').getByText(first!.text, { exact: true }).first();
    const box = await reactCopy.boundingBox();
    expect([box!.x, box!.y, box!.width, box!.height].map(Math.round)).toEqual(first!.box.map(Math.round));
    expect(await shiftsOf(page)).toBeLessThan(0.05);
    await expectDrawnStylesAdopted(page);
    // The period's dates as drawn are those React shows: the phone's calendar, not the server's.
    const dayTexts = (text: string) => text.match(/value="\d{4}-\d{2}-\d{2}"/g) ?? [];
    const drawnDays = dayTexts(served);
    expect(drawnDays).toHaveLength(2);
    expect(await page.locator('#root input[value]').evaluateAll((inputs) => inputs.map((input) => `value="${input.getAttribute('value')}"`).filter((value) => /\d{4}-/.test(value)))).toEqual(drawnDays);
    await screenshot(page, 'onsite-drawn-by-server-phone');
    await page.close();
  });

  it('raised no uncaught errors in any page', () => {
    expect(pageErrors).toEqual([]);
  });

});
