import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AddressInfo } from 'node:net';
import type { InjectOptions } from 'fastify';
import { io as connectSocket, type Socket } from 'socket.io-client';
import { SOCKET_PATH } from '../../../common/realtime';
import { createTestApp, type TestApp } from '../helpers/testApp';
import { parseSamples, sampleValue, type Sample } from './promText';

/**
 * GET /api/metrics (DESIGN §14, issue 21; docs/operations.md "Metrics"): who may read it, and that
 * what an operator watches moves with what the process does. Metric names and labels come from
 * docs/operations.md's table, written by hand.
 */
const TOKEN = 'metrics-token-for-tests-0123456789';
const REMOTE = '203.0.113.7';
const PROMETHEUS_TEXT = 'text/plain; version=0.0.4; charset=utf-8';
const HTTP = 'facilityops_http_request_duration_seconds_count';

let t: TestApp;
/** A second app in the same process: no METRICS_TOKEN, behind a trusted proxy. */
let untokened: TestApp;
let baseUrl: string;

beforeAll(async () => {
  t = await createTestApp({ metricsToken: TOKEN, jobsEnabled: false, scriptTimeLimitMs: 1500 });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  untokened = await createTestApp({ metricsToken: null, trustProxy: true, jobsEnabled: false });
});
afterAll(async () => {
  await t?.close();
  await untokened?.close();
});

type RequestHeaders = Record<string, string>;

function getMetrics(app: TestApp, remoteAddress: string, headers: RequestHeaders = {}) {
  return app.app.inject({ method: 'GET', url: '/api/metrics', remoteAddress, headers } as InjectOptions);
}

/** A scrape as Prometheus makes it: the first app's with the token from afar, the other's from this host. */
async function scrape(app: TestApp = t): Promise<Sample[]> {
  const response = app === t ? await getMetrics(t, REMOTE, { authorization: `Bearer ${TOKEN}` }) : await getMetrics(app, '127.0.0.1');
  expect(response.statusCode, response.body).toBe(200);
  return parseSamples(response.body);
}

function expectRefused(response: { statusCode: number; json: () => unknown }, status: number) {
  expect(response.statusCode).toBe(status);
  expect(response.json()).toMatchObject({ response: 'error', message: expect.any(String) });
}

describe('who may read the metrics', () => {
  it('refuses a request from another host without a token (401: the token would open it)', async () => {
    expectRefused(await getMetrics(t, REMOTE), 401);
  });

  it('refuses a request from this host that a proxy relayed (X-Forwarded-For, Forwarded, X-Real-IP)', async () => {
    expectRefused(await getMetrics(t, '127.0.0.1', { 'x-forwarded-for': REMOTE }), 401);
    expectRefused(await getMetrics(t, '127.0.0.1', { forwarded: `for=${REMOTE}` }), 401);
    expectRefused(await getMetrics(t, '127.0.0.1', { 'x-real-ip': REMOTE }), 401);
  });

  it('refuses a wrong token, from anywhere, this host included', async () => {
    expectRefused(await getMetrics(t, REMOTE, { authorization: `Bearer ${TOKEN}x` }), 401);
    expectRefused(await getMetrics(t, REMOTE, { authorization: `Bearer ${TOKEN.slice(0, -1)}` }), 401);
    expectRefused(await getMetrics(t, REMOTE, { authorization: TOKEN }), 401);
    expectRefused(await getMetrics(t, '127.0.0.1', { authorization: 'Bearer not-the-token' }), 401);
  });

  it('answers the right token from anywhere, proxied or not, in Prometheus text 0.0.4, never cached', async () => {
    const variants: RequestHeaders[] = [{ authorization: `Bearer ${TOKEN}` }, { authorization: `bearer ${TOKEN}`, 'x-forwarded-for': REMOTE }];
    for (const headers of variants) {
      const response = await getMetrics(t, REMOTE, headers);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.headers['content-type']).toBe(PROMETHEUS_TEXT);
      expect(response.headers['cache-control']).toBe('no-store');
      expect(response.body).toMatch(/^# HELP /);
    }
  });

  it('answers a request made on this host without a token (IPv4, IPv6 and IPv4-mapped loopback)', async () => {
    for (const address of ['127.0.0.1', '127.0.0.53', '::1', '::ffff:127.0.0.1']) {
      const response = await getMetrics(t, address);
      expect(response.statusCode, `${address}: ${response.body}`).toBe(200);
    }
  });

  it('without METRICS_TOKEN: this host only (403 from elsewhere), whatever a trusted proxy says the client is', async () => {
    expect((await getMetrics(untokened, '127.0.0.1')).statusCode).toBe(200);
    expectRefused(await getMetrics(untokened, REMOTE), 403);
    // TRUST_PROXY makes request.ip 127.0.0.1 here; the caller is still another host.
    expectRefused(await getMetrics(untokened, REMOTE, { 'x-forwarded-for': '127.0.0.1' }), 403);
    expectRefused(await getMetrics(untokened, '127.0.0.1', { 'x-forwarded-for': '127.0.0.1' }), 403);
    expectRefused(await getMetrics(untokened, '127.0.0.1', { authorization: 'Bearer any-token-at-all-here' }), 401);
  });
});

describe('what the metrics show', () => {
  it('times requests by route pattern, method and status class — never the raw URL', async () => {
    const [asset] = (await t.request({ method: 'GET', url: '/api/asset?fields=name', as: 'admin' })).json() as { _id: string }[];
    const before = await scrape();
    const pattern = { method: 'GET', route: '/api/asset/:id', status: '2xx' };
    const notFound = { method: 'GET', route: 'unmatched', status: '4xx' };
    expect((await t.request({ method: 'GET', url: `/api/asset/${asset!._id}`, as: 'admin' })).statusCode).toBe(200);
    expect((await t.request({ method: 'GET', url: `/api/ASSET/${asset!._id}`, as: 'admin' })).statusCode).toBe(200);
    expect((await t.request({ method: 'GET', url: '/api/asset/no-such-asset', as: 'admin' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/no/such/route/4711' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/another/missing/route' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/health/live' })).statusCode).toBe(200);

    const after = await scrape();
    const grew = (labels: Record<string, string>) => (sampleValue(after, HTTP, labels) ?? 0) - (sampleValue(before, HTTP, labels) ?? 0);
    expect(grew(pattern)).toBe(2);
    expect(grew({ method: 'GET', route: '/api/asset/:id', status: '4xx' })).toBe(1);
    expect(grew(notFound)).toBe(2);
    expect(grew({ method: 'GET', route: '/api/health/live', status: '2xx' })).toBe(1);
    // The buckets are cumulative: +Inf holds every request of the series.
    expect(sampleValue(after, 'facilityops_http_request_duration_seconds_bucket', { ...pattern, le: '+Inf' })).toBe(sampleValue(after, HTTP, pattern));
    expect(sampleValue(after, 'facilityops_http_request_duration_seconds_sum', pattern)).toBeGreaterThan(0);

    const routes = new Set(after.filter((sample) => sample.name === HTTP).map((sample) => sample.labels.route));
    for (const route of routes) expect(route === 'unmatched' || route === 'web app' || /^\/api\/[\w/:]*$/.test(route!), route).toBe(true);
    const text = after.map((sample) => JSON.stringify(sample.labels)).join('\n');
    for (const raw of [asset!._id, 'no-such-asset', '4711', 'missing', 'ASSET']) expect(text).not.toContain(raw);
  });

  it('keeps each app its own metrics: two apps in one process do not share counts', async () => {
    const other = await scrape(untokened);
    expect(sampleValue(other, HTTP, { method: 'GET', route: '/api/asset/:id', status: '2xx' })).toBeUndefined();
  });

  it('counts the signed-in sockets this process holds, up on connect and down on disconnect', async () => {
    const sockets = async () => sampleValue(await scrape(), 'facilityops_sockets_connected');
    expect(await sockets()).toBe(0);
    const opened: Socket[] = [];
    for (const username of ['engineer', 'technician']) {
      const socket = connectSocket(baseUrl, { path: SOCKET_PATH, transports: ['websocket'], reconnection: false, forceNew: true, auth: { token: await t.login(username) } });
      opened.push(socket);
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', resolve);
        socket.once('connect_error', reject);
      });
    }
    await expect.poll(sockets).toBe(2);
    opened[0]!.disconnect();
    await expect.poll(sockets).toBe(1);
    opened[1]!.disconnect();
    await expect.poll(sockets).toBe(0);
  });

  it('counts job runs by outcome', async () => {
    const runs = async (outcome: string) => sampleValue(await scrape(), 'facilityops_job_runs_total', { kind: 'script', outcome });
    expect(await runs('ok')).toBe(0);
    expect(await runs('error')).toBe(0);
    const jobWith = async (name: string, code: string) => {
      const script = (await t.request({ method: 'POST', url: '/api/script', as: 'admin', payload: { name, code } })).json() as { _id: string };
      const job = await t.request({ method: 'POST', url: '/api/job', as: 'admin', payload: { name, cronExpression: '0 3 * * *', script: script._id } });
      expect(job.statusCode, job.body).toBe(200);
      return (job.json() as { _id: string })._id;
    };
    const succeeding = await jobWith('Metrics ok job', 'return 1');
    const failing = await jobWith('Metrics failing job', "throw new Error('broken on purpose')");
    for (const job of [succeeding, succeeding, failing]) {
      const run = await t.request({ method: 'POST', url: `/api/job/${job}/run`, as: 'admin' });
      expect(run.statusCode, run.body).toBe(200);
    }
    expect(await runs('ok')).toBe(2);
    expect(await runs('error')).toBe(1);
  });

  it("shows the script pool's queue: a user's later runs wait while the first holds a worker", async () => {
    const pool = async () => {
      const samples = await scrape();
      return { waiting: sampleValue(samples, 'facilityops_script_pool_waiting'), running: sampleValue(samples, 'facilityops_script_pool_running') };
    };
    expect(await pool()).toEqual({ waiting: 0, running: 0 });
    expect(sampleValue(await scrape(), 'facilityops_script_pool_workers')).toBeGreaterThanOrEqual(0);
    // SCRIPT_RUNS_PER_USER is 1: the administrator's other endless scripts wait for the first to time out.
    const endless = () => t.request({ method: 'POST', url: '/api/script/run', as: 'admin', payload: { code: 'while (true) {}' } });
    const answers = Promise.all([endless(), endless(), endless()]);
    await expect.poll(pool, { timeout: 10_000 }).toEqual({ waiting: 2, running: 1 });
    expect((await answers).map((answer) => answer.statusCode)).toEqual([504, 504, 504]);
    expect(await pool()).toEqual({ waiting: 0, running: 0 });
  });

  it("shows the process's event-loop delay, memory and CPU (prom-client's default metrics)", async () => {
    const samples = await scrape();
    for (const name of ['nodejs_eventloop_lag_p99_seconds', 'nodejs_eventloop_lag_max_seconds', 'process_resident_memory_bytes', 'nodejs_heap_size_used_bytes', 'process_cpu_seconds_total']) {
      expect(sampleValue(samples, name), name).toBeGreaterThanOrEqual(0);
    }
    expect(sampleValue(samples, 'process_resident_memory_bytes')).toBeGreaterThan(10 * 1024 * 1024);
  });
});
