import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { io as connectSocket, type Socket } from 'socket.io-client';
import { SOCKET_PATH } from '../common/realtime';
import type { DashboardRecord } from '../common/resources/dashboard';
import { initialDashboardFilterValue, widgetFilterQuery } from '../src/features/dashboards/dashboardFilters';
import { createCatalogue, submissionBodies } from './inspectionSubmit';
import { login, percentile, round1 } from './largeDatabase';

/**
 * Issue 21's plant-wide load, against any address (a proxy in front of N processes, or one process):
 * - `technicians` simulated technicians, each with an asset of its own: every ~30 s (25–35 s, the
 *   first one spread over the first period) scan → open the asset with its checklists → read its
 *   previous values → submit the 20-item checklist with an Idempotency-Key, a photo uploaded first
 *   in one round of 10;
 * - `dashboards` engineers with the engineering overview open and their socket connected: every
 *   widget loaded at the start, then reloaded as the web app does (src/features/dashboards/
 *   useLiveVersions.ts, useWidgetData.ts): pushes within 400 ms coalesce, only widgets whose data
 *   read a changed entity reload, a widget whose answer is on its way asks once more after it, and
 *   a widget's live loads start at least 2 s apart.
 * Push latency: from sending a submit to its new-inspection arriving on each engineer socket.
 * Memory: each process's resident set every 5 s (/proc/<pid>/status), as the curve.
 */

const PERIOD_MS = 30_000;
const JITTER_MS = 5_000;
const PHOTO_EVERY = 10;
/** The web dashboard's coalescing window (src/features/dashboards/useLiveVersions.ts). */
const COALESCE_MS = 400;
/** The web dashboard's shortest gap between two live loads of a widget (src/features/dashboards/useWidgetData.ts). */
const MIN_GAP_MS = 2_000;
const MEMORY_EVERY_MS = 5_000;
const PHOTO = readFileSync(new URL('../tests/fixtures/flir/flir-t420.jpg', import.meta.url));

export interface PlantLoadOptions {
  /** Where clients connect: the proxy, or the one process. */
  baseUrl: string;
  /** The server processes whose memory is sampled. */
  pids: number[];
  durationSeconds?: number;
  technicians?: number;
  dashboards?: number;
  /** Left out of latency figures and of the memory's flatness check. */
  warmupSeconds?: number;
}

type Kind = 'open' | 'previous' | 'photo' | 'submit' | 'widget';

class Recorder {
  readonly times = new Map<Kind | 'push', number[]>();
  readonly errors: string[] = [];
  measuring = false;
  add(kind: Kind | 'push', ms: number) {
    if (!this.measuring) return;
    const list = this.times.get(kind) ?? [];
    list.push(ms);
    this.times.set(kind, list);
  }
  error(what: string) {
    this.errors.push(what);
  }
  stats(kind: Kind | 'push') {
    const sorted = [...(this.times.get(kind) ?? [])].sort((a, b) => a - b);
    if (!sorted.length) return { count: 0 };
    return { count: sorted.length, p50Ms: round1(percentile(sorted, 50)), p95Ms: round1(percentile(sorted, 95)), p99Ms: round1(percentile(sorted, 99)), maxMs: round1(sorted.at(-1)!) };
  }
}

async function timed(recorder: Recorder, kind: Kind, what: string, send: () => Promise<Response>): Promise<Response | null> {
  const started = performance.now();
  try {
    const response = await send();
    const body = await response.arrayBuffer();
    recorder.add(kind, performance.now() - started);
    if (!response.ok) {
      recorder.error(`${what}: ${response.status} ${Buffer.from(body).toString('utf8').slice(0, 200)}`);
      return null;
    }
    return new Response(body, { status: response.status, headers: response.headers });
  } catch (error) {
    recorder.error(`${what}: ${(error as Error).message}`);
    return null;
  }
}

interface Station {
  assetId: string;
  identification: string;
  token: string;
}

/** 199 more assets carrying the catalogue's checklist, so each technician scans a label of its own. */
async function stations(baseUrl: string, technicians: number) {
  const admin = await login(baseUrl, 'admin');
  const catalogue = await createCatalogue(baseUrl, admin, { photoItem: true });
  const assets = [{ _id: catalogue.assetId, identification: `BENCH-${catalogue.suffix}` }];
  for (let i = 1; i < technicians; i++) {
    const identification = `BENCH-${catalogue.suffix}-${i}`;
    const response = await fetch(`${baseUrl}/api/asset`, {
      method: 'POST',
      headers: { 'x-auth': admin, 'content-type': 'application/json' },
      body: JSON.stringify({ name: `Bench pump ${catalogue.suffix} ${i}`, identification, tags: ['Bench'], checklists: [catalogue.checklistId], staticAttributes: [], checklistOptions: [], message: '' }),
    });
    if (!response.ok) throw new Error(`POST /asset: ${response.status} ${await response.text()}`);
    assets.push({ _id: ((await response.json()) as { _id: string })._id, identification });
  }
  const tokens = await accounts(baseUrl, admin, 'ROLE_TECHNICIAN', `bench.tech.${catalogue.suffix}`, technicians);
  const list: Station[] = assets.map((asset, i) => ({ assetId: asset._id, identification: asset.identification, token: tokens[i]! }));
  return { list, catalogue, bodies: submissionBodies(catalogue), admin, suffix: catalogue.suffix };
}

/**
 * `count` users of one role, each signed in once: people, not one account shared (the sandbox
 * queues each user's scripts fairly, and caches hold per user: one shared account would measure
 * neither).
 */
async function accounts(baseUrl: string, admin: string, roleName: string, prefix: string, count: number): Promise<string[]> {
  const call = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    const response = await fetch(`${baseUrl}/api${path}`, {
      method,
      headers: { 'x-auth': admin, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
    return (await response.json()) as T;
  };
  const roles = await call<{ _id: string; name: string }[]>('GET', '/role?fields=name');
  const role = roles.find((r) => r.name === roleName);
  if (!role) throw new Error(`no role ${roleName}`);
  const one = async (i: number) => {
    const username = `${prefix}.${i}`;
    const user = await call<{ _id: string }>('POST', '/user', { username, name: `Bench ${roleName} ${i}`, role: role._id });
    const { password } = await call<{ password: string }>('POST', `/user/${user._id}/resetPassword`);
    const response = await fetch(`${baseUrl}/api/token/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username, password }) });
    if (!response.ok) throw new Error(`login ${username}: ${response.status} ${await response.text()}`);
    return ((await response.json()) as { token: string }).token;
  };
  const tokens: string[] = [];
  for (let i = 0; i < count; i += 10) tokens.push(...(await Promise.all(Array.from({ length: Math.min(10, count - i) }, (_, k) => one(i + k)))));
  return tokens;
}

/** A technician's round: the calls the technician app makes from scanning a label to Submit. */
async function round(baseUrl: string, station: Station, body: string, photoAttributeId: string | null, checklistId: string, withPhoto: boolean, recorder: Recorder, sent: Map<string, number>) {
  const headers = { 'x-auth': station.token };
  const opened = await timed(recorder, 'open', 'open asset', () =>
    fetch(`${baseUrl}/api/asset/identification/group/${encodeURIComponent(station.identification)}?expand=checklists`, { headers }),
  );
  if (!opened) return;
  await timed(recorder, 'previous', 'previous values', () => fetch(`${baseUrl}/api/asset/${station.assetId}/previousInspections`, { headers }));
  const key = randomUUID();
  const payload = JSON.parse(body) as { inspectionData: Record<string, Record<string, unknown>> };
  if (withPhoto && photoAttributeId) {
    const form = new FormData();
    form.append('file', new Blob([PHOTO], { type: 'image/jpeg' }), 'nameplate.jpg');
    const uploaded = await timed(recorder, 'photo', 'photo upload', () =>
      fetch(`${baseUrl}/api/file`, { method: 'POST', headers: { ...headers, 'Idempotency-Key': `${key}:photo:1` }, body: form }),
    );
    if (!uploaded) return;
    payload.inspectionData[checklistId]![photoAttributeId] = ((await uploaded.json()) as { _id: string })._id;
  }
  sent.set(station.assetId, performance.now());
  await timed(recorder, 'submit', 'submit', () =>
    fetch(`${baseUrl}/api/inspection?assetId=${station.assetId}`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json', 'Idempotency-Key': key },
      body: JSON.stringify(payload),
    }),
  );
}

interface WidgetState {
  id: string;
  query: string;
  dependsOn: string[] | null;
  loading: boolean;
  stale: boolean;
  lastStarted: number;
  gapTimer?: NodeJS.Timeout;
}

/** An engineer's open dashboard: its widgets, and its socket reloading them as the web app does. */
async function openDashboard(baseUrl: string, token: string, items: { id: string; query: string }[], recorder: Recorder, sent: Map<string, number>) {
  const widgets: WidgetState[] = items.map((item) => ({ ...item, dependsOn: null, loading: false, stale: false, lastStarted: 0 }));
  // As src/features/dashboards/useWidgetData.ts: one answer on its way per widget; a push meanwhile
  // marks it stale, and it asks once more when that answer has arrived; live loads of a widget
  // start at least two seconds apart.
  const load = async (widget: WidgetState): Promise<void> => {
    widget.loading = true;
    widget.stale = false;
    widget.lastStarted = performance.now();
    const answer = await timed(recorder, 'widget', `widget ${widget.id}`, () => fetch(`${baseUrl}/api/widget/${widget.id}?${widget.query}`, { headers: { 'x-auth': token } }));
    if (answer) widget.dependsOn = ((await answer.json()) as { dependsOn?: string[] }).dependsOn ?? null;
    widget.loading = false;
    if (widget.stale && !closed) liveReload(widget);
  };
  const liveReload = (widget: WidgetState) => {
    if (widget.gapTimer) return;
    if (widget.loading) {
      widget.stale = true;
      return;
    }
    const wait = widget.lastStarted + MIN_GAP_MS - performance.now();
    if (wait <= 0) return void load(widget);
    widget.gapTimer = setTimeout(() => {
      widget.gapTimer = undefined;
      if (!closed) void load(widget);
    }, wait);
  };
  let closed = false;
  await Promise.all(widgets.map(load));

  const socket: Socket = connectSocket(baseUrl, { path: SOCKET_PATH, transports: ['websocket'], forceNew: true, auth: { token } });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  const pending = new Set<string>();
  let timer: NodeJS.Timeout | undefined;
  const mark = (entities: string[]) => {
    entities.forEach((entity) => pending.add(entity));
    if (timer) return;
    timer = setTimeout(() => {
      timer = undefined;
      const changed = [...pending];
      pending.clear();
      for (const widget of widgets) if (widget.dependsOn === null || widget.dependsOn.some((entity) => changed.includes(entity))) liveReload(widget);
    }, COALESCE_MS);
  };
  socket.on('new-inspection', (payload: { asset: string }) => {
    const at = sent.get(payload.asset);
    if (at !== undefined) recorder.add('push', performance.now() - at);
    mark(['inspection', 'inspectionSchedule']);
  });
  socket.on('new-alert', () => mark(['alert']));
  socket.on('update-detail', (payload: { type: string }) => mark([payload.type]));
  socket.on('disconnect', (reason) => recorder.error(`engineer socket disconnected: ${reason}`));
  return {
    close() {
      closed = true;
      clearTimeout(timer);
      widgets.forEach((widget) => clearTimeout(widget.gapTimer));
      socket.off('disconnect');
      socket.disconnect();
    },
  };
}

/**
 * What the engineer's home opens: /token/init names the dashboard, then the dashboard itself; each
 * section's widgets get the query the web app sends (its filters at their initial values).
 */
async function engineerDashboard(baseUrl: string, token: string) {
  const headers = { 'x-auth': token };
  const init = (await (await fetch(`${baseUrl}/api/token/init`, { headers })).json()) as { dashboardId?: string | null };
  if (!init.dashboardId) throw new Error('the demo engineer has no dashboard');
  const dashboard = (await (await fetch(`${baseUrl}/api/dashboard/${init.dashboardId}`, { headers })).json()) as DashboardRecord;
  const values = Object.fromEntries(dashboard.filters.map((filter) => [filter.name, initialDashboardFilterValue(filter)]));
  return dashboard.sections.flatMap((section) => {
    const query = new URLSearchParams(Object.entries(widgetFilterQuery(dashboard.filters, section.filters, values)).map(([k, v]) => [k, String(v)])).toString();
    return section.items.map((item) => ({ id: item.widget, query }));
  });
}

/** CPU seconds a process has used (user + system), from /proc/<pid>/stat. */
function cpuSeconds(pid: number): number | null {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return null;
  }
}

/** The machine's busy and total CPU seconds over all cores, from /proc/stat. */
function machineCpu(): { busy: number; total: number } {
  const [, ...ticks] = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).map(Number);
  const total = ticks.reduce((a, b) => a + b, 0);
  const idle = (ticks[3] ?? 0) + (ticks[4] ?? 0);
  return { busy: (total - idle) / 100, total: total / 100 };
}

function residentMb(pid: number): number | null {
  try {
    const kb = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kb ? Math.round(Number(kb) / 102.4) / 10 : null;
  } catch {
    return null;
  }
}

export async function runPlantLoad({ baseUrl, pids, durationSeconds = 300, technicians = 200, dashboards = 50, warmupSeconds = 30 }: PlantLoadOptions) {
  const setupStarted = performance.now();
  const { list, catalogue, bodies, admin, suffix } = await stations(baseUrl, technicians);
  const engineerTokens = await accounts(baseUrl, admin, 'ROLE_ENGINEER', `bench.eng.${suffix}`, dashboards);
  const items = await engineerDashboard(baseUrl, engineerTokens[0]!);
  const recorder = new Recorder();
  const sent = new Map<string, number>();
  const boards = [];
  for (const token of engineerTokens) boards.push(await openDashboard(baseUrl, token, items, recorder, sent));
  const setupSeconds = round1((performance.now() - setupStarted) / 1000);

  const started = performance.now();
  const memory: { second: number; mb: (number | null)[] }[] = [];
  const sample = () => memory.push({ second: Math.round((performance.now() - started) / 1000), mb: pids.map(residentMb) });
  sample();
  const sampler = setInterval(sample, MEMORY_EVERY_MS);
  const atWarmup: { cpu: { app: (number | null)[]; machine: ReturnType<typeof machineCpu>; at: number } | null } = { cpu: null };
  const warmupTimer = setTimeout(() => {
    recorder.measuring = true;
    atWarmup.cpu = { app: pids.map(cpuSeconds), machine: machineCpu(), at: performance.now() };
  }, warmupSeconds * 1000);
  const endAt = started + durationSeconds * 1000;
  let submits = 0;

  const technician = async (station: Station, index: number) => {
    await new Promise((resolve) => setTimeout(resolve, Math.random() * PERIOD_MS));
    for (let k = 0; performance.now() < endAt; k++) {
      const roundStarted = performance.now();
      await round(baseUrl, station, bodies[(index + k) % bodies.length]!, catalogue.photoAttributeId, catalogue.checklistId, (index + k) % PHOTO_EVERY === 0, recorder, sent);
      submits++;
      const wait = PERIOD_MS - JITTER_MS + Math.random() * 2 * JITTER_MS - (performance.now() - roundStarted);
      if (performance.now() + wait >= endAt) break;
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, wait)));
    }
  };
  await Promise.all(list.map(technician));
  clearInterval(sampler);
  clearTimeout(warmupTimer);
  sample();
  const cpu = (() => {
    const from = atWarmup.cpu;
    if (!from) return null;
    const seconds = (performance.now() - from.at) / 1000;
    const machine = machineCpu();
    const hundredths = (n: number) => Math.round(n * 100) / 100;
    const appCores = pids.map((pid, p) => hundredths(((cpuSeconds(pid) ?? 0) - (from.app[p] ?? 0)) / seconds));
    const machineCores = hundredths((machine.busy - from.machine.busy) / seconds);
    const cores = Math.round((machine.total - from.machine.total) / seconds);
    // Others: PostgreSQL, Redis, nginx and this load generator itself, all on the same cores.
    return { cores, machineBusyCores: machineCores, appProcessCores: appCores, othersCores: hundredths(machineCores - appCores.reduce((a, b) => a + b, 0)) };
  })();
  // Late pushes and reloads settle before the sockets close.
  await new Promise((resolve) => setTimeout(resolve, 2_000));
  boards.forEach((board) => board.close());

  const afterWarmup = memory.filter((point) => point.second >= warmupSeconds);
  const flatness = pids.map((_, p) => {
    const values = afterWarmup.map((point) => point.mb[p]).filter((mb): mb is number => mb !== null);
    const third = Math.max(1, Math.floor(values.length / 3));
    const mean = (list: number[]) => round1(list.reduce((a, b) => a + b, 0) / list.length);
    return { firstThirdMb: mean(values.slice(0, third)), lastThirdMb: mean(values.slice(-third)), maxMb: Math.max(...values) };
  });
  return {
    processes: pids.length,
    technicians,
    dashboards,
    widgetsPerDashboard: items.length,
    durationSeconds,
    warmupSeconds,
    setupSeconds,
    rounds: submits,
    errors: recorder.errors.length,
    firstErrors: recorder.errors.slice(0, 5),
    submit: recorder.stats('submit'),
    openAsset: recorder.stats('open'),
    previousValues: recorder.stats('previous'),
    photoUpload: recorder.stats('photo'),
    widget: recorder.stats('widget'),
    push: recorder.stats('push'),
    cpuAfterWarmup: cpu,
    memoryAfterWarmup: flatness,
    memoryCurve: memory,
    targets: { errors: 0, submitP99Ms: 500, widgetP99Ms: 300, pushP95Ms: 300 },
  };
}
