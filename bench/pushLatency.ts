import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { io as connectSocket, type Socket } from 'socket.io-client';
import { SOCKET_PATH } from '../common/realtime';
import { startServerProcess } from '../tests/helpers/serverProcess';
import { breachingSubmission } from '../tests/helpers/breachingSubmission';

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
const round1 = (ms: number) => Math.round(ms * 10) / 10;

async function signIn(baseUrl: string, username: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/token/login`, {
    method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username, password: 'demo' }),
  });
  if (!response.ok) throw new Error(`login ${username}: ${response.status}`);
  return ((await response.json()) as { token: string }).token;
}

function connect(baseUrl: string, token: string): Promise<Socket> {
  const socket = connectSocket(baseUrl, { path: SOCKET_PATH, transports: ['websocket'], forceNew: true, reconnection: false, auth: { token } });
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}

/**
 * Submit → engineer socket latency (issue 4): `sockets` engineer sockets on one server process on the
 * embedded database, `submits` breaching inspections sent one after another over HTTP by a
 * technician; for each, the time from sending the submit to its new-alert arriving on every socket.
 * The sockets all live in this one process, so a late socket's figure also holds the time this
 * process spent handing the same event to the sockets before it: an upper bound for a browser.
 */
export async function benchPushLatency(sockets = 500, submits = 200, warmup = 10) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'fo-bench-push-'));
  const server = await startServerProcess({ DATA_DIR: dataDir, DATABASE_URL: '', REDIS_URL: '' });
  const clients: Socket[] = [];
  try {
    const [engineerToken, technicianToken] = [await signIn(server.baseUrl, 'engineer'), await signIn(server.baseUrl, 'technician')];
    const submission = await breachingSubmission(async (apiPath) => {
      const response = await fetch(`${server.baseUrl}/api${apiPath}`, { headers: { 'x-auth': engineerToken } });
      return response.json();
    });
    // Connect in batches, as a shift's screens would come and go, not 500 handshakes at one instant.
    for (let i = 0; i < sockets; i += 50) {
      clients.push(...(await Promise.all(Array.from({ length: Math.min(50, sockets - i) }, () => connect(server.baseUrl, engineerToken)))));
    }

    let round: { sentAt: number; remaining: number; done: () => void } | null = null;
    const latencies: number[] = [];
    let measuring = false;
    for (const client of clients) {
      client.on('new-alert', () => {
        if (!round) return;
        if (measuring) latencies.push(performance.now() - round.sentAt);
        if (--round.remaining === 0) round.done();
      });
    }

    const submitMs: number[] = [];
    for (let i = 0; i < warmup + submits; i++) {
      measuring = i >= warmup;
      const delivered = new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`submit ${i}: ${round?.remaining} sockets got no new-alert within 10 s`)), 10_000);
        round = { sentAt: performance.now(), remaining: clients.length, done: () => (clearTimeout(timer), resolve()) };
      });
      const sentAt = round!.sentAt;
      const response = await fetch(`${server.baseUrl}${submission.url}`, {
        method: 'POST', headers: { 'content-type': 'application/json', 'x-auth': technicianToken }, body: JSON.stringify(submission.body),
      });
      if (!response.ok) throw new Error(`submit ${i}: ${response.status} ${await response.text()}`);
      if (measuring) submitMs.push(performance.now() - sentAt);
      await delivered;
      round = null;
    }

    latencies.sort((a, b) => a - b);
    submitMs.sort((a, b) => a - b);
    return {
      sockets: clients.length,
      submits,
      deliveries: latencies.length,
      latencyP50Ms: round1(percentile(latencies, 50)),
      latencyP95Ms: round1(percentile(latencies, 95)),
      latencyMaxMs: round1(latencies.at(-1)!),
      submitResponseP50Ms: round1(percentile(submitMs, 50)),
      targets: { latencyP95Ms: 150 },
    };
  } finally {
    clients.forEach((client) => client.disconnect());
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
