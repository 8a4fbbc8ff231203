import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page, type Response } from 'playwright-core';
import { inject, onTestFailed } from 'vitest';
import { DRAWN_ANSWERS_ID } from '../../common/firstScreen';
import { CHROMIUM_ARGS } from './chromium';

export const baseUrl = () => inject('baseUrl');
export const hasBrowser = () => Boolean(inject('chromiumPath'));

export const PHONE = { width: 390, height: 844 };
export const DESKTOP = { width: 1366, height: 860 };

export interface BrowserSession {
  browser: Browser;
  /** `options`: the browser's own settings besides its size, e.g. the time zone the phone is in. */
  newPage(viewport?: { width: number; height: number }, options?: Pick<BrowserContextOptions, 'timezoneId' | 'hasTouch' | 'isMobile' | 'userAgent'>): Promise<{ page: Page; context: BrowserContext }>;
  close(): Promise<void>;
}

/** `extraArgs`: more Chromium switches, e.g. a fake camera playing a file. */
export async function openBrowser(extraArgs: readonly string[] = []): Promise<BrowserSession> {
  // Playwright gives every launch a fresh, temporary profile (the fresh --user-data-dir STACK.md asks for).
  const browser = await chromium.launch({
    executablePath: inject('chromiumPath'),
    args: [...CHROMIUM_ARGS.filter((a) => a !== '--headless'), ...extraArgs],
    headless: true,
  });
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (options) => {
    const context = await newContext(options);
    if (options?.javaScriptEnabled !== false) context.on('page', waitForLiveAfterLoads);
    return context;
  };
  return {
    browser,
    async newPage(viewport = DESKTOP, options = {}) {
      const context = await browser.newContext({ ...options, viewport, baseURL: baseUrl() });
      const page = await context.newPage();
      page.setDefaultTimeout(15_000);
      explainFailure(context);
      return { page, context };
    },
    async close() {
      await browser.close();
    },
  };
}

/** What only a page the server drew holds: the answers it was drawn from (common/firstScreen.ts). */
export const DRAWN_MARK = `id="${DRAWN_ANSWERS_ID}"`;

/**
 * The page at `path` as the server drew it. The server serves the plain page when its drawer is busy
 * or the answers are slow (a board's scripts on a cold server): asked again then, up to five times.
 */
export async function drawnPageText(page: Page, path: string): Promise<string> {
  let served = '';
  for (let attempt = 0; attempt < 5 && !served.includes(DRAWN_MARK); attempt += 1) served = (await (await page.goto(`${baseUrl()}${path}`))?.text()) ?? '';
  return served;
}

/**
 * A screen the server drew is painted before the app holds it, and a tap on it does nothing until
 * then: after a load that brought one, `goto` and `reload` resolve once the app marks the page live
 * (src/App.tsx MarkPageLive), as they resolved once the app's own screen was shown before.
 */
function waitForLiveAfterLoads(page: Page) {
  for (const method of ['goto', 'reload'] as const) {
    const load = page[method].bind(page) as (...args: unknown[]) => Promise<Response | null>;
    Object.assign(page, {
      [method]: async (...args: unknown[]) => {
        const response = await load(...args);
        const html = /text\/html/.test(response?.headers()['content-type'] ?? '');
        if (response && html && (await response.text()).includes(DRAWN_MARK)) await page.waitForSelector('html[data-app-live]', { state: 'attached' });
        return response;
      },
    });
  }
}

/**
 * When the test that opened `context` fails, the CI log says what each of its pages showed — its
 * address and its text — and a screenshot is left in test-results/: the offline tests failed now
 * and then in whole CI runs only (26–27 Nov), never when run by hand, and a timeout alone said
 * nothing of why. A context opened outside a test (beforeAll) has no test to watch.
 */
function explainFailure(context: BrowserContext) {
  try {
    onTestFailed(async ({ task }) => {
      for (const [index, page] of context.pages().entries()) {
        if (page.isClosed()) continue;
        const shown = await page.evaluate(() => document.body.innerText.slice(0, 1500)).catch(() => '(page unreadable)');
        console.log(`"${task.name}" failed; its page ${index + 1} at ${page.url()} showed:\n${shown}`);
        const name = `failed-${task.name.replace(/[^a-z0-9]+/gi, '-').slice(0, 60)}-${index + 1}`;
        await screenshot(page, name).catch(() => undefined);
      }
    });
  } catch {
    // Outside a running test.
  }
}

export async function screenshot(page: Page, name: string) {
  await page.screenshot({ path: path.join('test-results', `${name}.png`), fullPage: true });
}

/** Signs in through the Login page. */
export async function signIn(page: Page, username: string, password = 'demo') {
  await page.locator('input[name="username"]').fill(username);
  await page.locator('input[name="password"]').fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
}

/**
 * Resolves once every request the page issued before this call has reached the test's
 * `page.on('request')` listeners: the page sends a marker request, and the browser reports
 * requests in the order they were made. The positive signal a "nothing was sent" check waits
 * for, instead of a guessed delay.
 */
export async function requestsSoFarSeen(page: Page): Promise<void> {
  const marker = `/api/init/applicationInfo?marker=${Date.now()}-${Math.random().toString(36).slice(2)}`;
  const seen = page.waitForRequest((request) => request.url().endsWith(marker));
  await page.evaluate((url) => fetch(url).then(() => undefined), marker);
  await seen;
}

/**
 * Resolves once the page's live-push socket has been accepted by the server (socket.io's CONNECT
 * answer, a frame starting "40"). Call it before the page opens the socket: the app opens it once
 * the page has settled, so a push sent before then never reaches that page.
 */
export function pushesConnected(page: Page): Promise<void> {
  return new Promise((resolve) => {
    page.on('websocket', (socket) => {
      if (!socket.url().includes('/socket.io/')) return;
      socket.on('framereceived', ({ payload }) => {
        if (String(payload).startsWith('40')) resolve();
      });
    });
  });
}

/** A demo user's token, signed in through the API (for set-up and checks beside the browser). */
export async function apiToken(username: string, password = 'demo'): Promise<string> {
  const answer = await fetch(`${baseUrl()}/api/token/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username, password }) });
  return ((await answer.json()) as { token: string }).token;
}

/** A JSON call to `path` below /api (or with it, as breachingSubmission's url), which must answer 200. */
export async function apiCall<T>(token: string, path: string, init: { method?: string; body?: unknown } = {}): Promise<T> {
  const answer = await fetch(`${baseUrl()}/api${path.replace(/^\/api\//, '/')}`, {
    method: init.method ?? 'GET',
    headers: { 'x-auth': token, ...(init.body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  if (answer.status !== 200) throw new Error(`${init.method ?? 'GET'} ${path}: ${answer.status} ${await answer.text()}`);
  return (await answer.json()) as T;
}

/**
 * A user of the test's own, of a seeded role (e.g. 'ROLE_THERMOGRAPHY_TECHNICIAN'), made through the
 * API as admin with the password the reset call answers: for a test that changes what a user signs
 * in with or sees of themselves, so the demo users every other file signs in as stay as seeded.
 */
export async function ownUser(roleName: string, label: string): Promise<{ _id: string; username: string; password: string }> {
  const admin = await apiToken('admin');
  const role = (await apiCall<{ _id: string; name: string }[]>(admin, '/role?fields=name')).find((r) => r.name === roleName);
  if (!role) throw new Error(`no seeded role ${roleName}`);
  const username = `${label}.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const user = await apiCall<{ _id: string }>(admin, '/user', { method: 'POST', body: { username, name: `Browser test ${label}`, role: role._id } });
  const { password } = await apiCall<{ password: string }>(admin, `/user/${user._id}/resetPassword`, { method: 'POST', body: {} });
  return { _id: user._id, username, password };
}
