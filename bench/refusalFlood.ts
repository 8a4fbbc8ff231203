import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { startServerProcess, type ServerProcess } from '../tests/helpers/serverProcess';

/**
 * Issue 39 §1: what refusing a bad body costs everyone else. On the embedded demo in its own
 * process, other users ask `GET /api/token/init` at a steady rate (OTHERS_RATE per second over
 * OTHERS_CONNECTIONS connections) while FLOOD_CLIENTS anonymous clients send, as fast as they are
 * answered, the body: a 1 MB login of 95,000 unknown keys. The others' latency is measured
 * with and without the flood, alternately, in one run. Target: others' p99 under 200 ms.
 * Also the time and answer size of refusing each body the issue measured, one at a time.
 *
 * `npx tsx bench/refusalFlood.ts [seconds] [rounds]`
 */
const FLOOD_CLIENTS = 8;
const OTHERS_CONNECTIONS = 10;
const OTHERS_RATE = 100;
const TARGET_P99_MS = 200;

function loginOfUnknownKeys(count: number): string {
  const body: Record<string, unknown> = { username: 'engineer', password: 'demo' };
  for (let i = 0; i < count; i++) body[`k${i}`] = 1;
  return JSON.stringify(body);
}

const zeros = (count: number) => `[${new Array(count).fill('0').join(',')}]`;

async function tokenOf(server: ServerProcess, username: string): Promise<string> {
  const response = await fetch(`${server.baseUrl}/api/token/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: 'demo' }),
  });
  return ((await response.json()) as { token: string }).token;
}

interface OthersRun {
  latencyP50Ms: number;
  latencyP99Ms: number;
  latencyMaxMs: number;
  requests: number;
  non2xx: number;
}

async function others(server: ServerProcess, token: string, seconds: number): Promise<OthersRun> {
  const result = await autocannon({
    url: `${server.baseUrl}/api/token/init`,
    connections: OTHERS_CONNECTIONS,
    overallRate: OTHERS_RATE,
    duration: seconds,
    headers: { 'x-auth': token },
  });
  return { latencyP50Ms: result.latency.p50, latencyP99Ms: result.latency.p99, latencyMaxMs: result.latency.max, requests: result.requests.total, non2xx: result.non2xx };
}

async function flood(server: ServerProcess, body: string, seconds: number) {
  const result = await autocannon({
    url: `${server.baseUrl}/api/token/login`,
    connections: FLOOD_CLIENTS,
    duration: seconds,
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body,
  });
  return { bodiesAnswered: result.requests.total, statuses: { '4xx': result['4xx'], '5xx': result['5xx'] }, socketErrors: result.errors };
}

/** One request at a time: how long refusing it takes and how big the answer is. */
async function refusal(server: ServerProcess, url: string, body: string, token: string | null, times = 5) {
  const durations: number[] = [];
  let status = 0;
  let answerBytes = 0;
  for (let i = 0; i < times; i++) {
    const started = performance.now();
    const response = await fetch(`${server.baseUrl}${url}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { 'x-auth': token } : {}) },
      body,
    });
    const text = await response.text();
    durations.push(performance.now() - started);
    status = response.status;
    answerBytes = Buffer.byteLength(text);
  }
  durations.sort((a, b) => a - b);
  return { bodyBytes: Buffer.byteLength(body), status, answerBytes, medianMs: Math.round(durations[Math.floor(times / 2)]! * 10) / 10 };
}

export async function benchRefusalFlood(seconds = 20, rounds = 2) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'fo-bench-refusal-'));
  // A loaded machine seeds the demo slowly: wait longer than the default minute.
  const server = await startServerProcess({ DATA_DIR: dataDir, DATABASE_URL: '', REDIS_URL: '', JOBS_ENABLED: 'false' }, 180_000);
  try {
    const engineer = await tokenOf(server, 'engineer');
    const login = loginOfUnknownKeys(95_000);
    const single = {
      login95000Keys: await refusal(server, '/api/token/login', login, null),
      thermographyNote520000Zeros: await refusal(server, '/api/thermographyNote', `{"assetIdentification":"FEX-001","notes":${zeros(520_000)}}`, await tokenOf(server, 'thermo.tech')),
      asset520000Zeros: await refusal(server, '/api/asset', `{"name":"Pump","identification":"P-1","checklists":${zeros(520_000)}}`, await tokenOf(server, 'admin')),
    };
    await others(server, engineer, 3);
    const quiet: OthersRun[] = [];
    const flooded: (OthersRun & { flood: Awaited<ReturnType<typeof flood>> })[] = [];
    const loadBefore = loadavg()[0]!;
    for (let round = 0; round < rounds; round++) {
      quiet.push(await others(server, engineer, seconds));
      const [run, floodResult] = await Promise.all([others(server, engineer, seconds), flood(server, login, seconds)]);
      flooded.push({ ...run, flood: floodResult });
    }
    const worstP99 = Math.max(...flooded.map((r) => r.latencyP99Ms));
    return {
      single,
      othersQuiet: quiet,
      othersDuringFlood: flooded,
      worstP99DuringFloodMs: worstP99,
      meetsTarget: worstP99 < TARGET_P99_MS,
      load1mBeforeAfter: [Math.round(loadBefore * 100) / 100, Math.round(loadavg()[0]! * 100) / 100],
      setup: { floodClients: FLOOD_CLIENTS, othersConnections: OTHERS_CONNECTIONS, othersRatePerSecond: OTHERS_RATE, seconds, rounds, node: process.version },
      targets: { othersP99Ms: TARGET_P99_MS },
    };
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(JSON.stringify(await benchRefusalFlood(Number(process.argv[2] ?? 20), Number(process.argv[3] ?? 2)), null, 2));
}
