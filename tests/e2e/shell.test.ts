import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DESKTOP, PHONE, baseUrl, drawnPageText, hasBrowser, openBrowser, ownUser, screenshot, signIn, type BrowserSession } from './browser';

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
function paintAndFirstAsks(page: Page, drawnPaths: string[]) {
  return page.evaluate((held) => {
    const resources = performance.getEntriesByType('resource').map((entry) => ({ url: new URL(entry.name), startTime: entry.startTime }));
    return {
      paint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null,
      entry: resources.filter(({ url }) => /^\/assets\/index-[\w-]+\.js$/.test(url.pathname)).map((entry) => entry.startTime),
      // The page's own GETs of what it was drawn from (paths under /api, as the drawn answers name them).
      askedAgain: resources.map(({ url }) => `${url.pathname}${url.search}`.replace(/^\/api/, '')).filter((asked) => held.includes(asked)),
    };
  }, drawnPaths);
}

/** The paths of the answers a drawn page holds (common/firstScreen.ts DRAWN_ANSWERS_ID). */
const drawnPathsOf = (served: string) =>
  Object.keys((JSON.parse(/<script type="application\/json" id="fo-drawn-answers">([\s\S]*?)<\/script>/.exec(served)![1]!) as { answers: object }).answers);

/**
 * On a page the server drew (common/firstScreen.ts withServerScreen): its styles are still in the page,
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

  /** The technician's Profile button opens its dialog (React's, once the page is the app's own), which then closes. */
  async function profileOpens(page: Page) {
    await page.getByRole('button', { name: 'Profile' }).click();
    await page.getByRole('dialog').waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });
  }

  // The clock is drawn blank by the server and ticks once the page is the phone's own (useHydrated).
  const clockTicks = async (page: Page) => {
    await page.waitForFunction(() => /\d/.test(document.querySelector('#root header time')?.textContent ?? ''));
  };

  /** A phone as Lighthouse's mobile emulation presents one: a touch screen (a coarse pointer) and a phone's user agent. */
  const TOUCH_PHONE = {
    hasTouch: true,
    isMobile: true,
    userAgent: 'Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/136.0.0.0 Mobile Safari/537.36',
  };

  /** The drawn pages (issue 41 step 3), with what shows each is the app's own once hydrated. */
  const DRAWN_PAGES: [label: string, user: string, path: string, zone: string, alive: (page: Page) => Promise<void>, device?: typeof TOUCH_PHONE][] = [
    ['the technician home', 'technician', '/inspection', 'America/Chicago', profileOpens],
    ['the inspect view', 'technician', '/inspection/asset/identification/SKD-001', 'America/Chicago', profileOpens],
    ['the on-site board', 'onsite', '/onsite', 'Pacific/Auckland', clockTicks],
    [
      // Its period's date fields drawn in their phone form (a dialog to pick in), kept by hydration rather than built again.
      'the on-site board on a touch phone',
      'onsite',
      '/onsite',
      'Pacific/Auckland',
      async (page) => {
        await clockTicks(page);
        await page.getByRole('group', { name: 'Period from' }).getByRole('button', { name: /^Choose date/ }).tap();
        await page.getByRole('dialog').getByRole('button', { name: 'OK' }).waitFor();
        await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).tap();
        await page.getByRole('dialog').waitFor({ state: 'detached' });
      },
      TOUCH_PHONE,
    ],
  ];

  /** In the page from its first script on (an init script): #root's elements as the server drew them, once the document is parsed. */
  function rememberDrawnElements() {
    document.addEventListener('DOMContentLoaded', () => ((window as unknown as { __drawn: Element[] }).__drawn = [...document.querySelectorAll('#root *')]), { once: true });
  }

  /**
   * The drawn elements React did not keep, outermost first: hydration keeps them all but the
   * placeholders its data replaces (skeletons, a chart's empty canvas until its turn to draw) and
   * the tab indicator MUI mounts again.
   */
  const notKept = (page: Page) =>
    page.evaluate(() => {
      const drawn = (window as unknown as { __drawn: Element[] }).__drawn;
      const expected = (element: Element) => element.closest('.MuiSkeleton-root, .MuiTabs-indicator, canvas[data-chart-waiting]') !== null;
      return {
        drawn: drawn.length,
        lost: drawn
          .filter((element) => !element.isConnected && !expected(element) && element.parentElement?.isConnected !== false)
          .map((element) => `${element.tagName}.${String(element.className).slice(0, 60)} «${(element.textContent ?? '').slice(0, 40)}»`),
      };
    });

  it.each(DRAWN_PAGES)("draws %s on the server for the phone's session and zone, and the browser hydrates it: painted before the app's code, nothing drawn twice, nothing asked again, nothing moved", async (label, username, path, zone, alive, device) => {
    const { page, context } = await session.newPage(PHONE, { timezoneId: zone, ...device });
    page.on('pageerror', (error) => pageErrors.push(`${path} (drawn): ${error.message}`));
    const refused: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) refused.push(message.text());
    });
    await page.goto(`${baseUrl()}/login`);
    await signIn(page, username);
    await page.waitForURL(`**${username === 'onsite' ? '/onsite' : '/inspection'}`);
    // Signing in left the page cookie and the phone's zone, sent with the drawn pages only.
    const cookies = (await context.cookies(`${baseUrl()}${path}`)).filter((cookie) => cookie.name.startsWith('fo_'));
    expect(cookies.map((cookie) => [cookie.name, cookie.value.length > 0, cookie.path, cookie.sameSite]).sort()).toEqual([
      ['fo_page', true, path.startsWith('/onsite') ? '/onsite' : '/inspection', 'Lax'],
      ['fo_zone', true, path.startsWith('/onsite') ? '/onsite' : '/inspection', 'Lax'],
    ]);
    expect(cookies.find((cookie) => cookie.name === 'fo_zone')!.value).toBe(encodeURIComponent(zone));
    expect((await context.cookies(`${baseUrl()}/home`)).filter((cookie) => cookie.name.startsWith('fo_'))).toEqual([]);
    await page.addInitScript(recordLayoutShifts);
    await page.addInitScript(rememberDrawnElements);
    const served = await drawnPageText(page, path);
    // The screen and the answers it was drawn from, and one script of the page's own, the boot script,
    // allowed by the hash of the page sent (no refusal below), the entry held until it runs.
    expect(served).toContain('<script type="application/json" id="fo-drawn-answers">');
    expect(served.match(/<script(?![^>]*\bsrc=)(?![^>]*type="application\/json")[^>]*>/g) ?? []).toEqual(['<script>']);
    expect(served).toMatch(/<template id="app-entry"><script type="module"/);
    // The manifest's link is held with the entry (the browser asks for it once the page has loaded, before its paint), and put in place with it.
    const heldEntry = /<template id="app-entry">[\s\S]*?<\/template>/.exec(served)?.[0] ?? '';
    expect(heldEntry).toContain('<link rel="manifest"');
    expect(served.replace(heldEntry, '')).not.toContain('rel="manifest"');
    await alive(page);
    await page.locator('head link[rel="manifest"][href="/manifest.webmanifest"]').waitFor({ state: 'attached' });
    const { drawn, lost } = await notKept(page);
    expect(drawn, label).toBeGreaterThan(50);
    expect(lost, label).toEqual([]);
    // The drawn screen was painted before the app's entry and any call of its own were asked…
    const drawnPaths = drawnPathsOf(served);
    expect(drawnPaths).toContain('/token/init');
    const timing = await paintAndFirstAsks(page, drawnPaths);
    expect(timing.paint).not.toBeNull();
    expect(Math.min(...timing.entry)).toBeGreaterThanOrEqual(timing.paint!);
    // …and what it was drawn from the app took from the page: none of it is asked again.
    expect(timing.askedAgain).toEqual([]);
    expect(await shiftsOf(page)).toBeLessThan(0.05);
    await expectDrawnStylesAdopted(page);
    expect(refused).toEqual([]);
    // The company logo is shown.
    await expect.poll(() => page.locator('header img[src="/logo.svg"]').first().evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), { timeout: 15_000 }).toBe(true);
    await screenshot(page, `drawn-${path.split('/').filter(Boolean).pop()}-${device ? 'touch-phone' : 'phone'}`);
    await page.close();
  });

  it("draws the times and dates of the inspect view and the board in the phone's zone, as the app shows them", async () => {
    const { page } = await technicianOnPhone('/inspection/asset/identification/SKD-001 (zone)', undefined, 'America/Chicago');
    const path = '/inspection/asset/identification/SKD-001';
    const served = await drawnPageText(page, path);
    await page.getByRole('region', { name: 'Booster set control panel' }).waitFor();
    const times = (text: string) => text.match(/\d{4}\/\d{2}\/\d{2} \d{2}:\d{2} [AP]M/g) ?? [];
    const drawnTimes = times(served);
    expect(drawnTimes.length).toBeGreaterThan(0);
    expect(times(await page.locator('#root').innerText())).toEqual(drawnTimes);
    await page.close();
    const board = await session.newPage(PHONE, { timezoneId: 'Pacific/Auckland' });
    await board.page.goto(`${baseUrl()}/login`);
    await signIn(board.page, 'onsite');
    await board.page.waitForURL('**/onsite');
    const drawnBoard = await drawnPageText(board.page, '/onsite');
    // Drawn with the live figures, and the period's dates of the phone's calendar, not the server's.
    expect(drawnBoard).toMatch(/data-testid="widget-value"[^>]*>\d+</);
    const dayTexts = (text: string) => text.match(/value="\d{4}-\d{2}-\d{2}"/g) ?? [];
    const drawnDays = dayTexts(drawnBoard);
    expect(drawnDays).toHaveLength(2);
    await board.page.locator('#root [data-widget-id][aria-busy="false"] [data-testid="widget-value"]').first().waitFor();
    expect(await board.page.locator('#root input[value]').evaluateAll((inputs) => inputs.map((input) => `value="${input.getAttribute('value')}"`).filter((value) => /\d{4}-/.test(value)))).toEqual(drawnDays);
    await board.page.close();
  });

  it('draws nothing for a phone that signed out, or whose page cookie is gone: the app draws its page itself', async () => {
    const path = '/inspection/asset/identification/SKD-001';
    const { page, context } = await technicianOnPhone(`${path} (not drawn)`);
    await context.clearCookies();
    const plain = await (await page.goto(`${baseUrl()}${path}`))!.text();
    expect(plain).not.toContain('fo-drawn-answers');
    await page.getByRole('region', { name: 'Booster set control panel' }).waitFor();
    await page.reload();
    // The app wrote the cookie again as it started: the next visit is drawn.
    expect(await (await page.goto(`${baseUrl()}${path}`))!.text()).toContain('fo-drawn-answers');
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL('**/login**');
    expect((await context.cookies()).filter((cookie) => cookie.name === 'fo_page')).toEqual([]);
    expect(await (await page.goto(`${baseUrl()}${path}`))!.text()).not.toContain('fo-drawn-answers');
    await page.close();
  });

  it('raised no uncaught errors in any page', () => {
    expect(pageErrors).toEqual([]);
  });

});
