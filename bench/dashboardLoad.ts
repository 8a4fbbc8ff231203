import { chromium } from 'playwright-core';
import { startServerProcess } from '../tests/helpers/serverProcess';
import { findChromium } from '../tests/e2e/chromium';
import { ensureWebBuild } from '../build/webBuild';
import { LARGE_INSPECTIONS, login, percentile, round1, withLargeDatabase } from './largeDatabase';

const TARGET_DRAWN_MS = 1500;
const TARGET_P99_MS = 300;
const SEQUENTIAL_ROUNDS = 25;
const PARALLEL_ROUNDS = 20;
const BROWSER_RUNS = 5;

type Json = Record<string, unknown> & { _id: string };

async function api(baseUrl: string, token: string, method: string, path: string, body?: unknown): Promise<Json> {
  const response = await fetch(`${baseUrl}/api${path}`, {
    method,
    headers: { 'x-auth': token, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await response.json()) as Json & { message?: string };
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${json.message ?? ''}`);
  return json;
}

const PER_CHECKLIST = `const now = Date.now();
const period = input.period || { start: now - 7 * 86400000, end: now };
const names = {};
for (const c of query.list('checklist', { fields: ['name'] })) names[c._id] = c.name;
const groups = query.groupBy('inspection', { by: 'checklist', where: { timestamp: { gte: period.start, lte: period.end } }, count: true, limit: 10 });
return { type: 'bar', chartData: { labels: groups.map((g) => names[g.key] || '?'), datasets: [{ label: 'Inspections', data: groups.map((g) => g.count) }] } };`;

/**
 * A 12-widget dashboard for the engineer: the seeded engineer dashboard's seven widgets, four more
 * seeded ones and a chart of inspections per checklist (a group-by over the period's inspections).
 */
async function benchDashboard(baseUrl: string, admin: string): Promise<{ dashboard: Json; widgets: string[] }> {
  const widgets = (await (await fetch(`${baseUrl}/api/widget`, { headers: { 'x-auth': admin } })).json()) as Json[];
  const byName = new Map(widgets.map((w) => [w.name as string, w._id]));
  const script = await api(baseUrl, admin, 'POST', '/script', { name: 'Bench inspections per checklist', code: PER_CHECKLIST });
  const perChecklist = await api(baseUrl, admin, 'POST', '/widget', { name: 'Inspections per checklist', type: 'chart', script: script._id });
  const engineer = (await (await fetch(`${baseUrl}/api/dashboard`, { headers: { 'x-auth': admin } })).json()) as Json[];
  const overview = engineer.find((d) => d.name === 'Engineering overview')!;
  const extra = ['My inspections today', 'Alerts raised today', 'Before you start', 'My latest inspections'].map((name) => byName.get(name)!);
  const items = (overview.sections as { items: { widget: string }[] }[]).flatMap((s) => s.items.map((i) => i.widget)).concat(extra, perChecklist._id);
  const dashboard = await api(baseUrl, admin, 'POST', '/dashboard', {
    name: 'Bench twelve',
    filters: overview.filters,
    sections: [
      { title: 'Now', sequenceId: 1, filters: ['building'], items: items.slice(0, 4).map((widget, i) => ({ widget, width: 3, height: 280, sequenceId: i + 1 })) },
      { title: 'Period', sequenceId: 2, filters: ['period', 'building'], items: items.slice(4).map((widget, i) => ({ widget, width: 4, height: 300, sequenceId: i + 1 })) },
    ],
  });
  const roles = (await (await fetch(`${baseUrl}/api/role?fields=name`, { headers: { 'x-auth': admin } })).json()) as Json[];
  const role = roles.find((r) => r.name === 'ROLE_ENGINEER')!;
  await api(baseUrl, admin, 'PUT', `/role/${role._id}`, { dashboard: dashboard._id });
  return { dashboard, widgets: items };
}

const stats = (times: number[]) => {
  const sorted = [...times].sort((a, b) => a - b);
  return { calls: sorted.length, p50Ms: round1(percentile(sorted, 50)), p95Ms: round1(percentile(sorted, 95)), p99Ms: round1(percentile(sorted, 99)), maxMs: round1(sorted.at(-1)!) };
};

async function widgetCalls(baseUrl: string, token: string, widgets: string[]) {
  const now = Date.now();
  const query = new URLSearchParams({ period: `${now - 7 * 86_400_000}|${now}` }).toString();
  const once = async (id: string) => {
    const started = performance.now();
    const response = await fetch(`${baseUrl}/api/widget/${id}?${query}`, { headers: { 'x-auth': token } });
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`GET /widget/${id}: ${response.status}`);
    return performance.now() - started;
  };
  for (const id of widgets) await once(id);
  const sequential: number[] = [];
  for (let round = 0; round < SEQUENTIAL_ROUNDS; round++) for (const id of widgets) sequential.push(await once(id));
  // As a browser opening the dashboard asks: all twelve at once.
  const parallel: number[] = [];
  for (let round = 0; round < PARALLEL_ROUNDS; round++) parallel.push(...(await Promise.all(widgets.map(once))));
  return { oneAtATime: stats(sequential), twelveAtOnce: stats(parallel) };
}

/** Page-clock milliseconds from navigation start until `ready` holds, per run (the first, cold, run left out). */
async function pageTimes(baseUrl: string, token: string, ready: (count: number) => number | false, count: number): Promise<number[]> {
  const executablePath = findChromium();
  if (!executablePath) throw new Error('Chromium not found');
  const browser = await chromium.launch({ executablePath, args: ['--no-sandbox'] });
  try {
    const context = await browser.newContext({ viewport: { width: 1600, height: 1000 } });
    await context.addInitScript((jwt) => localStorage.setItem('jwt', jwt), token);
    const runs: number[] = [];
    for (let run = 0; run <= BROWSER_RUNS; run++) {
      const page = await context.newPage();
      await page.goto(`${baseUrl}/home`);
      const done = await page.waitForFunction(ready, count, { timeout: 30_000, polling: 'raf' });
      if (run > 0) runs.push(round1(Number(await done.jsonValue())));
      await page.close();
    }
    return runs;
  } finally {
    await browser.close();
  }
}

const summary = (runs: number[]) => {
  const sorted = [...runs].sort((a, b) => a - b);
  return { runs, medianMs: round1(percentile(sorted, 50)), maxMs: round1(sorted.at(-1)!) };
};

/** In the page: every one of `count` items answered and drawn (none busy, no skeleton left). */
function allDrawn(count: number): number | false {
  const items = document.querySelectorAll('[data-widget-id]');
  const drawn = items.length === count && [...items].every((item) => item.getAttribute('aria-busy') === 'false' && !item.querySelector('.MuiSkeleton-root'));
  return drawn ? performance.now() : false;
}

/** In the page: the engineer shell showing a home without a dashboard — what the app costs before any widget. */
function shellDrawn(): number | false {
  return [...document.querySelectorAll('h2')].some((h) => h.textContent === 'No dashboard yet') ? performance.now() : false;
}

/**
 * Issue 6: a 12-widget dashboard over 1,000,000 inspections on the PostgreSQL server named by
 * DATABASE_URL (a fresh database, dropped after): GET /widget/{id} latency — one at a time, and
 * twelve at once as a browser asks — and, in Chromium, the time from navigation start (the page's
 * clock) to every widget drawn, beside the same for the shell with no dashboard (the admin's home);
 * a warm browser cache, the first, cold, run left out.
 */
export async function benchDashboardLoad() {
  const serverUrl = process.env.DATABASE_URL?.trim() || null;
  if (!serverUrl) return { postgres: 'skipped: set DATABASE_URL to a PostgreSQL server' };
  await ensureWebBuild();
  return withLargeDatabase(serverUrl, async (databaseUrl, seedMs) => {
    const server = await startServerProcess({ DATABASE_URL: databaseUrl, REDIS_URL: '', JOBS_ENABLED: 'false' });
    try {
      const admin = await login(server.baseUrl, 'admin');
      const { widgets } = await benchDashboard(server.baseUrl, admin);
      const engineer = await login(server.baseUrl, 'engineer');
      const withoutDashboard = await login(server.baseUrl, 'admin');
      const drawn = findChromium()
        ? {
            targetMs: TARGET_DRAWN_MS,
            ...summary(await pageTimes(server.baseUrl, engineer, allDrawn, widgets.length)),
            shellWithoutDashboard: summary(await pageTimes(server.baseUrl, withoutDashboard, shellDrawn, 0)),
          }
        : 'skipped: Chromium not found';
      return {
        inspections: LARGE_INSPECTIONS,
        seedMs,
        widgets: widgets.length,
        widgetDataTargetP99Ms: TARGET_P99_MS,
        widgetData: await widgetCalls(server.baseUrl, engineer, widgets),
        allWidgetsDrawn: drawn,
      };
    } finally {
      await server.stop();
    }
  });
}

if (import.meta.url === `file://${process.argv[1]}`) console.log(JSON.stringify(await benchDashboardLoad(), null, 2));
