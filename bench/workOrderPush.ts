import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { io as connectSocket, type Socket } from 'socket.io-client';
import { SOCKET_PATH, type NewWorkOrderEvent } from '../common/realtime';
import { startServerProcess } from '../tests/helpers/serverProcess';
import { criticalSubmission } from '../tests/helpers/breachingSubmission';
import { login, percentile, round1 } from './largeDatabase';

const TARGET_P95_MS = 300;

function connect(baseUrl: string, token: string): Promise<Socket> {
  const socket = connectSocket(baseUrl, { path: SOCKET_PATH, transports: ['websocket'], forceNew: true, reconnection: false, auth: { token } });
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}

/**
 * The inspection → action loop end to end (DESIGN §11, docs/work-orders.md): the technician submits
 * an inspection whose vibration is past its critical threshold; the server stores it and its alert,
 * the demo's rule opens a work order for the technician, and the technician's socket receives
 * new-work-order. Timed from sending the submit to that push arriving, one submit after another,
 * on one server process on the embedded database (the default install). Target p95 < 300 ms.
 */
export async function benchWorkOrderPush(submits = 60, warmup = 5) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'fo-bench-wo-push-'));
  const server = await startServerProcess({ DATA_DIR: dataDir, DATABASE_URL: '', REDIS_URL: '', JOBS_ENABLED: 'false' });
  let socket: Socket | null = null;
  try {
    const [engineerToken, technicianToken] = [await login(server.baseUrl, 'engineer'), await login(server.baseUrl, 'technician')];
    const submission = await criticalSubmission(async (apiPath) => (await fetch(`${server.baseUrl}/api${apiPath}`, { headers: { 'x-auth': engineerToken } })).json());
    socket = await connect(server.baseUrl, technicianToken);
    // When each alert's order reached the socket; the push may come before the submit's answer.
    const arrivals = new Map<string, number>();
    let arrived: () => void = () => undefined;
    socket.on('new-work-order', (event: NewWorkOrderEvent) => {
      if (event.alert) arrivals.set(event.alert, performance.now());
      arrived();
    });
    const arrivalOf = (alertId: string) =>
      new Promise<number>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no new-work-order for alert ${alertId} within 10 s`)), 10_000);
        const check = () => {
          const at = arrivals.get(alertId);
          if (at === undefined) return;
          clearTimeout(timer);
          resolve(at);
        };
        arrived = check;
        check();
      });

    const latencies: number[] = [];
    const submitMs: number[] = [];
    for (let i = 0; i < warmup + submits; i++) {
      const sentAt = performance.now();
      const response = await fetch(`${server.baseUrl}${submission.url}`, {
        method: 'POST', headers: { 'content-type': 'application/json', 'x-auth': technicianToken }, body: JSON.stringify(submission.body),
      });
      const answeredAt = performance.now();
      if (!response.ok) throw new Error(`submit ${i}: ${response.status} ${await response.text()}`);
      const { alerts } = (await response.json()) as { alerts: { _id: string }[] };
      if (alerts.length !== 1) throw new Error(`submit ${i}: ${alerts.length} alerts, expected the one critical alert`);
      const receivedAt = await arrivalOf(alerts[0]!._id);
      if (i >= warmup) {
        latencies.push(receivedAt - sentAt);
        submitMs.push(answeredAt - sentAt);
      }
    }
    latencies.sort((a, b) => a - b);
    submitMs.sort((a, b) => a - b);
    return {
      submits,
      latencyP50Ms: round1(percentile(latencies, 50)),
      latencyP95Ms: round1(percentile(latencies, 95)),
      latencyMaxMs: round1(latencies.at(-1)!),
      submitResponseP50Ms: round1(percentile(submitMs, 50)),
      targets: { latencyP95Ms: TARGET_P95_MS },
    };
  } finally {
    socket?.disconnect();
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) console.log(JSON.stringify(await benchWorkOrderPush(), null, 2));
