import { pathToFileURL } from 'node:url';
import type { AddressInfo } from 'node:net';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import { createAppMetrics } from '../server/modules/metrics/appMetrics';
import { requestTiming, routeTimer } from '../server/modules/metrics/requestTiming';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * What the request-timing hook (server/modules/metrics/requestTiming.ts) costs a cheap route:
 * GET /api/health/live's answer on a bare Fastify, without and with the hook, 50 connections,
 * alternated so drift from other load on the machine falls on both. The server shares the
 * process with autocannon, so absolute figures are below a real server's; the ratio is the point.
 * On a loaded machine throughput swings by rounds, so each round also reports the process's CPU
 * time per request (process.cpuUsage: time this process ran, not time it waited for a core), and
 * the hook alone is timed in a loop by CPU time as well.
 */
async function serve(withMetrics: boolean) {
  const app = Fastify({ logger: false });
  if (withMetrics) await app.register(requestTiming, { duration: createAppMetrics().requestDuration });
  app.get('/api/health/live', async () => ({ status: 'live' }));
  await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, url: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/api/health/live` };
}

const round2 = (value: number) => Math.round(value * 100) / 100;

async function round(withMetrics: boolean, durationSeconds: number) {
  const { app, url } = await serve(withMetrics);
  try {
    const cpuBefore = process.cpuUsage();
    const result = await autocannon({ url, connections: 50, duration: durationSeconds });
    const cpu = process.cpuUsage(cpuBefore);
    if (result.non2xx > 0 || result.errors > 0) throw new Error(`${result.non2xx} non-2xx answers, ${result.errors} errors`);
    return { requestsPerSecond: result.requests.average, p99Ms: result.latency.p99, cpuMicrosecondsPerRequest: (cpu.user + cpu.system) / result.requests.total };
  } finally {
    await app.close();
  }
}

/** CPU time of one call of a route's timing hook, warm (its series exist), averaged over many calls. */
function hookAlone(calls = 2_000_000) {
  const observe = routeTimer(createAppMetrics().requestDuration, '/api/asset/:id');
  const request = { method: 'GET' } as FastifyRequest;
  const reply = { statusCode: 200, elapsedTime: 3.2 } as FastifyReply;
  for (let index = 0; index < 10_000; index++) observe(request, reply);
  const before = process.cpuUsage();
  for (let index = 0; index < calls; index++) observe(request, reply);
  const cpu = process.cpuUsage(before);
  return { nanosecondsPerCall: Math.round(((cpu.user + cpu.system) * 1000) / calls) };
}

/**
 * Wall time of one scrape with every series a busy process has: 150 route patterns (the app
 * declares about 145) answered with two status classes each, sockets, pool and job metrics, and
 * the process's default metrics.
 */
async function scrapeCost(scrapes = 50) {
  const metrics = createAppMetrics();
  for (let route = 0; route < 150; route++) {
    const observe = routeTimer(metrics.requestDuration, `/api/route${route}/:id`);
    for (const statusCode of [200, 404]) observe({ method: 'GET' } as FastifyRequest, { statusCode, elapsedTime: 12 } as FastifyReply);
  }
  let bytes = (await metrics.scrape()).length;
  const started = performance.now();
  for (let index = 0; index < scrapes; index++) bytes = (await metrics.scrape()).length;
  return { millisecondsPerScrape: round2((performance.now() - started) / scrapes), bytes };
}

export async function benchMetricsOverhead(durationSeconds = 8, rounds = 3) {
  const without: { requestsPerSecond: number; p99Ms: number; cpuMicrosecondsPerRequest: number }[] = [];
  const withHook: typeof without = [];
  for (let index = 0; index < rounds; index++) {
    without.push(await round(false, durationSeconds));
    withHook.push(await round(true, durationSeconds));
  }
  const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
  const plain = mean(without.map((r) => r.requestsPerSecond));
  const timed = mean(withHook.map((r) => r.requestsPerSecond));
  return {
    withoutHook: { requestsPerSecond: Math.round(plain), rounds: without.map((r) => Math.round(r.requestsPerSecond)), p99Ms: without.map((r) => r.p99Ms) },
    withHook: { requestsPerSecond: Math.round(timed), rounds: withHook.map((r) => Math.round(r.requestsPerSecond)), p99Ms: withHook.map((r) => r.p99Ms) },
    throughputCostPercent: Math.round(((plain - timed) / plain) * 1000) / 10,
    cpuMicrosecondsPerRequest: {
      withoutHook: round2(mean(without.map((r) => r.cpuMicrosecondsPerRequest))),
      withHook: round2(mean(withHook.map((r) => r.cpuMicrosecondsPerRequest))),
    },
    hookAlone: hookAlone(),
    scrape: await scrapeCost(),
  };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  console.log('GET /api/health/live on bare Fastify, 50 connections, without/with the request-timing hook:');
  console.log(JSON.stringify(await benchMetricsOverhead(), null, 2));
}
