import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { SourceMapConsumer } from 'source-map-js';
import { CHROMIUM_ARGS, findChromium } from '../tests/e2e/chromium';
import { startServerProcess } from '../tests/helpers/serverProcess';
import { login } from './largeDatabase';
import { PHONE_PAGES, signedIn } from './lighthouse';

/*
 * Which tasks block a phone page's main thread, and what runs in them: what Lighthouse's TBT sums
 * but does not name (docs/performance-phone.md). The built app (dist/ as it is) on `npm start`'s
 * server with the demo; a cold load of one page in Debian's Chromium with a phone's screen, touch
 * and user agent (as Lighthouse's mobile emulation) and the CPU slowed four times; a trace of it.
 * Prints each task over 50 ms after the navigation with its events, its files and functions by
 * self time — the sources' names when the build kept its source maps (`npm run build -- --sourcemap`).
 *   npx tsx bench/phoneTrace.ts [onsite|inspection|inspectView] [runs]
 */

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: { name?: string; data?: Record<string, unknown> & { cpuProfile?: { nodes?: ProfileNode[]; samples?: number[] }; timeDeltas?: number[]; startTime?: number } };
}
interface ProfileNode {
  id: number;
  parent?: number;
  /** A trace's profile leaves out what is empty (a native function's url). */
  callFrame: { functionName?: string; url?: string; lineNumber: number; columnNumber: number };
}

/** A Pixel-sized phone as Lighthouse's mobile emulation presents it: the server guesses the pointer from the user agent. */
const PHONE = {
  viewport: { width: 412, height: 823 },
  deviceScaleFactor: 1.75,
  isMobile: true,
  hasTouch: true,
  userAgent: 'Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/136.0.0.0 Mobile Safari/537.36',
};
const CATEGORIES = ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8.execute', 'disabled-by-default-v8.cpu_profiler', 'loading', 'blink.user_timing'].join(',');
const SETTLE_MS = 5000;
const LONG_TASK_US = 50_000;

async function tracePage(baseUrl: string, pagePath: string, token: string): Promise<TraceEvent[]> {
  const browser = await chromium.launch({ executablePath: findChromium()!, args: CHROMIUM_ARGS });
  try {
    const context = await browser.newContext(PHONE);
    const page = await signedIn(context, baseUrl, token);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    const events: TraceEvent[] = [];
    cdp.on('Tracing.dataCollected', (message) => events.push(...(message.value as unknown as TraceEvent[])));
    const complete = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
    await cdp.send('Tracing.start', { categories: CATEGORIES, transferMode: 'ReportEvents' });
    await page.goto(`${baseUrl}${pagePath}`);
    await page.locator('html[data-app-live]').waitFor({ state: 'attached', timeout: 60_000 });
    await page.waitForTimeout(SETTLE_MS);
    await cdp.send('Tracing.end');
    await complete;
    return events;
  } finally {
    await browser.close();
  }
}

/** A frame's name: `function source:line` through the build's source map where there is one. */
function namer(distDir: string) {
  const maps = new Map<string, SourceMapConsumer | null>();
  return ({ callFrame: frame }: ProfileNode) => {
    const url = frame.url ?? '';
    const asset = /\/assets\/([^/?]+\.js)$/.exec(url)?.[1];
    const mapFile = asset && path.join(distDir, 'assets', `${asset}.map`);
    if (mapFile && !maps.has(mapFile)) maps.set(mapFile, existsSync(mapFile) ? new SourceMapConsumer(JSON.parse(readFileSync(mapFile, 'utf8'))) : null);
    const map = mapFile ? maps.get(mapFile) : null;
    const original = map?.originalPositionFor({ line: frame.lineNumber + 1, column: frame.columnNumber });
    if (original?.source) {
      const source = original.source.replace(/^.*node_modules\//, '').replace(/^(\.\.\/)+/, '');
      return { name: `${original.name ?? frame.functionName ?? '(anonymous)'} ${source}:${original.line}`, file: /^(src|common)\//.test(source) ? source : source.split('/').slice(0, source.startsWith('@') ? 2 : 1).join('/') };
    }
    if (!url) return { name: frame.functionName || '(native)', file: frame.functionName || '(native)' };
    const file = url.replace(/^.*\//, '');
    return { name: `${frame.functionName || '(anonymous)'} ${file}`, file };
  };
}

const topShares = (counts: Map<string, number>, total: number, n: number) =>
  [...counts]
    .sort((a, b) => b[1] - a[1])
    .slice(0, n)
    .map(([key, count]) => `${key} ${Math.round((100 * count) / total)}%`)
    .join(' | ');

function report(events: TraceEvent[], distDir: string, pagePath: string) {
  const threadNames = new Map(events.filter((e) => e.name === 'thread_name').map((e) => [`${e.pid}:${e.tid}`, e.args?.name]));
  const busy = new Map<string, number>();
  for (const e of events) if (e.name === 'RunTask' && threadNames.get(`${e.pid}:${e.tid}`) === 'CrRendererMain') busy.set(`${e.pid}:${e.tid}`, (busy.get(`${e.pid}:${e.tid}`) ?? 0) + (e.dur ?? 0));
  const main = [...busy].sort((a, b) => b[1] - a[1])[0]?.[0];
  if (!main) throw new Error('no renderer main thread in the trace');
  const onMain = events.filter((e) => `${e.pid}:${e.tid}` === main);
  // The page's own navigation (the trace may hold the origin page's end too).
  const navigations = events.filter((e) => e.name === 'navigationStart');
  const start = (navigations.find((e) => String(e.args?.data?.documentLoaderURL ?? '').endsWith(pagePath)) ?? navigations.at(-1))?.ts ?? Math.min(...onMain.map((e) => e.ts));
  // The sampled profile: its nodes, and each sample's time and node.
  const nodes = new Map<number, ProfileNode>();
  const samples: [number, number][] = [];
  let time = 0;
  for (const e of events.filter((candidate) => String(candidate.pid) === main.split(':')[0])) {
    if (e.name === 'Profile') time = e.args?.data?.startTime ?? time;
    if (e.name !== 'ProfileChunk') continue;
    const { cpuProfile, timeDeltas = [] } = e.args!.data!;
    for (const node of cpuProfile?.nodes ?? []) nodes.set(node.id, node);
    (cpuProfile?.samples ?? []).forEach((id, i) => samples.push([(time += timeDeltas[i] ?? 0), id]));
  }
  const nameOf = namer(distDir);
  let blocking = 0;
  for (const task of onMain.filter((e) => e.name === 'RunTask' && e.ph === 'X' && e.ts >= start && (e.dur ?? 0) > LONG_TASK_US)) {
    const end = task.ts + task.dur!;
    blocking += task.dur! - LONG_TASK_US;
    const inner = new Map<string, number>();
    for (const e of onMain) if (e !== task && e.ph === 'X' && e.ts >= task.ts && e.ts < end && /^(FunctionCall|EvaluateScript|v8\.evaluateModule|TimerFire|Layout|UpdateLayoutTree|Paint|ParseHTML|MinorGC|MajorGC)$/.test(e.name)) inner.set(e.name, (inner.get(e.name) ?? 0) + e.dur! / 1000);
    const byFunction = new Map<string, number>();
    const byFile = new Map<string, number>();
    let total = 0;
    for (const [at, id] of samples) {
      if (at < task.ts || at >= end || !nodes.has(id)) continue;
      const { name, file } = nameOf(nodes.get(id)!);
      byFunction.set(name, (byFunction.get(name) ?? 0) + 1);
      byFile.set(file, (byFile.get(file) ?? 0) + 1);
      total += 1;
    }
    console.log(`  task at ${Math.round((task.ts - start) / 1000)} ms: ${Math.round(task.dur! / 1000)} ms (${[...inner].map(([name, ms]) => `${name} ${Math.round(ms)}`).join(', ')})`);
    if (total > 0) {
      console.log(`    files: ${topShares(byFile, total, 6)}`);
      console.log(`    self:  ${topShares(byFunction, total, 6)}`);
    }
  }
  console.log(`  past 50 ms, summed: ${Math.round(blocking / 1000)} ms (4× slower CPU, observed; Lighthouse simulates its own)`);
}

async function main() {
  const [pageName = 'onsite', runsArg = '1'] = process.argv.slice(2);
  const page = PHONE_PAGES.find((candidate) => candidate.name === pageName);
  if (!page) throw new Error(`unknown page ${pageName}: ${PHONE_PAGES.map((candidate) => candidate.name).join(', ')}`);
  if (!findChromium()) throw new Error('no Chromium installed (apt-get install chromium)');
  const distDir = path.resolve('dist');
  if (!existsSync(path.join(distDir, 'index.html'))) throw new Error('no build: npm run build first (with -- --sourcemap for the sources\' names)');
  const server = await startServerProcess({ DATA_DIR: mkdtempSync(path.join(tmpdir(), 'fo-bench-trace-')), DATABASE_URL: '', REDIS_URL: '', JOBS_ENABLED: 'false' }, 120_000);
  try {
    const token = await login(server.baseUrl, page.user);
    for (let run = 1; run <= Number(runsArg); run++) {
      console.log(`${page.path}, cold load ${run}:`);
      report(await tracePage(server.baseUrl, page.path, token), distDir, page.path);
    }
  } finally {
    await server.stop();
  }
}

await main();
