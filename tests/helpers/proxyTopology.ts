import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { freePort, startServerProcess, type ServerProcess } from './serverProcess';
import { localNginxConfig } from './nginxConfig';
import { redisAnswers } from './redisAnswers';

const run = promisify(execFile);
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const POSTGRES_VERSION = '15';
/** Clusters of this helper are named so; a run that died before dropping its own leaves one behind. */
const CLUSTER_PREFIX = 'fo_topo_';

export const TOPOLOGY_ADMIN_PASSWORD = 'topology-admin-password';
const JWT_SECRET = 'topology-test-secret-0123456789';

export interface TopologyOptions {
  /** App processes behind nginx (default 2). */
  processes?: number;
  /** 'demo' seeds the demo users and catalogue before the processes start (default); 'production' only the superuser. */
  seed?: 'demo' | 'production';
  /** More environment for every app process (e.g. JOBS_ENABLED, DRAIN_DELAY_MS). */
  env?: Record<string, string>;
}

export interface AppProcess {
  /** 'A', 'B', … in the order of the upstream list. */
  name: string;
  baseUrl: string;
  /** host:port, as nginx's `upstream=` names it. */
  address: string;
  /** The running process, null while stopped or killed. */
  current(): ServerProcess | null;
  /** Sends the signal (SIGTERM drains, SIGKILL is a crash) and waits for the exit. */
  stop(signal?: NodeJS.Signals): Promise<void>;
  /** Starts it again at the same address, so nginx finds it where it was. */
  start(): Promise<void>;
}

export interface ServiceControl {
  url: string;
  stop(): Promise<void>;
  start(): Promise<void>;
}

export interface Topology {
  proxyUrl: string;
  processes: AppProcess[];
  postgres: ServiceControl & { restart(pauseMs?: number): Promise<void> };
  redis: ServiceControl;
  /** Which process nginx sent each request whose log line matches (`upstream=` of the access log). */
  servedBy(request: RegExp): string[];
  stop(): Promise<void>;
}

let started = 0;

const TOOLS = ['pg_createcluster', 'pg_ctlcluster', 'pg_dropcluster', 'redis-server', 'nginx'];

/**
 * Whether this machine can run the topology: Debian's PostgreSQL cluster tools (as root, which
 * they need to act as the postgres user), redis-server and nginx. Missing ones skip the tests with
 * a loud warning on a developer's machine; under CI=true they are a failure, as a missing Chromium is.
 */
export async function topologyAvailable(purpose: string): Promise<boolean> {
  const missing: string[] = [];
  for (const tool of TOOLS) if (!(await run('which', [tool]).then(() => true, () => false))) missing.push(tool);
  if (process.getuid?.() !== 0) missing.push('root (pg_createcluster acts as the postgres user)');
  if (missing.length === 0) return true;
  const message = `${purpose} needs ${missing.join(', ')}.`;
  if (process.env.CI === 'true') throw new Error(`${message} CI=true requires these tests.`);
  console.warn(`\n${'!'.repeat(78)}\n!! ${message}\n!! THESE TESTS ARE SKIPPED.\n${'!'.repeat(78)}\n`);
  return false;
}

async function waitFor(what: string, check: () => Promise<boolean>, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await check().catch(() => false)) return;
    if (Date.now() > deadline) throw new Error(`${what} did not come up within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

function exited(child: ChildProcess): Promise<void> {
  return child.exitCode !== null || child.signalCode !== null ? Promise.resolve() : new Promise((resolve) => child.once('exit', () => resolve()));
}

/** Clusters a crashed earlier run of this helper left (its process is gone): dropped, never any other. */
async function dropOrphanClusters(): Promise<void> {
  const { stdout } = await run('pg_lsclusters', ['-h']);
  for (const line of stdout.split('\n')) {
    const [version, name] = line.trim().split(/\s+/);
    const owner = name?.startsWith(CLUSTER_PREFIX) ? Number(name.slice(CLUSTER_PREFIX.length).split('_')[0]) : NaN;
    if (!version || !name || !Number.isInteger(owner)) continue;
    let alive = true;
    try {
      process.kill(owner, 0);
    } catch {
      alive = false;
    }
    if (!alive) await run('pg_dropcluster', ['--stop', version, name]).catch(() => undefined);
  }
}

export interface OwnPostgres extends ServiceControl {
  /** Stops the server, waits `pauseMs`, starts it again. */
  restart(pauseMs?: number): Promise<void>;
  /** Stops it and deletes the cluster. */
  drop(): Promise<void>;
}

/** A PostgreSQL cluster of its own (pg_createcluster), never the machine's main one; trust auth on 127.0.0.1. */
export async function startOwnPostgres(): Promise<OwnPostgres> {
  await dropOrphanClusters();
  const name = `${CLUSTER_PREFIX}${process.pid}_${++started}`;
  const port = await freePort();
  // Throwaway data: no fsync; started by hand only, never at the machine's boot.
  await run('pg_createcluster', [POSTGRES_VERSION, name, '-p', String(port), '--start-conf', 'manual', '-o', 'fsync=off', '-o', 'synchronous_commit=off', '-o', 'full_page_writes=off', '--start', '--', '--auth=trust', '--no-sync']);
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  const ctl = (action: 'start' | 'stop') => run('pg_ctlcluster', [POSTGRES_VERSION, name, action, ...(action === 'stop' ? ['-m', 'fast'] : [])]);
  return {
    url,
    stop: async () => {
      await ctl('stop');
    },
    start: async () => {
      await ctl('start');
    },
    async restart(pauseMs = 0) {
      await ctl('stop');
      if (pauseMs) await new Promise((resolve) => setTimeout(resolve, pauseMs));
      await ctl('start');
    },
    async drop() {
      await run('pg_dropcluster', ['--stop', POSTGRES_VERSION, name]);
    },
  };
}

/** A redis-server of its own on a free port, with nothing persisted; drop() ends it. */
export async function startOwnRedis(): Promise<ServiceControl & { drop(): Promise<void> }> {
  const port = await freePort();
  let child: ChildProcess | null = null;
  const start = async () => {
    child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
    await waitFor('redis-server', () => redisAnswers(`redis://127.0.0.1:${port}`, 1000), 10_000);
  };
  const stop = async () => {
    const running = child;
    child = null;
    if (!running) return;
    running.kill('SIGTERM');
    await exited(running);
  };
  await start();
  return { url: `redis://127.0.0.1:${port}`, start, stop, drop: stop };
}

/** The demo users and catalogue, written once before any process starts (their own start seeds production only). */
async function seedDemo(databaseUrl: string): Promise<void> {
  const app = await buildApp({
    ...loadConfig({}),
    databaseUrl,
    redisUrl: null,
    jwtSecret: JWT_SECRET,
    distDir: null,
    logLevel: 'silent',
    seed: 'demo',
    production: false,
    demoPassword: 'demo',
    jobsEnabled: false,
  });
  await app.close();
}

async function startNginx(dir: string, listenPort: number, upstreams: string[]): Promise<ChildProcess> {
  const shipped = readFileSync(path.join(root, 'deploy/nginx.conf'), 'utf8');
  const confFile = path.join(dir, 'nginx.conf');
  writeFileSync(confFile, localNginxConfig(shipped, { upstreams, listen: `127.0.0.1:${listenPort}`, dir }));
  const child = spawn('nginx', ['-p', dir, '-c', confFile, '-g', 'daemon off;'], { stdio: ['ignore', 'ignore', 'pipe'] });
  let errors = '';
  child.stderr?.on('data', (chunk) => (errors += chunk));
  await waitFor('nginx', async () => {
    if (child.exitCode !== null) throw new Error(`nginx exited: ${errors}${existsSync(path.join(dir, 'error.log')) ? readFileSync(path.join(dir, 'error.log'), 'utf8') : ''}`);
    return (await fetch(`http://127.0.0.1:${listenPort}/api/health/live`)).ok;
  }, 15_000).catch((error: unknown) => {
    child.kill('SIGKILL');
    throw error;
  });
  return child;
}

/**
 * DESIGN §14's topology on this machine, without containers: a PostgreSQL cluster and a
 * redis-server of its own, N app processes started as `npm start` starts them, and Debian's nginx
 * in front with deploy/nginx.conf. Everything it starts, stop() ends and removes.
 */
export async function startTopology(options: TopologyOptions = {}): Promise<Topology> {
  const count = options.processes ?? 2;
  const dir = mkdtempSync(path.join(tmpdir(), 'fo-topology-'));
  // nginx's workers run as nobody and write their temp files under it.
  chmodSync(dir, 0o755);
  const cleanups: (() => Promise<unknown>)[] = [async () => rmSync(dir, { recursive: true, force: true })];
  const stopAll = async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch((error: unknown) => console.error('topology cleanup:', error));
  };
  try {
    const postgres = await startOwnPostgres();
    cleanups.push(() => postgres.drop());
    const redis = await startOwnRedis();
    cleanups.push(() => redis.drop());
    if ((options.seed ?? 'demo') === 'demo') await seedDemo(postgres.url);

    const processes: AppProcess[] = [];
    for (let index = 0; index < count; index += 1) {
      const port = await freePort();
      const env = {
        PORT: String(port),
        DATABASE_URL: postgres.url,
        REDIS_URL: redis.url,
        TRUST_PROXY: '127.0.0.1',
        JWT_SECRET,
        ADMIN_PASSWORD: TOPOLOGY_ADMIN_PASSWORD,
        ...options.env,
      };
      let current: ServerProcess | null = null;
      const app: AppProcess = {
        name: String.fromCharCode(65 + index),
        baseUrl: `http://127.0.0.1:${port}`,
        address: `127.0.0.1:${port}`,
        current: () => current,
        async stop(signal = 'SIGTERM') {
          const running = current;
          current = null;
          if (running) await running.stop(signal);
        },
        async start() {
          if (current) return;
          current = await startServerProcess(env);
        },
      };
      processes.push(app);
      cleanups.push(() => app.stop('SIGTERM'));
    }
    // Started one after the other: the first migrates, the others find it done.
    for (const app of processes) await app.start();

    const proxyPort = await freePort();
    const nginx = await startNginx(dir, proxyPort, processes.map((p) => p.address));
    cleanups.push(async () => {
      nginx.kill('SIGQUIT');
      await exited(nginx);
    });

    const nameOf = new Map(processes.map((p) => [p.address, p.name]));
    return {
      proxyUrl: `http://127.0.0.1:${proxyPort}`,
      processes,
      postgres: { url: postgres.url, stop: postgres.stop, start: postgres.start, restart: postgres.restart },
      redis: { url: redis.url, stop: redis.stop, start: redis.start },
      servedBy(request) {
        const log = existsSync(path.join(dir, 'access.log')) ? readFileSync(path.join(dir, 'access.log'), 'utf8') : '';
        return log
          .split('\n')
          .filter((line) => request.test(line))
          // A request nginx tried on two processes logs both ("a, b"): the last one answered.
          .map((line) => /upstream=(.*)$/.exec(line)?.[1]?.split(/\s*[,:]\s+/).pop()?.trim() ?? '')
          .map((address) => nameOf.get(address) ?? address);
      },
      stop: stopAll,
    };
  } catch (error) {
    await stopAll();
    throw error;
  }
}
