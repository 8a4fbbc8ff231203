import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import lighthouse from 'lighthouse';
import { chromium, type BrowserContext } from 'playwright-core';
import { ensureWebBuild } from '../build/webBuild';
import { CHROMIUM_ARGS, findChromium } from '../tests/e2e/chromium';
import { freePort, startServerProcess } from '../tests/helpers/serverProcess';
import { login } from './largeDatabase';
import { PAGE_COOKIE, PAGE_COOKIE_PATHS, ZONE_COOKIE } from '../common/firstScreen';

/** The pages issue 20 names, each opened signed in as the user who works there. */
export const PHONE_PAGES = [
  { name: 'inspection', path: '/inspection', user: 'technician' },
  { name: 'inspectView', path: '/inspection/asset/identification/SKD-001', user: 'technician' },
  { name: 'onsite', path: '/onsite', user: 'onsite' },
] as const;

export interface LighthouseFigures {
  performance: number;
  lcpMs: number;
  fcpMs: number;
  tbtMs: number;
  cls: number;
  /** What crossed the network (transfer sizes; cache and service worker hits count 0). */
  totalKiB: number;
  unusedJsKiB: number;
  requests: number;
}

/** What the figures come from: the LCP element and the elements that shifted, per run. */
export interface LighthouseDiagnosis {
  lcpElement: string | null;
  layoutShifts: { node: string; score: number }[];
}

let lighthouseVersionSeen = '?';

const kib = (bytes: number) => Math.round(bytes / 102.4) / 10;

/** Debian's Chromium with the flags the brief and the browser tests use, a fresh profile, and a DevTools port. */
async function launchChromium(executablePath: string) {
  const port = await freePort();
  const profile = mkdtempSync(path.join(tmpdir(), 'fo-lh-profile-'));
  const child: ChildProcess = spawn(executablePath, [...CHROMIUM_ARGS, `--remote-debugging-port=${port}`, `--user-data-dir=${profile}`, 'about:blank'], {
    stdio: 'ignore',
  });
  const deadline = Date.now() + 30_000;
  for (;;) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/json/version`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error('Chromium did not open its DevTools port');
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    port,
    async close() {
      child.kill('SIGTERM');
      await new Promise((r) => (child.exitCode !== null ? r(null) : child.once('exit', r)));
      // Chromium's helpers may still be writing the profile for a moment after it exits.
      try {
        rmSync(profile, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
      } catch {
        // left in the temporary directory
      }
    },
  };
}

/**
 * Puts the jwt in the origin's localStorage, and its copy and the zone in the page cookies (src/platform/authProvider/pageCookie.ts),
 * the way Login leaves them, from a page that loads nothing of the app.
 */
async function storeToken(port: number, baseUrl: string, token: string) {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    await (await signedIn(browser.contexts()[0]!, baseUrl, token)).close();
  } finally {
    await browser.close();
  }
}

/** A page of `context` on the origin, the session stored as sign-in leaves it (token in localStorage, page cookies with the zone). */
export async function signedIn(context: BrowserContext, baseUrl: string, token: string) {
  // The browser's zone beside the token, as the app writes it: Chromium here runs in this process's zone.
  const zone = encodeURIComponent(Intl.DateTimeFormat().resolvedOptions().timeZone);
  await context.addCookies(
    PAGE_COOKIE_PATHS.flatMap((cookiePath) => [
      { name: PAGE_COOKIE, value: token, url: `${baseUrl}${cookiePath}`, sameSite: 'Lax' as const },
      { name: ZONE_COOKIE, value: zone, url: `${baseUrl}${cookiePath}`, sameSite: 'Lax' as const },
    ]),
  );
  const page = await context.newPage();
  await page.goto(`${baseUrl}/api/lighthouse-origin`);
  await page.evaluate((jwt) => localStorage.setItem('jwt', jwt), token);
  return page;
}

/** PHONE_REPORTS=<folder> keeps each run's whole Lighthouse report there (<page>-<run>-<visit>.json): phases, requests, traces' summaries. */
function keepReport(name: string, report: unknown) {
  const folder = process.env.PHONE_REPORTS;
  if (!folder) return;
  mkdirSync(folder, { recursive: true });
  writeFileSync(path.join(folder, `${name}.json`), typeof report === 'string' ? report : JSON.stringify(report));
}

async function runLighthouse(port: number, url: string, name: string): Promise<{ figures: LighthouseFigures; diagnosis: LighthouseDiagnosis }> {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance'],
    // The session lives in localStorage, and the repeat visit wants the cache the first one left.
    disableStorageReset: true,
  });
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { lhr } = result;
  keepReport(name, result.report);
  lighthouseVersionSeen = lhr.lighthouseVersion;
  if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  const audit = (id: string) => lhr.audits[id]!;
  const unused = audit('unused-javascript').details as { overallSavingsBytes?: number } | undefined;
  const requests = audit('network-requests').details as { items?: unknown[] } | undefined;
  type Item = { node?: { selector?: string; snippet?: string }; score?: number; items?: Item[] };
  const nodeName = (item?: Item) => (item?.node ? `${item.node.selector ?? ''} ${item.node.snippet ?? ''}`.slice(0, 200) : '');
  const lcpItems = (audit('largest-contentful-paint-element').details as { items?: Item[] } | undefined)?.items ?? [];
  const lcpNode = lcpItems[0]?.items?.[0] ?? lcpItems[0];
  const shifts = (audit('layout-shifts')?.details as { items?: Item[] } | undefined)?.items ?? [];
  const diagnosis: LighthouseDiagnosis = {
    lcpElement: nodeName(lcpNode) || null,
    layoutShifts: shifts.map((item) => ({ node: nodeName(item), score: Math.round((item.score ?? 0) * 1000) / 1000 })),
  };
  const figures: LighthouseFigures = {
    performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    lcpMs: Math.round(audit('largest-contentful-paint').numericValue ?? NaN),
    fcpMs: Math.round(audit('first-contentful-paint').numericValue ?? NaN),
    tbtMs: Math.round(audit('total-blocking-time').numericValue ?? NaN),
    cls: Math.round((audit('cumulative-layout-shift').numericValue ?? NaN) * 1000) / 1000,
    totalKiB: kib(audit('total-byte-weight').numericValue ?? NaN),
    unusedJsKiB: kib(unused?.overallSavingsBytes ?? 0),
    requests: requests?.items?.length ?? 0,
  };
  return { figures, diagnosis };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

function medians(runs: LighthouseFigures[]): LighthouseFigures {
  const keys = Object.keys(runs[0]!) as (keyof LighthouseFigures)[];
  return Object.fromEntries(keys.map((key) => [key, median(runs.map((run) => run[key]))])) as unknown as LighthouseFigures;
}

/**
 * Issue 20: Lighthouse (mobile, its default simulated throttling) on the technician's home, the
 * inspect view and the on-site board, each signed in. Every run starts Chromium on a fresh profile
 * (the first visit: cold HTTP cache, no service worker), then loads the page a second time in the
 * same browser (the repeat visit: whatever the first left, HTTP cache and service worker). Medians
 * of `runs` runs of each. The built app on `npm start`'s server, a temporary DATA_DIR.
 */
export async function benchLighthouse(runs = 3) {
  const executablePath = findChromium();
  if (!executablePath) return { skipped: 'no Chromium installed (apt-get install chromium)' };
  // PHONE_SKIP_BUILD=1 measures dist/ as it is (a build kept while the sources change).
  if (!process.env.PHONE_SKIP_BUILD) await ensureWebBuild();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'fo-bench-lh-'));
  const server = await startServerProcess({ DATA_DIR: dataDir, DATABASE_URL: '', REDIS_URL: '', JOBS_ENABLED: 'false' }, 120_000);
  try {
    const tokens: Record<string, string> = {};
    const pages: Record<string, unknown> = {};
    // PHONE_PAGES=inspectView,onsite measures only those (a diagnosis; the figures are all three).
    const only = process.env.PHONE_PAGES?.split(',');
    for (const page of PHONE_PAGES.filter((candidate) => !only || only.includes(candidate.name))) {
      tokens[page.user] ??= await login(server.baseUrl, page.user);
      const first: LighthouseFigures[] = [];
      const repeat: LighthouseFigures[] = [];
      const diagnoses: { first: LighthouseDiagnosis; repeat: LighthouseDiagnosis }[] = [];
      for (let run = 0; run < runs; run++) {
        // Lighthouse now and then loses the trace on a loaded machine (NO_NAVSTART…): the pair is
        // taken again in a new browser, so a first visit never starts on a warm cache.
        for (let attempt = 1; ; attempt++) {
          const browser = await launchChromium(executablePath);
          try {
            await storeToken(browser.port, server.baseUrl, tokens[page.user]!);
            const cold = await runLighthouse(browser.port, `${server.baseUrl}${page.path}`, `${page.name}-${run + 1}-first`);
            const warm = await runLighthouse(browser.port, `${server.baseUrl}${page.path}`, `${page.name}-${run + 1}-repeat`);
            first.push(cold.figures);
            repeat.push(warm.figures);
            diagnoses.push({ first: cold.diagnosis, repeat: warm.diagnosis });
            break;
          } catch (error) {
            if (attempt >= 3) throw error;
            console.warn(`  lighthouse ${page.path}: ${String(error).split('\n')[0]}; again`);
          } finally {
            await browser.close();
          }
        }
        console.log(`  lighthouse ${page.path} run ${run + 1}: first ${JSON.stringify(first.at(-1))} repeat ${JSON.stringify(repeat.at(-1))}`);
      }
      pages[page.name] = { path: page.path, firstVisit: medians(first), repeatVisit: medians(repeat), runs: { first, repeat }, diagnoses };
    }
    return {
      pages,
      note: `Lighthouse ${lighthouseVersionSeen} mobile, simulated throttling; medians of ${runs}`,
      targets: { lcpFirstMs: 2000, lcpRepeatMs: 1000, performance: 95, cls: 0.05 },
    };
  } finally {
    await server.stop('SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
  }
}

