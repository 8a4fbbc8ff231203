import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type Page } from 'playwright-core';
import { findChromium } from '../tests/e2e/chromium';
import { startServerProcess } from '../tests/helpers/serverProcess';
import { ensureWebBuild } from '../build/webBuild';
import { login, percentile, round1 } from './largeDatabase';

const TARGET_MS = 500;
const RUNS = 10;
/** The heavy month: as many schedules as the server bench reads in one month (issue 17). */
const HEAVY_SCHEDULES = 5_000;
const WRITERS = 8;
const DAY_MS = 86_400_000;

interface Asset {
  _id: string;
  checklists: string[];
}

async function createSchedules(baseUrl: string, token: string, month: { start: number; days: number }, count: number): Promise<string[]> {
  const assets = ((await (await fetch(`${baseUrl}/api/asset?fields=name,checklists`, { headers: { 'x-auth': token } })).json()) as Asset[]).filter((a) => a.checklists.length > 0);
  const ids: string[] = [];
  let next = 0;
  const writer = async () => {
    for (let n = next++; n < count; n = next++) {
      const asset = assets[n % assets.length]!;
      const day = month.start + (n % month.days) * DAY_MS;
      const response = await fetch(`${baseUrl}/api/inspectionSchedule`, {
        method: 'POST',
        headers: { 'x-auth': token, 'content-type': 'application/json' },
        body: JSON.stringify({ assetId: asset._id, checklistIds: [asset.checklists[0]], start: day, end: day + DAY_MS - 1 }),
      });
      const json = (await response.json()) as { _id: string; message?: string };
      if (!response.ok) throw new Error(`POST /inspectionSchedule: ${response.status} ${json.message ?? ''}`);
      ids.push(json._id);
    }
  };
  await Promise.all(Array.from({ length: WRITERS }, writer));
  return ids;
}

/**
 * In the page: clicks Next Month (or Previous Month) and answers the page-clock milliseconds until
 * the frame after the new month's events are in the page: its heading shown, no fetch under way,
 * and one of `ids` (schedules of that month) drawn. Kept as source text: tsx would wrap named
 * functions in a helper the page does not have.
 */
const CLICK_AND_TIME = `({ button, heading, ids }) => new Promise((resolve) => {
  const wanted = new Set(ids);
  const target = [...document.querySelectorAll('button')].find((b) => b.textContent === button);
  performance.clearResourceTimings();
  const started = performance.now();
  target.click();
  const check = () => {
    const shown = document.querySelector('h2[aria-live]')?.textContent === heading;
    const busy = document.querySelector('[role="progressbar"][aria-label="Loading events"]') !== null;
    const drawn = [...document.querySelectorAll('[data-event-id]')].some((el) => wanted.has(el.dataset.eventId ?? ''));
    if (shown && !busy && drawn) requestAnimationFrame(() => {
      const answer = performance.getEntriesByType('resource').find((entry) => entry.name.includes('/api/inspectionSchedule'));
      resolve({ drawnMs: performance.now() - started, answeredMs: answer ? answer.responseEnd - started : null });
    });
    else requestAnimationFrame(check);
  };
  requestAnimationFrame(check);
})`;

/** Page-clock milliseconds to the new month drawn, and to its GET /inspectionSchedule answered. */
const clickAndTime = (page: Page, args: { button: string; heading: string; ids: string[] }) =>
  page.evaluate(`(${CLICK_AND_TIME})(${JSON.stringify(args)})`) as Promise<{ drawnMs: number; answeredMs: number | null }>;

async function timeNextMonth(page: Page, months: { current: string; next: string }, ids: { current: string[]; next: string[] }) {
  const drawn: number[] = [];
  const answered: number[] = [];
  for (let run = 0; run <= RUNS; run++) {
    const times = await clickAndTime(page, { button: 'Next Month', heading: months.next, ids: ids.next });
    if (run > 0) {
      drawn.push(round1(times.drawnMs));
      if (times.answeredMs !== null) answered.push(round1(times.answeredMs));
    }
    await clickAndTime(page, { button: 'Previous Month', heading: months.current, ids: ids.current });
  }
  const sorted = [...drawn].sort((a, b) => a - b);
  const answers = [...answered].sort((a, b) => a - b);
  return { runs: drawn, medianMs: round1(percentile(sorted, 50)), maxMs: round1(sorted.at(-1)!), answeredMedianMs: answers.length ? round1(percentile(answers, 50)) : null };
}

/**
 * Issue 17: the time from clicking Next Month on /home/inspectionSchedule to the next month's
 * schedules drawn in Chromium (the page's clock, a warm page, the first run left out), on the
 * embedded database: with the demo's schedules, and with 5,000 schedules in that month (the
 * calendar draws 20 a day and lists the rest behind '+n more').
 */
export async function benchScheduleNextMonth() {
  const executablePath = findChromium();
  if (!executablePath) return { skipped: 'Chromium not found' };
  await ensureWebBuild();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'fo-bench-schedule-'));
  const server = await startServerProcess({ DATA_DIR: dataDir, JOBS_ENABLED: 'false' }, 180_000);
  const browser = await chromium.launch({ executablePath, args: ['--no-sandbox', '--disable-gpu'] });
  try {
    const token = await login(server.baseUrl, 'engineer');
    const now = new Date();
    const thisMonth = { start: new Date(now.getFullYear(), now.getMonth(), 1).getTime(), days: 28 };
    const nextMonth = { start: new Date(now.getFullYear(), now.getMonth() + 1, 1).getTime(), days: 28 };
    const heading = (start: number) => new Date(start).toLocaleString('en-US', { month: 'long', year: 'numeric' });
    const months = { current: heading(thisMonth.start), next: heading(nextMonth.start) };
    // One known schedule in each month marks its data as drawn.
    const ids = { current: await createSchedules(server.baseUrl, token, thisMonth, 1), next: await createSchedules(server.baseUrl, token, nextMonth, 1) };

    const context = await browser.newContext({ viewport: { width: 1366, height: 860 } });
    await context.addInitScript((jwt) => localStorage.setItem('jwt', jwt), token);
    const page = await context.newPage();
    await page.goto(`${server.baseUrl}/home/inspectionSchedule`);
    await page.locator('[data-event-id]').first().waitFor({ timeout: 30_000 });
    const demoCount = ((await (await fetch(`${server.baseUrl}/api/inspectionSchedule?start=${nextMonth.start}&end=${new Date(now.getFullYear(), now.getMonth() + 2, 1).getTime() - 1}`, { headers: { 'x-auth': token } })).json()) as unknown[]).length;
    const demo = { schedulesInMonth: demoCount, ...(await timeNextMonth(page, months, ids)) };

    const started = performance.now();
    const heavyIds = await createSchedules(server.baseUrl, token, nextMonth, HEAVY_SCHEDULES);
    const seedMs = round1(performance.now() - started);
    const heavy = { schedulesInMonth: demoCount + heavyIds.length, seedMs, ...(await timeNextMonth(page, months, { current: ids.current, next: [...ids.next, ...heavyIds] })) };
    return { targetMs: TARGET_MS, demo, heavy };
  } finally {
    await browser.close();
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) console.log(JSON.stringify(await benchScheduleNextMonth(), null, 2));
