import { fork, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { cpus } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import mqtt from 'mqtt';
import pg from 'pg';
import { io as connectSocket, type Socket } from 'socket.io-client';
import { readingTopic } from '../common/monitoring/topics';
import { SOCKET_PATH, type NewAlertEvent } from '../common/realtime';
import { startMosquitto } from '../tests/helpers/mosquitto';
import { redisAnswers } from '../tests/helpers/redisAnswers';
import { startServerProcess, type ServerProcess } from '../tests/helpers/serverProcess';
import { percentile, round1 } from './largeDatabase';
import type { PublishCommand, PublisherCommand, PublisherReport } from './monitoringIngestPublishers';
import { REORDER_WINDOW_MS } from '../server/modules/monitoring/storeReadings';

/** Issue 44's condition-monitoring targets. */
const TARGETS = { storedReadingsPerSecond: 5_000, alertP95Ms: 200, trend90DaysP99Ms: 300 };
/** This machine's servers, when DATABASE_URL / REDIS_URL do not name others. */
const MACHINE_POSTGRES = 'postgres://postgres@127.0.0.1:5432/postgres';
const MACHINE_REDIS = 'redis://127.0.0.1:6379';

const SITE = 'bench';
const ASSETS = 10;
const POINTS_PER_ASSET = 10;
const JWT_SECRET = 'bench-monitoring-ingest-jwt-secret';
const ADMIN_PASSWORD = 'bench-monitoring-admin';
/** The probe's point: warning above 50 with a deadband of 5; 60 fires it, 40 re-arms it. */
const ALARM = { warning: 50, deadband: 5, above: 60, below: 40 };
/** How often the stored count is read while readings come in. */
const SAMPLE_EVERY_MS = 500;
/** No new row for this long after every publish was acknowledged: the intake is done (or lost some). */
const QUIET_MS = 5_000;
const DRAIN_LIMIT_MS = 180_000;
/** A probe reading's alert not received within this long is counted missing. */
const ALERT_TIMEOUT_MS = 15_000;
const DAY_MS = 86_400_000;
const TREND_ROWS = 90 * 24 * 60;

const PUBLISHERS = path.join(path.dirname(fileURLToPath(import.meta.url)), 'monitoringIngestPublishers.ts');

/** Wall-clock ms with sub-ms resolution: the same clock in every process of the bench. */
const now = () => performance.timeOrigin + performance.now();
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const progress = (message: string) => console.error(`monitoringIngest: ${message}`);

export interface MonitoringIngestOptions {
  /** Seconds each ingest run publishes (INGEST_SECONDS, default 30). */
  seconds?: number;
  /** Readings per second offered (INGEST_RATE, default 5,000). */
  rate?: number;
  /** MQTT clients publishing them (INGEST_CLIENTS, default 4). */
  publisherClients?: number;
}

// ---------------------------------------------------------------------------------------------
// CPU time per process, from /proc (Linux): where the cores went during a run.

/** CPU time (user + system, ms) a process has used so far, or null when it is gone. */
function cpuMsOf(pid: number | undefined): number | null {
  if (pid === undefined) return null;
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return null;
  }
}

const processIds = () => readdirSync('/proc').filter((entry) => /^\d+$/.test(entry)).map(Number);

/** Every process of that command name (the PostgreSQL cluster's backends, the Redis server). */
function pidsNamed(name: string): number[] {
  return processIds().filter((pid) => {
    try {
      return readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === name;
    } catch {
      return false;
    }
  });
}

/** The bench's own Mosquitto: the one whose config listens on the broker's port (not the system's daemon). */
function mosquittoPid(brokerUrl: string): number | undefined {
  const listener = `listener ${new URL(brokerUrl).port} `;
  return processIds().find((pid) => {
    try {
      const args = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
      if (!args[0]?.endsWith('mosquitto')) return false;
      const config = args[args.indexOf('-c') + 1];
      return Boolean(config && readFileSync(config, 'utf8').includes(listener));
    } catch {
      return false;
    }
  });
}

/** The whole machine's busy CPU time so far (ms, all cores; /proc/stat): what else ran beside the bench. */
function machineBusyMs(): number {
  const [, user, nice, system, , , irq, softirq, steal] = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).map(Number);
  return ((user! + nice! + system! + irq! + softirq! + steal!) * 1000) / 100;
}

/** Every process's CPU so far by pid, with a short name from its command line (a kernel thread's: its comm). */
function everyProcessCpu(): Map<number, { name: string; ms: number }> {
  const found = new Map<number, { name: string; ms: number }>();
  for (const pid of processIds()) {
    try {
      const args = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean);
      const shown = [path.basename(args[0] ?? ''), ...args.slice(1).filter((arg) => !arg.startsWith('-')).map((arg) => arg.replace(/^.*node_modules\//, ''))];
      const name = args.length > 0 ? shown.slice(0, 4).join(' ').slice(0, 100) : readFileSync(`/proc/${pid}/comm`, 'utf8').trim();
      const ms = cpuMsOf(pid);
      if (ms !== null) found.set(pid, { name, ms });
    } catch {
      // ended meanwhile
    }
  }
  return found;
}

type CpuGroups = Record<string, number[]>;
interface CpuSnapshot {
  groups: Record<string, number[]>;
  machineMs: number;
  everyProcess: Map<number, { name: string; ms: number }>;
}
const cpuSnapshot = (groups: CpuGroups): CpuSnapshot => ({
  groups: Object.fromEntries(Object.entries(groups).map(([name, pids]) => [name, pids.map((pid) => cpuMsOf(pid) ?? 0)])),
  machineMs: machineBusyMs(),
  everyProcess: everyProcessCpu(),
});

/**
 * CPU seconds of each group between two snapshots, and as a share of one core over the window;
 * `otherProcesses`: the machine's busy time less the groups' (another job on the machine, the kernel).
 */
function cpuBetween(measured: CpuGroups, before: CpuSnapshot, after: CpuSnapshot, windowMs: number) {
  const groups = Object.fromEntries(
    Object.entries(after.groups).map(([name, values]) => {
      // A process that ended in between (a PostgreSQL backend) reads 0 after: left out.
      const ms = values.map((value, i) => Math.max(0, value - (before.groups[name]?.[i] ?? 0)));
      const total = ms.reduce((sum, value) => sum + value, 0);
      const seconds = (value: number) => Math.round(value / 10) / 100;
      return [name, { cpuSeconds: seconds(total), ofOneCorePercent: Math.round((total / windowMs) * 100), ...(name === 'server' && ms.length > 1 ? { perProcessCpuSeconds: ms.map(seconds) } : {}) }];
    }),
  ) as Record<string, { cpuSeconds: number; ofOneCorePercent: number }>;
  const machineMs = after.machineMs - before.machineMs;
  const measuredMs = Object.values(groups).reduce((sum, group) => sum + group.cpuSeconds * 1000, 0);
  const otherMs = Math.max(0, machineMs - measuredMs);
  // Who they were: the busiest processes the bench does not measure (one that ended meanwhile is not seen).
  const ours = new Set(Object.values(measured).flat());
  const byName = new Map<string, number>();
  for (const [pid, { name, ms }] of after.everyProcess) {
    if (ours.has(pid)) continue;
    const used = ms - (before.everyProcess.get(pid)?.ms ?? 0);
    if (used > 0) byName.set(name, (byName.get(name) ?? 0) + used);
  }
  const busiest = [...byName].sort((a, b) => b[1] - a[1]).filter(([, ms]) => ms >= 200).slice(0, 4).map(([name, ms]) => `${Math.round(ms / 100) / 10} s ${name}`);
  return {
    ...groups,
    otherProcesses: { cpuSeconds: Math.round(otherMs / 10) / 100, ofOneCorePercent: Math.round((otherMs / windowMs) * 100), busiest },
    machineBusyOfAllCoresPercent: Math.round((machineMs / windowMs / cpus().length) * 100),
  };
}

// ---------------------------------------------------------------------------------------------
// The API, as an administrator sets a plant up.

async function login(baseUrl: string, username: string, password: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/token/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username, password }) });
  if (!response.ok) throw new Error(`login ${username}: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { token: string }).token;
}

function caller(baseUrl: string, token: string) {
  return async <T>(method: string, apiPath: string, body?: unknown): Promise<T> => {
    const response = await fetch(`${baseUrl}/api${apiPath}`, {
      method,
      headers: { 'x-auth': token, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`${method} ${apiPath}: ${response.status} ${await response.text()}`);
    return (await response.json()) as T;
  };
}

interface Plant {
  engineerToken: string;
  /** The device key as gateways send it. */
  key: string;
  loadTopics: string[];
  alarmAsset: string;
  alarmPoint: string;
  alarmTopic: string;
  trendPoint: string;
}

/**
 * On the production seed (only `admin`): an engineer to listen and draw trends, 10 assets of 10
 * points (levels far above their values), an asset with the probe's point, a point for the 90-day
 * trend, and one device key for the whole site.
 */
async function setUpPlant(baseUrl: string): Promise<Plant> {
  const admin = caller(baseUrl, await login(baseUrl, 'admin', ADMIN_PASSWORD));
  const roles = await admin<{ _id: string; name: string }[]>('GET', '/role?fields=name');
  const engineerRole = roles.find((role) => role.name === 'ROLE_ENGINEER');
  if (!engineerRole) throw new Error('no ROLE_ENGINEER in the seed');
  const user = await admin<{ _id: string }>('POST', '/user', { username: 'bench.engineer', name: 'Bench engineer', role: engineerRole._id });
  const { password } = await admin<{ password: string }>('POST', `/user/${user._id}/resetPassword`);
  const engineerToken = await login(baseUrl, 'bench.engineer', password);

  const asset = (name: string, identification: string) =>
    admin<{ _id: string }>('POST', '/asset', { name, identification, tags: [], checklists: [], staticAttributes: [], checklistOptions: [], message: '' });
  const point = (assetId: string, key: string, levels: Record<string, number>) =>
    admin<{ _id: string }>('POST', '/measurementPoint', { asset: assetId, name: `Bench ${key}`, key, unit: '°C', ...levels });

  const loadTopics: string[] = [];
  let firstAsset = '';
  for (let a = 0; a < ASSETS; a++) {
    // A space and a slash: the topic carries the identification %-escaped, as a gateway sends it.
    const identification = `BENCH CMP/${String(a + 1).padStart(2, '0')}`;
    const { _id } = await asset(`Bench compressor ${a + 1}`, identification);
    firstAsset ||= _id;
    for (let p = 0; p < POINTS_PER_ASSET; p++) {
      const key = `temp_${p + 1}`;
      await point(_id, key, { warning: 80, critical: 95, deadband: 2 });
      loadTopics.push(readingTopic({ site: SITE, identification, point: key }));
    }
  }
  const alarm = await asset('Bench alarm compressor', 'BENCH-ALARM');
  const alarmPoint = await point(alarm._id, 'discharge_temp', { warning: ALARM.warning, deadband: ALARM.deadband });
  const trendPoint = await point(firstAsset, 'oil_temp', { warning: 80, critical: 95, deadband: 2 });

  const deviceKey = await admin<{ _id: string }>('POST', '/deviceKey', { name: 'Bench gateways', site: SITE, topics: ['facilityops/#'] });
  const { key } = await admin<{ key: string }>('POST', `/deviceKey/${deviceKey._id}/secret`, {});
  return {
    engineerToken, key, loadTopics, alarmAsset: alarm._id, alarmPoint: alarmPoint._id, trendPoint: trendPoint._id,
    alarmTopic: readingTopic({ site: SITE, identification: 'BENCH-ALARM', point: 'discharge_temp' }),
  };
}

function connect(baseUrl: string, token: string): Promise<Socket> {
  const socket = connectSocket(baseUrl, { path: SOCKET_PATH, transports: ['websocket'], forceNew: true, reconnection: false, auth: { token } });
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}

const countOf = async (db: pg.Client, statement: string) => Number((await db.query<{ n: string }>(statement)).rows[0]!.n);
const storedCount = (db: pg.Client) => countOf(db, 'select count(*) as n from readings');
const refusedCount = (db: pg.Client) => countOf(db, 'select coalesce(sum(count), 0) as n from reading_refusals');

const summary = (values: number[]) => {
  if (values.length === 0) return { samples: 0, p50Ms: null, p95Ms: null, maxMs: null };
  const sorted = [...values].sort((a, b) => a - b);
  return { samples: sorted.length, p50Ms: round1(percentile(sorted, 50)), p95Ms: round1(percentile(sorted, 95)), maxMs: round1(sorted.at(-1)!) };
};

// ---------------------------------------------------------------------------------------------
// Measurements 1, 2 and 4: readings through the broker, and the alert probe during them.

interface IngestContext {
  brokerUrl: string;
  plant: Plant;
  db: pg.Client;
  /** A connection of its own for sampling pg_stat_activity. */
  watcher: pg.Client;
  /** The bench's own backends, left out of the sampling. */
  benchBackends: number[];
  /** The engineer's socket, on the first server process. */
  socket: Socket;
  servers: ServerProcess[];
  mosquitto: number | undefined;
  rate: number;
  seconds: number;
  publisherClients: number;
}

type Done = Extract<PublisherReport, { type: 'done' }>;

/** How often the server processes' connections are looked at. */
const WATCH_EVERY_MS = 50;

function connectionState(row: { state: string; type: string | null; event: string | null }): string {
  if (row.state.startsWith('idle in transaction')) return 'in a transaction, waiting for the server process';
  if (row.type === null) return 'running a statement';
  if (row.type === 'Lock') return 'waiting for a lock another transaction holds';
  if (row.event === 'WALSync' || row.event === 'WALWrite') return 'writing WAL (a commit)';
  return `${row.type}: ${row.event}`;
}

/**
 * What the server processes' database connections do, from pg_stat_activity every WATCH_EVERY_MS:
 * the share of connection-samples in each state while a statement or a transaction is open, and how
 * many connections were at work on average. Where a storing transaction's time goes.
 */
function watchConnections(watcher: pg.Client, ignore: number[]) {
  const counts = new Map<string, number>();
  let samples = 0;
  let stopped = false;
  const loop = (async () => {
    while (!stopped) {
      const { rows } = await watcher.query<{ state: string; type: string | null; event: string | null }>(
        `select state, wait_event_type as type, wait_event as event from pg_stat_activity
         where datname = current_database() and backend_type = 'client backend' and state <> 'idle' and pid <> all($1::int[])`,
        [ignore],
      );
      samples += 1;
      for (const row of rows) counts.set(connectionState(row), (counts.get(connectionState(row)) ?? 0) + 1);
      await sleep(WATCH_EVERY_MS);
    }
  })();
  return {
    async stop() {
      stopped = true;
      await loop.catch(() => undefined);
      const total = [...counts.values()].reduce((sum, n) => sum + n, 0);
      return {
        samples,
        meanConnectionsAtWork: Math.round((total / Math.max(1, samples)) * 100) / 100,
        sharePercent: Object.fromEntries([...counts].sort((a, b) => b[1] - a[1]).map(([state, n]) => [state, Math.round((100 * n) / Math.max(1, total))])),
      };
    },
  };
}

/** The publisher process, and a promise per report it sends. */
function startPublishers(command: PublishCommand) {
  const child: ChildProcess = fork(PUBLISHERS, [], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const settle = new Map<PublisherReport['type'], (report: PublisherReport) => void>();
  let failure: ((error: Error) => void) | null = null;
  const failed = new Promise<never>((_resolve, reject) => (failure = reject));
  failed.catch(() => undefined);
  child.on('message', (report: PublisherReport) => {
    if (report.type === 'failed') failure?.(new Error(`publisher process: ${report.message}`));
    else settle.get(report.type)?.(report);
  });
  child.once('exit', (code) => failure?.(new Error(`publisher process exited (${code})`)));
  const next = <T extends PublisherReport['type']>(type: T) =>
    Promise.race([new Promise<Extract<PublisherReport, { type: T }>>((resolve) => settle.set(type, resolve as (report: PublisherReport) => void)), failed]);
  const started = next('started');
  const published = next('published');
  const done = next('done');
  child.send(command satisfies PublisherCommand);
  return {
    child,
    started,
    published,
    done,
    async close() {
      child.removeAllListeners('exit');
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      if (child.connected) child.send({ type: 'close' } satisfies PublisherCommand);
      else child.kill();
      await exited;
    },
  };
}

/**
 * Publishes the readings at the rate for the seconds, one reading past the probe's threshold every
 * second between them, and waits until the stored count stops growing. Counts from the database.
 */
async function ingestRun(context: IngestContext) {
  const { db, plant, servers } = context;
  const baseline = await storedCount(db);
  const refusedBefore = await refusedCount(db);

  const probe = await mqtt.connectAsync(context.brokerUrl, { protocolVersion: 5, clean: true, reconnectPeriod: 500 });
  const publishers = startPublishers({
    type: 'publish', url: context.brokerUrl, key: plant.key, topics: plant.loadTopics, rate: context.rate, seconds: context.seconds,
    clients: context.publisherClients, maxOutstanding: Math.max(1_000, context.rate),
  });
  let stopSampling = async () => undefined as unknown;
  let stopWatching = async () => undefined as unknown;
  try {
    const { at: firstAt } = await publishers.started;
    const groups: CpuGroups = {
      server: servers.map((server) => server.child.pid!),
      mosquitto: context.mosquitto === undefined ? [] : [context.mosquitto],
      postgres: pidsNamed('postgres'),
      redis: pidsNamed('redis-server'),
      publishers: [publishers.child.pid!],
      bench: [process.pid],
    };
    const cpuBefore = cpuSnapshot(groups);
    const connections = watchConnections(context.watcher, context.benchBackends);
    stopWatching = () => connections.stop();

    // The stored count, every SAMPLE_EVERY_MS, until every reading is in or the count stops growing.
    const samples: { at: number; n: number }[] = [];
    /** Set once every publish is answered: the publishers' report, and the probe's. */
    const answered: { load: Done | null; probe: boolean } = { load: null, probe: false };
    let probeAcked = 0;
    let probeSent = 0;
    let stopped = false;
    const sampling = (async (): Promise<string> => {
      let last = -1;
      let lastChangeAt = now();
      while (!stopped) {
        // The count's snapshot is taken as the query starts.
        const at = now();
        const n = (await storedCount(db)) - baseline;
        samples.push({ at, n });
        if (n !== last) {
          last = n;
          lastChangeAt = at;
        }
        const load = answered.load;
        if (load && answered.probe) {
          if (n >= load.acked + probeAcked) return 'every reading stored';
          if (at - Math.max(lastChangeAt, load.ackedAt) >= QUIET_MS) return `the count stopped growing for ${QUIET_MS / 1000} s`;
          if (at - load.ackedAt >= DRAIN_LIMIT_MS) return `still growing ${DRAIN_LIMIT_MS / 1000} s after the last publish`;
        }
        await sleep(SAMPLE_EVERY_MS);
      }
      return 'stopped';
    })();
    stopSampling = async () => {
      stopped = true;
      await sampling.catch(() => undefined);
    };

    // The probe: every second a reading past the threshold (timed to its new-alert), half a second later one that re-arms it.
    const sentAt = new Map<number, number>();
    /** Per probe reading past the threshold (by its ts): publish → new-alert on the socket. */
    const latencyOf = new Map<number, number>();
    let unmatched = 0;
    const onAlert = (event: NewAlertEvent) => {
      if (event.asset !== plant.alarmAsset) return;
      const sent = sentAt.get(event.timestamp);
      if (sent === undefined) unmatched += 1;
      else {
        latencyOf.set(event.timestamp, now() - sent);
        sentAt.delete(event.timestamp);
      }
    };
    context.socket.on('new-alert', onAlert);
    let publishing = true;
    void publishers.published.then(
      () => (publishing = false),
      () => (publishing = false),
    );
    const acks: Promise<void>[] = [];
    const send = (value: number) => {
      const ts = Date.now();
      if (value > ALARM.warning) sentAt.set(ts, now());
      probeSent += 1;
      acks.push(probe.publishAsync(plant.alarmTopic, JSON.stringify({ key: plant.key, value, ts }), { qos: 1 }).then(() => void (probeAcked += 1)));
    };
    // Ends on a re-arming reading: the next run's first reading past the threshold fires again.
    while (publishing) {
      send(ALARM.above + Math.random());
      await sleep(500);
      send(ALARM.below);
      await sleep(500);
    }
    await Promise.allSettled(acks);
    answered.probe = true;
    const published = await publishers.published;
    const done = await publishers.done;
    answered.load = done;
    const outcome = await sampling;
    const cpuAfter = cpuSnapshot(groups);
    const serverConnections = await connections.stop();
    const drainEndAt = samples.at(-1)!.at;

    // Alerts of the last readings may still be on their way: until each has had ALERT_TIMEOUT_MS.
    const probes = sentAt.size + latencyOf.size;
    const lastProbeAt = Math.max(0, ...sentAt.values());
    while (sentAt.size > 0 && now() < lastProbeAt + ALERT_TIMEOUT_MS) await sleep(50);
    context.socket.off('new-alert', onAlert);

    const countIn = done.acked + probeAcked;
    const stored = samples.at(-1)!.n;
    const publishSeconds = (published.lastSentAt - firstAt) / 1000;
    const refused = (await refusedCount(db)) - refusedBefore;
    const lost = countIn - stored;
    // Where a reading's time went: from its publishing (its ts, the publisher's clock) to the start of
    // the transaction that stored it (received_at, PostgreSQL's now(): the same machine's clock).
    const runFrom = Math.floor(firstAt);
    const { rows: [waited] } = await db.query<{ p: number[]; max: string }>(
      `select percentile_cont(array[0.5, 0.95, 0.99]) within group (order by received_at - ts) as p, max(received_at - ts) as max
       from readings where ts >= $1 and point_id <> $2`,
      [runFrom, plant.alarmPoint],
    );
    const { rows: probeRows } = await db.query<{ ts: string; value: number; received: string }>(
      'select ts, value, received_at as received from readings where point_id = $1 and ts >= $2',
      [plant.alarmPoint, runFrom],
    );
    const alarmRows = probeRows.map((row) => ({ ts: Number(row.ts), breach: row.value > ALARM.warning, received: Number(row.received) }));
    const probeWaited = new Map(alarmRows.filter((row) => row.breach).map((row) => [row.ts, row.received - row.ts]));
    // Why a reading past the threshold raised no new-alert, from what the database holds.
    const missingWhy: Record<string, number> = {};
    for (const ts of sentAt.keys()) {
      const row = alarmRows.find((candidate) => candidate.ts === ts);
      const why = !row
        ? 'not stored'
        : alarmRows.some((other) => other.ts > ts + REORDER_WINDOW_MS && other.received < row.received)
          ? 'stored after a reading of its point newer by more than the reorder window: not evaluated'
          : alarmRows.some((other) => other.ts > ts && other.breach && other.received === row.received)
            ? 'fired in one transaction with a later breach: one new-alert for both'
            : 'other';
      missingWhy[why] = (missingWhy[why] ?? 0) + 1;
    }
    // The storing transactions, told apart by their start (received_at): their size, and the time from
    // one's start to the next's — a transaction's length while readings wait (its own ms, and any stall).
    const { rows: transactions } = await db.query<{ at: string; n: string }>(
      'select received_at as at, count(*) as n from readings where ts >= $1 group by received_at order by received_at',
      [runFrom],
    );
    const gaps = transactions.slice(1).map((row, i) => Number(row.at) - Number(transactions[i]!.at));
    const sizes = transactions.map((row) => Number(row.n)).sort((a, b) => a - b);
    // Readings published and not yet in a storing transaction, from each reading's publish time (ts)
    // and its transaction's start (received_at): at the end of publishing, and at most.
    const { rows: [flow] } = await db.query<{ startedByEnd: string; waitingAtEnd: string; mostWaiting: string; lastStart: string }>(
      `select count(*) filter (where received_at <= $2) as "startedByEnd",
              count(*) filter (where ts <= $2) - count(*) filter (where received_at <= $2) as "waitingAtEnd",
              (select max(waiting) from (
                 select sum(d) over (order by at, d desc rows unbounded preceding) as waiting
                 from (select ts as at, 1 as d from readings where ts >= $1 union all select received_at, -1 from readings where ts >= $1) e) w) as "mostWaiting",
              max(received_at) as "lastStart"
       from readings where ts >= $1`,
      [runFrom, Math.round(published.lastSentAt)],
    );
    // Readings stored after a newer reading of their point (in an earlier transaction): the alert rule
    // does not evaluate them (storeReadings.ts: "stored, not evaluated"). An estimate from received_at.
    const { rows: [late] } = await db.query<{ n: string }>(
      `select count(*) filter (where ts < newer - $2) as n from (
         select ts, max(ts) over (partition by point_id order by received_at range between unbounded preceding and 1 preceding) as newer
         from readings where ts >= $1) r`,
      [runFrom, REORDER_WINDOW_MS],
    );
    const lastStart = Number(flow!.lastStart);
    const afterStoreStart = [...latencyOf].filter(([ts]) => probeWaited.has(ts)).map(([ts, ms]) => ms - probeWaited.get(ts)!);
    if (lost !== 0) {
      console.error(`\n!!! monitoringIngest, ${servers.length} process(es): ${countIn} readings acknowledged by the broker, ${stored} stored: ${lost > 0 ? `${lost} LOST` : `${-lost} more than sent`} (${refused} refused by the intake; ${outcome}) !!!\n`);
    }
    return {
      serverProcesses: servers.length,
      publisherClients: context.publisherClients,
      points: plant.loadTopics.length,
      targetPerSecond: context.rate,
      publishSeconds: round1(publishSeconds),
      offeredPerSecond: Math.round(done.sent / publishSeconds),
      probeReadings: probeSent,
      countIn,
      countStored: stored,
      lost,
      refusedByIntake: refused,
      publishesFailed: done.failed,
      publisherDisconnects: done.offline,
      publisherAtOutstandingCap: done.outstandingCapHits,
      storedPerSecondWhilePublishing: Math.round(Number(flow!.startedByEnd) / publishSeconds),
      storedPerSecondUntilDrained: Math.round(stored / ((lastStart - firstAt) / 1000)),
      backlogAtPublishEnd: Number(flow!.waitingAtEnd),
      mostWaiting: Number(flow!.mostWaiting),
      drainedSecondsAfterPublishEnd: round1(Math.max(0, lastStart - published.lastSentAt) / 1000),
      drainEnd: outcome,
      storedAfterANewerReadingNotEvaluated: Number(late!.n),
      storingTransactions: {
        count: transactions.length,
        readingsEachP50: percentile(sizes, 50),
        readingsEachMax: sizes.at(-1),
        startToNextStart: summary(gaps),
        over250Ms: gaps.filter((gap) => gap > 250).length,
      },
      publishToStoringTransactionMs: { p50: Number(waited!.p[0]), p95: Number(waited!.p[1]), p99: Number(waited!.p[2]), max: Number(waited!.max) },
      alert: {
        ...summary([...latencyOf.values()]),
        probes,
        missing: sentAt.size,
        missingWhy,
        unmatchedAlerts: unmatched,
        // The same split for the probe's readings: waiting to be stored, then storing and pushing.
        publishToStoringTransaction: summary([...probeWaited.values()]),
        storingTransactionToSocket: summary(afterStoreStart),
      },
      serverConnections,
      cpu: cpuBetween(groups, cpuBefore, cpuAfter, drainEndAt - firstAt),
      cpuWindowSeconds: round1((drainEndAt - firstAt) / 1000),
    };
  } finally {
    await stopSampling();
    await stopWatching();
    await probe.endAsync(true).catch(() => undefined);
    await publishers.close();
  }
}

// ---------------------------------------------------------------------------------------------
// Measurement 3: a 90-day trend of a point read once a minute.

async function executionMs(db: pg.Client, statement: string, values: unknown[], runs = 5): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const { rows } = await db.query<{ 'QUERY PLAN': [{ 'Execution Time': number }] }>(`explain (analyze, format json) ${statement}`, values);
    times.push(rows[0]!['QUERY PLAN'][0]['Execution Time']);
  }
  return round1(times.sort((a, b) => a - b)[Math.floor(runs / 2)]!);
}

async function trendRun(db: pg.Client, baseUrl: string, plant: Plant, requests = 200, warmup = 10) {
  const minute = Math.floor(Date.now() / 60_000) * 60_000;
  const insertStarted = performance.now();
  await db.query(
    `insert into readings (point_id, ts, value, received_at)
     select $1, $2::bigint - g::bigint * 60000, 60 + 8 * sin(g / 1440.0 * 2 * pi()) + random(), $3::bigint
     from generate_series(0, $4::int - 1) g`,
    [plant.trendPoint, minute, Date.now(), TREND_ROWS],
  );
  // What autovacuum would do after so many rows (this machine's cluster runs with autovacuum off).
  await db.query('analyze readings');
  const insertMs = Math.round(performance.now() - insertStarted);

  const url = () => {
    const to = Date.now();
    return `${baseUrl}/api/measurementPoint/${plant.trendPoint}/trend?from=${to - 90 * DAY_MS}&to=${to}&buckets=500`;
  };
  const times: number[] = [];
  let last: { buckets: { count: number }[] } | null = null;
  let bytes = 0;
  for (let i = 0; i < warmup + requests; i++) {
    const started = performance.now();
    const response = await fetch(url(), { headers: { 'x-auth': plant.engineerToken } });
    const body = await response.text();
    const ms = performance.now() - started;
    if (!response.ok) throw new Error(`trend: ${response.status} ${body.slice(0, 300)}`);
    if (i >= warmup) times.push(ms);
    last = JSON.parse(body) as { buckets: { count: number }[] };
    bytes = body.length;
  }
  const sorted = times.sort((a, b) => a - b);

  // The database's share: the handler's two readings queries alone, as PostgreSQL runs them.
  const to = Date.now();
  const from = to - 90 * DAY_MS;
  const width = Math.max(1_000, Math.ceil((to - from) / 500 / 1_000) * 1_000);
  const bucketsQueryMs = await executionMs(
    db,
    `select $2::bigint + ((ts - $2::bigint) / $4::bigint) * $4::bigint as ts, min(value) as min, max(value) as max, avg(value) as mean, count(*) as count
     from readings where point_id = $1 and ts >= $2 and ts < $3 group by 1 order by 1`,
    [plant.trendPoint, from, to, width],
  );
  const forecastQueryMs = await executionMs(
    db,
    `select (ts / 3600000::bigint) * 3600000::bigint as ts, avg(value) as value
     from readings where point_id = $1 and ts >= $2 and ts <= $3 group by 1 order by 1`,
    [plant.trendPoint, to - 28 * DAY_MS, to],
  );
  return {
    rowsInserted: TREND_ROWS,
    insertAndAnalyzeMs: insertMs,
    requests,
    warmup,
    buckets: last?.buckets.length ?? 0,
    readingsDrawn: last?.buckets.reduce((sum, bucket) => sum + bucket.count, 0) ?? 0,
    answerBytes: bytes,
    p50Ms: round1(percentile(sorted, 50)),
    p99Ms: round1(percentile(sorted, 99)),
    maxMs: round1(sorted.at(-1)!),
    database: { bucketsQueryMs, forecastQueryMs, note: 'EXPLAIN ANALYZE execution time, median of 5, of the handler\'s raw-readings and 28-day forecast queries' },
  };
}

// ---------------------------------------------------------------------------------------------

async function postgresAnswers(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2_000 });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/**
 * Sustained ingest is met when the target rate was offered, nothing was lost, and at the end of the
 * publishing less than a second of readings was still waiting to be stored: the intake kept pace.
 */
function keptUp(run: { offeredPerSecond: number; lost: number; backlogAtPublishEnd: number }): 'met' | 'MISSED' {
  const offered = run.offeredPerSecond >= TARGETS.storedReadingsPerSecond * 0.99;
  return offered && run.lost === 0 && run.backlogAtPublishEnd <= run.offeredPerSecond ? 'met' : 'MISSED';
}

/**
 * Issue 44's condition-monitoring targets, on the PostgreSQL server of DATABASE_URL and the Redis of
 * REDIS_URL (default this machine's, postgres://postgres@127.0.0.1:5432 and redis://127.0.0.1:6379;
 * a fresh database, dropped after), Debian's Mosquitto on a free port, server processes started as
 * `npm start` starts them (production seed, JOBS_ENABLED=false):
 * 1. sustained ingest: `rate` readings/s for `seconds` through the broker (MQTT 5, QoS 1, 100 points
 *    on 10 assets, a process of 4 publishing clients) into one server process, until the stored
 *    count stops growing; count in (acknowledged by the broker) against `select count(*)`;
 * 2. meanwhile, every second a reading past a warning (alternating with one that re-arms it): from
 *    publishing it to its new-alert on an engineer's socket;
 * 3. a 90-day trend of a point read once a minute (129,600 rows), 500 buckets, 200 requests in turn;
 * 4. 1 and 2 again with two server processes sharing the subscription.
 * Beside them, where the time goes: each reading's wait from publishing (its ts) to the start of the
 * transaction that stored it (received_at), the storing transactions' sizes and spacing, readings
 * stored after a newer one of their point (not evaluated), and each process's CPU from /proc.
 * INGEST_SECONDS, INGEST_RATE, INGEST_CLIENTS change the load; `SERVER_NODE_ARGS="--cpu-prof
 * --cpu-prof-dir=/tmp/prof"` profiles the server processes (summarise with bench/cpuProfileTop.ts).
 * docs/performance-monitoring.md shows a run's figures and how to read them.
 */
export async function benchMonitoringIngest(options: MonitoringIngestOptions = {}) {
  const seconds = options.seconds ?? Number(process.env.INGEST_SECONDS ?? 30);
  const rate = options.rate ?? Number(process.env.INGEST_RATE ?? 5_000);
  const publisherClients = options.publisherClients ?? Number(process.env.INGEST_CLIENTS ?? 4);
  const serverUrl = process.env.DATABASE_URL?.trim() || MACHINE_POSTGRES;
  const redisUrl = process.env.REDIS_URL?.trim() || MACHINE_REDIS;
  if (!(await postgresAnswers(serverUrl))) return { skipped: `no PostgreSQL answers at ${serverUrl} (set DATABASE_URL)` };
  if (!(await redisAnswers(redisUrl, 2_000))) return { skipped: `no Redis answers at ${redisUrl} (set REDIS_URL)` };
  const nodeArgs = process.env.SERVER_NODE_ARGS?.split(' ').filter(Boolean) ?? [];

  // Undone in reverse, on failure and on Ctrl-C too.
  const cleanups: (() => Promise<unknown>)[] = [];
  const cleanUp = async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch((error: unknown) => console.error('monitoringIngest cleanup:', error));
  };
  const interrupted = (signal: NodeJS.Signals) => {
    void cleanUp().finally(() => process.exit(signal === 'SIGINT' ? 130 : 143));
  };
  process.once('SIGINT', interrupted);
  process.once('SIGTERM', interrupted);
  try {
    const name = `fo_bench_monitoring_${randomBytes(5).toString('hex')}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    cleanups.push(async () => {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    });
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    const databaseUrl = url.toString();

    const broker = await startMosquitto();
    cleanups.push(() => broker.close());
    const env = {
      DATABASE_URL: databaseUrl, REDIS_URL: redisUrl, MQTT_URL: broker.url, JWT_SECRET, ADMIN_PASSWORD,
      LOG_LEVEL: 'warn', JOBS_ENABLED: 'false', READINGS_RETENTION_DAYS: '91',
    };
    const servers: ServerProcess[] = [];
    const startServer = async () => {
      const server = await startServerProcess(env, 60_000, { nodeArgs });
      servers.push(server);
      cleanups.push(async () => {
        const code = await server.stop();
        if (code !== 0) console.error(`monitoringIngest: a server process ended with ${code}:\n${server.output().slice(-2_000)}`);
      });
    };
    progress(`database ${name}, broker ${broker.url}; starting a server process`);
    await startServer();
    const plant = await setUpPlant(servers[0]!.baseUrl);
    const db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();
    cleanups.push(() => db.end());
    const watcher = new pg.Client({ connectionString: databaseUrl });
    await watcher.connect();
    cleanups.push(() => watcher.end());
    const backendOf = async (client: pg.Client) => (await client.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]!.pid;
    const benchBackends = [await backendOf(db), await backendOf(watcher)];
    const socket = await connect(servers[0]!.baseUrl, plant.engineerToken);
    cleanups.push(async () => socket.disconnect());

    const context = (): IngestContext => ({ brokerUrl: broker.url, plant, db, watcher, benchBackends, socket, servers: [...servers], mosquitto: mosquittoPid(broker.url), rate, seconds, publisherClients });
    progress(`1–2: ${rate} readings/s for ${seconds} s into one process, the alert probe every second`);
    const oneProcess = await ingestRun(context());
    progress('3: the 90-day trend');
    const trend = await trendRun(db, servers[0]!.baseUrl, plant);
    progress('4: a second server process; 1–2 again');
    await startServer();
    const twoProcesses = await ingestRun(context());
    const result = {
      machine: { cpus: cpus().length, cpu: cpus()[0]?.model ?? 'unknown' },
      database: 'PostgreSQL + Redis, Mosquitto (bench/monitoringIngest.ts)',
      ingestOneProcess: oneProcess,
      trend90Days: trend,
      ingestTwoProcesses: twoProcesses,
      targets: TARGETS,
      verdict: {
        ingestOneProcess: keptUp(oneProcess),
        alertP95OneProcess: oneProcess.alert.p95Ms !== null && oneProcess.alert.p95Ms < TARGETS.alertP95Ms && oneProcess.alert.missing === 0 ? 'met' : 'MISSED',
        trend90DaysP99: trend.p99Ms < TARGETS.trend90DaysP99Ms ? 'met' : 'MISSED',
        ingestTwoProcesses: keptUp(twoProcesses),
        alertP95TwoProcesses: twoProcesses.alert.p95Ms !== null && twoProcesses.alert.p95Ms < TARGETS.alertP95Ms && twoProcesses.alert.missing === 0 ? 'met' : 'MISSED',
      },
    };
    return result;
  } finally {
    await cleanUp();
    process.off('SIGINT', interrupted);
    process.off('SIGTERM', interrupted);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) console.log(JSON.stringify(await benchMonitoringIngest(), null, 2));
