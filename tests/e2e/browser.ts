import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { inject } from 'vitest';
import { CHROMIUM_ARGS } from './chromium';

export const baseUrl = () => inject('baseUrl');
export const hasBrowser = () => Boolean(inject('chromiumPath'));

export const PHONE = { width: 390, height: 844 };
export const DESKTOP = { width: 1366, height: 860 };

export interface BrowserSession {
  browser: Browser;
  newPage(viewport?: { width: number; height: number }): Promise<{ page: Page; context: BrowserContext }>;
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
  return {
    browser,
    async newPage(viewport = DESKTOP) {
      const context = await browser.newContext({ viewport, baseURL: baseUrl() });
      const page = await context.newPage();
      page.setDefaultTimeout(15_000);
      return { page, context };
    },
    async close() {
      await browser.close();
    },
  };
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
