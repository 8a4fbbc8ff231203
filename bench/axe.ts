import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { chromium, type Browser, type Page } from 'playwright-core';
import { ensureWebBuild } from '../build/webBuild';
import { CHROMIUM_ARGS, findChromium } from '../tests/e2e/chromium';
import { startServerProcess } from '../tests/helpers/serverProcess';
import { login } from './largeDatabase';

const PHONE = { width: 390, height: 844 };

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string; html: string }[];
}

async function openSignedIn(browser: Browser, url: string, token: string, ready: (page: Page) => Promise<unknown>) {
  const context = await browser.newContext({ viewport: PHONE, deviceScaleFactor: 3, isMobile: true, hasTouch: true });
  await context.grantPermissions(['camera']);
  await context.addInitScript((jwt) => localStorage.setItem('jwt', jwt), token);
  const page = await context.newPage();
  page.setDefaultTimeout(20_000);
  await page.goto(url);
  // A page that never gets ready is still examined as it stands; the miss is reported.
  const notReady = await ready(page).then(
    () => null,
    (error: unknown) => String(error).split('\n')[0] ?? 'not ready',
  );
  await page.waitForLoadState('networkidle');
  return { page, notReady, close: () => context.close() };
}

async function violations(page: Page): Promise<AxeViolation[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations.map((violation) => ({
    id: violation.id,
    impact: violation.impact ?? null,
    help: violation.help,
    nodes: violation.nodes.map((node) => ({ target: node.target.join(' '), html: node.html.slice(0, 160) })),
  }));
}

/**
 * Issue 20: axe-core's findings on the technician's pages (home, scanner, an inspect view whose
 * checklist asks for a photo, a work order's detail) and the on-site board, at 390×844, signed in,
 * on the built app. Answers each page's violations.
 */
export async function benchAxe() {
  const executablePath = findChromium();
  if (!executablePath) return { skipped: 'no Chromium installed (apt-get install chromium)' };
  // PHONE_SKIP_BUILD=1 measures dist/ as it is (a build kept while the sources change).
  if (!process.env.PHONE_SKIP_BUILD) await ensureWebBuild();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'fo-bench-axe-'));
  const server = await startServerProcess({ DATA_DIR: dataDir, DATABASE_URL: '', REDIS_URL: '', JOBS_ENABLED: 'false' }, 120_000);
  const browser = await chromium.launch({
    executablePath,
    headless: true,
    args: [...CHROMIUM_ARGS.filter((a) => a !== '--headless'), '--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream'],
  });
  try {
    const technician = await login(server.baseUrl, 'technician');
    const onsite = await login(server.baseUrl, 'onsite');
    const orders = (await (await fetch(`${server.baseUrl}/api/workOrder/my`, { headers: { 'x-auth': technician } })).json()) as { _id: string }[];
    const heading = (page: Page) => page.locator('main').getByRole('heading').first().waitFor();
    const pages: { name: string; path: string; token: string; ready: (page: Page) => Promise<unknown> }[] = [
      {
        name: 'technician home',
        path: '/inspection',
        token: technician,
        ready: (page) => page.getByRole('region', { name: 'Recently inspected' }).waitFor(),
      },
      { name: 'scanner', path: '/inspection/scanner', token: technician, ready: heading },
      {
        name: 'inspect view with a photo item',
        path: '/inspection/asset/identification/PNL-001',
        token: technician,
        ready: (page) => page.getByRole('heading', { level: 2 }).first().waitFor(),
      },
      { name: 'outbox (waiting to send)', path: '/inspection/outbox', token: technician, ready: heading },
      ...(orders[0] ? [{ name: 'work order detail', path: `/inspection/workOrder/${orders[0]._id}`, token: technician, ready: heading }] : []),
      {
        name: 'onsite',
        path: '/onsite',
        token: onsite,
        ready: (page) => page.waitForFunction(() => document.querySelectorAll('[data-widget-id][aria-busy="false"]').length > 0),
      },
    ];
    const found: Record<string, { path: string; notReady: string | null; violations: AxeViolation[] }> = {};
    for (const entry of pages) {
      const opened = await openSignedIn(browser, `${server.baseUrl}${entry.path}`, entry.token, entry.ready);
      try {
        found[entry.name] = { path: entry.path, notReady: opened.notReady, violations: await violations(opened.page) };
      } finally {
        await opened.close();
      }
    }
    const summary = Object.fromEntries(
      Object.entries(found).map(([name, { violations: list }]) => [name, list.map((v) => `${v.id} (${v.impact}, ${v.nodes.length})`)]),
    );
    return { viewport: PHONE, summary, pages: found };
  } finally {
    await browser.close();
    await server.stop('SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
  }
}
