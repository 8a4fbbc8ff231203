import { fork, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { io as connectSocket, type Socket } from 'socket.io-client';
import { SOCKET_PATH, type NewAlertEvent } from '../common/realtime';
import { startServerProcess, type ServerProcess } from '../tests/helpers/serverProcess';
import { breachingSubmission } from '../tests/helpers/breachingSubmission';
import { login, percentile, round1, withLargeDatabase } from './largeDatabase';
import type { ClientCommand, ClientReport } from './pushLatencyClients';

/** Issue 21 "Fan-out": at 5,000 engineer sockets. */
const TARGETS = { latencyP95Ms: 100 };
const ROUND_TIMEOUT_MS = 10_000;
/** Submits timed before any socket is open: the answer the fan-out must leave unaffected. */
const QUIET_SUBMITS = 20;

/** Wall-clock ms with sub-ms resolution: the same clock in every process of the bench. */
const now = () => performance.timeOrigin + performance.now();

export interface PushLatencyOptions {
  /**
   * Where the engineer sockets live. 0: all in the bench's own process (issue 4's method: a late
   * socket's figure then also holds this process decoding every frame before it). n: spread over
   * n client processes of their own holding bare websockets (bench/pushLatencyClients.ts), each
   * timing arrivals on the shared clock, so the figure is the server's rather than the bench's.
   */
  clientProcesses?: number;
  /**
   * Server processes, each with an even share of the sockets; the submits alternate between them.
   * Two share the PostgreSQL server of DATABASE_URL (a fresh database, dropped after) and the Redis
   * of REDIS_URL, as behind a proxy; one runs on the embedded database unless `shared` is set.
   */
  serverProcesses?: 1 | 2;
  /** One process on PostgreSQL and Redis too: the like-for-like figure beside two. */
  shared?: boolean;
}

/**
 * CPU time (user + system, ms) a process has used so far, from /proc (Linux), or null. Unlike a
 * latency, it barely moves when other work shares the cores: the server's own cost of a fan-out.
 */
function cpuMsOf(pid: number | undefined): number | null {
  if (pid === undefined) return null;
  try {
    // Fields 14 and 15 (utime, stime) in clock ticks, after the command name in parentheses.
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return null;
  }
}

/** The summed CPU of `pids` over `work`, per `per` (ms, one decimal), or null off Linux. */
async function cpuPer(pids: (number | undefined)[], per: number, work: () => Promise<void>): Promise<number | null> {
  const total = () => pids.reduce<number | null>((sum, pid) => (sum === null ? null : ((ms) => (ms === null ? null : sum + ms))(cpuMsOf(pid))), 0);
  const before = total();
  await work();
  const after = total();
  return before === null || after === null ? null : round1((after - before) / per);
}

/** The engineer sockets, wherever they live: when each of them received a given alert. */
interface SocketPool {
  size: number;
  /** The processes holding the sockets, for their CPU time. */
  pids: (number | undefined)[];
  /** Arrival times (the shared clock) of `alertId`'s new-alert on every socket. */
  arrivals(alertId: string): Promise<number[]>;
  close(): Promise<void>;
}

/** Collects arrival times per alert id from any number of sources and waits for all `size` of them. */
function arrivalBook(size: () => number) {
  const times = new Map<string, number[]>();
  const waiters = new Map<string, () => void>();
  return {
    add(alertId: string, at: number[]) {
      const list = times.get(alertId) ?? [];
      list.push(...at);
      times.set(alertId, list);
      if (list.length >= size()) waiters.get(alertId)?.();
    },
    wait(alertId: string): Promise<number[]> {
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          waiters.delete(alertId);
          reject(new Error(`alert ${alertId}: ${size() - (times.get(alertId)?.length ?? 0)} sockets got no new-alert within ${ROUND_TIMEOUT_MS} ms`));
        }, ROUND_TIMEOUT_MS);
        const done = () => {
          clearTimeout(timer);
          waiters.delete(alertId);
          const at = times.get(alertId)!;
          times.delete(alertId);
          resolve(at);
        };
        if ((times.get(alertId)?.length ?? 0) >= size()) done();
        else waiters.set(alertId, done);
      });
    },
  };
}

function connect(url: string, token: string): Promise<Socket> {
  const socket = connectSocket(url, { path: SOCKET_PATH, transports: ['websocket'], forceNew: true, reconnection: false, auth: { token } });
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}

/** Every socket in this process, timed by this process's event loop. */
async function socketsInThisProcess(urls: string[], token: string, count: number): Promise<SocketPool> {
  const sockets: Socket[] = [];
  const book = arrivalBook(() => sockets.length);
  for (let i = 0; i < count; i += 50) {
    sockets.push(...(await Promise.all(Array.from({ length: Math.min(50, count - i) }, (_, j) => connect(urls[(i + j) % urls.length]!, token)))));
  }
  for (const socket of sockets) socket.on('new-alert', (alert: NewAlertEvent) => book.add(alert._id, [now()]));
  return {
    size: sockets.length,
    pids: [process.pid],
    arrivals: (alertId) => book.wait(alertId),
    close: async () => sockets.forEach((socket) => socket.disconnect()),
  };
}

/** The sockets spread over `processes` client processes; each reports an alert once all its sockets have it. */
async function socketsInClientProcesses(urls: string[], token: string, count: number, processes: number): Promise<SocketPool> {
  const script = path.join(path.dirname(fileURLToPath(import.meta.url)), 'pushLatencyClients.ts');
  const children: ChildProcess[] = [];
  let opened = 0;
  const book = arrivalBook(() => opened);
  try {
    await Promise.all(
      Array.from({ length: processes }, (_, i) => {
        const share = Math.floor(count / processes) + (i < count % processes ? 1 : 0);
        // Each child takes the server processes in its own order, so the sockets split evenly.
        const order = urls.map((_url, j) => urls[(i + j) % urls.length]!);
        const child = fork(script, [], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
        children.push(child);
        return new Promise<void>((resolve, reject) => {
          child.once('exit', (code) => reject(new Error(`client process exited (${code}) before opening its sockets`)));
          child.on('message', (message: ClientReport) => {
            if (message.type === 'opened') {
              opened += message.count;
              resolve();
            } else if (message.type === 'arrived') book.add(message.alertId, message.at);
            else reject(new Error(`client process: ${message.message}`));
          });
          child.send({ type: 'open', urls: order, token, count: share } satisfies ClientCommand);
        });
      }),
    );
  } catch (error) {
    children.forEach((child) => child.kill());
    throw error;
  }
  return {
    size: opened,
    pids: children.map((child) => child.pid),
    arrivals: (alertId) => book.wait(alertId),
    async close() {
      await Promise.all(
        children.map((child) => {
          child.removeAllListeners('exit');
          const exited = new Promise((resolve) => child.once('exit', resolve));
          if (child.connected) child.send({ type: 'close' } satisfies ClientCommand);
          else child.kill();
          return exited;
        }),
      );
    },
  };
}

async function submitAndTime(url: string, token: string, submission: { url: string; body: unknown }) {
  const sentAt = now();
  const response = await fetch(`${url}${submission.url}`, {
    method: 'POST', headers: { 'content-type': 'application/json', 'x-auth': token }, body: JSON.stringify(submission.body),
  });
  const answeredAt = now();
  if (!response.ok) throw new Error(`submit: ${response.status} ${await response.text()}`);
  const { alerts } = (await response.json()) as { alerts: { _id: string }[] };
  if (alerts.length !== 1) throw new Error(`a breaching submit raised ${alerts.length} alerts, not 1`);
  return { sentAt, answerMs: answeredAt - sentAt, alertId: alerts[0]!._id };
}

const summary = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return { p50: round1(percentile(sorted, 50)), p95: round1(percentile(sorted, 95)), max: round1(sorted.at(-1)!) };
};

async function measure(servers: ServerProcess[], sockets: number, submits: number, warmup: number, clientProcesses: number) {
  const urls = servers.map((server) => server.baseUrl);
  const serverPids = servers.map((server) => server.child.pid);
  const [engineerToken, technicianToken] = [await login(urls[0]!, 'engineer'), await login(urls[0]!, 'technician')];
  const submission = await breachingSubmission(async (apiPath) => (await fetch(`${urls[0]}/api${apiPath}`, { headers: { 'x-auth': engineerToken } })).json());
  const submitTo = (i: number) => urls[i % urls.length]!;

  // The answer with nobody listening, after the same warm-up: what "unaffected" is measured against.
  const quietMs: number[] = [];
  for (let i = 0; i < warmup; i++) await submitAndTime(submitTo(i), technicianToken, submission);
  const quietServerCpu = await cpuPer(serverPids, QUIET_SUBMITS, async () => {
    for (let i = 0; i < QUIET_SUBMITS; i++) quietMs.push((await submitAndTime(submitTo(i), technicianToken, submission)).answerMs);
  });

  const pool = clientProcesses > 0
    ? await socketsInClientProcesses(urls, engineerToken, sockets, clientProcesses)
    : await socketsInThisProcess(urls, engineerToken, sockets);
  try {
    const latencies: number[] = [];
    const answerMs: number[] = [];
    const round = async (i: number) => {
      const submit = await submitAndTime(submitTo(i), technicianToken, submission);
      const arrivals = await pool.arrivals(submit.alertId);
      return { ...submit, arrivals };
    };
    for (let i = 0; i < warmup; i++) await round(i);
    let clientCpu: number | null = null;
    const serverCpu = await cpuPer(serverPids, submits, async () => {
      clientCpu = await cpuPer(pool.pids, submits, async () => {
        for (let i = 0; i < submits; i++) {
          const { sentAt, answerMs: answered, arrivals } = await round(i);
          answerMs.push(answered);
          latencies.push(...arrivals.map((at) => at - sentAt));
        }
      });
    });
    const latency = summary(latencies);
    const answer = summary(answerMs);
    const quiet = summary(quietMs);
    return {
      sockets: pool.size,
      serverProcesses: urls.length,
      clientProcesses: clientProcesses || 'the bench process',
      submits,
      deliveries: latencies.length,
      latencyP50Ms: latency.p50,
      latencyP95Ms: latency.p95,
      latencyMaxMs: latency.max,
      submitResponseP50Ms: answer.p50,
      submitResponseP95Ms: answer.p95,
      submitResponseWithoutSocketsP50Ms: quiet.p50,
      submitResponseWithoutSocketsP95Ms: quiet.p95,
      // CPU time per submit (all server processes together; all socket holders together), from /proc.
      serverCpuMsPerSubmit: serverCpu,
      serverCpuMsPerSubmitWithoutSockets: quietServerCpu,
      socketHoldersCpuMsPerSubmit: clientCpu,
      targets: TARGETS,
    };
  } finally {
    await pool.close();
  }
}

/**
 * Submit → engineer socket latency (issues 4 and 21): `sockets` engineer sockets, `submits`
 * breaching inspections sent one after another over HTTP by a technician; for each, the time from
 * sending the submit to its new-alert arriving on every socket. Also the submit's own answer while
 * the event fans out, beside the answer with no socket open.
 * `SERVER_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof"` profiles the server processes
 * (summarise with bench/cpuProfileTop.ts).
 */
export async function benchPushLatency(sockets = 500, submits = 200, warmup = 10, options: PushLatencyOptions = {}) {
  const clientProcesses = options.clientProcesses ?? 4;
  const nodeArgs = process.env.SERVER_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
  const serverProcesses = options.serverProcesses ?? 1;
  if (serverProcesses === 1 && !options.shared) {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'fo-bench-push-'));
    const server = await startServerProcess({ DATA_DIR: dataDir, DATABASE_URL: '', REDIS_URL: '' }, 60_000, { nodeArgs });
    try {
      return { database: 'embedded', ...(await measure([server], sockets, submits, warmup, clientProcesses)) };
    } finally {
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
  const databaseUrl = process.env.DATABASE_URL?.trim();
  const redisUrl = process.env.REDIS_URL?.trim();
  if (!databaseUrl || !redisUrl) return { skipped: 'set DATABASE_URL and REDIS_URL: several processes share PostgreSQL and Redis' };
  return withLargeDatabase(databaseUrl, async (url) => {
    const servers: ServerProcess[] = [];
    try {
      // One after the other: the first applies the migrations before the second looks at them.
      for (let i = 0; i < serverProcesses; i++) servers.push(await startServerProcess({ DATABASE_URL: url, REDIS_URL: redisUrl }, 60_000, { nodeArgs }));
      return { database: 'PostgreSQL + Redis', ...(await measure(servers, sockets, submits, warmup, clientProcesses)) };
    } finally {
      await Promise.all(servers.map((server) => server.stop()));
    }
  }, 0);
}
