import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../server/config';
import { startServerProcess } from '../../helpers/serverProcess';
import { createTestApp, type TestApp } from '../helpers/testApp';

/** DESIGN §14: GET /api/health/live and /api/health/ready, for the proxy and orchestrators. */
describe('health of one process', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ redisUrl: null });
  });
  afterAll(() => t.close());
  afterEach(() => {
    t.app.lifecycle.draining = false;
  });

  it('live answers without a token, and is never cached', async () => {
    const response = await t.request({ method: 'GET', url: '/api/health/live' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'live' });
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('ready: the database answers and holds every migration; no Redis configured', async () => {
    const response = await t.request({ method: 'GET', url: '/api/health/ready' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ready', checks: { database: 'ok', migrations: 'ok', redis: 'not configured' } });
  });

  it('while draining after SIGTERM, ready answers 503 so the proxy sends no new work; live stays 200', async () => {
    t.app.lifecycle.draining = true;
    const ready = await t.request({ method: 'GET', url: '/api/health/ready' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toMatchObject({ status: 'draining' });
    expect((await t.request({ method: 'GET', url: '/api/health/live' })).statusCode).toBe(200);
  });

  it('a database that lacks this version\'s newest migration is not ready', async () => {
    const db = t.app.services.db;
    const newest = await db.execute(sql`select id, hash, created_at from drizzle.__drizzle_migrations order by created_at desc limit 1`);
    const row = (newest as unknown as { rows: { id: number; hash: string; created_at: string }[] }).rows[0]!;
    await db.execute(sql`delete from drizzle.__drizzle_migrations where id = ${row.id}`);
    try {
      const response = await t.request({ method: 'GET', url: '/api/health/ready' });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toMatchObject({ status: 'not ready', checks: { database: 'ok', migrations: 'behind' } });
    } finally {
      await db.execute(sql`insert into drizzle.__drizzle_migrations (id, hash, created_at) values (${row.id}, ${row.hash}, ${row.created_at})`);
    }
  });
});

/** A TCP relay to Redis that a test can cut, as a Redis restart or a network fault would. */
async function cuttableRelay(target: URL): Promise<{ url: string; cut(): void; close(): Promise<void> }> {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(target.port || 6379), target.hostname);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('error', () => undefined);
      socket.on('close', () => sockets.delete(socket));
    }
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  let open = true;
  server.on('connection', (socket) => {
    if (!open) socket.destroy();
  });
  return {
    url: `redis://127.0.0.1:${port}`,
    cut() {
      open = false;
      for (const socket of sockets) socket.destroy();
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

describe('a process whose Redis is gone', () => {
  it('keeps serving and says degraded, not unready: a Redis fault never takes every process out of the proxy', async () => {
    const relay = await cuttableRelay(new URL(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379'));
    const t = await createTestApp({ redisUrl: relay.url }, { databaseUrl: process.env.DATABASE_URL ?? null, redisUrl: relay.url });
    try {
      expect((await t.request({ method: 'GET', url: '/api/health/ready' })).json()).toMatchObject({ status: 'ready', checks: { redis: 'ok' } });
      relay.cut();
      await expect.poll(async () => (await t.request({ method: 'GET', url: '/api/health/ready' })).json(), { timeout: 5_000, interval: 100 }).toEqual({
        status: 'degraded',
        checks: { database: 'ok', migrations: 'ok', redis: 'down' },
      });
      expect((await t.request({ method: 'GET', url: '/api/health/ready' })).statusCode).toBe(200);
      // The API keeps serving, writes that push included: the push reaches this process's sockets
      // only, and its failed publish to Redis must not end the process.
      const [asset] = (await t.request({ method: 'GET', url: '/api/asset?fields=id,name', as: 'engineer' })).json() as { _id: string }[];
      const { users } = (await t.request({ method: 'GET', url: '/api/workOrder/config', as: 'engineer' })).json() as { users: { _id: string }[] };
      const order = { title: 'Check pump seals', asset: asset!._id, assignedTo: users[0]!._id, priority: 'Low', status: 'Open', startTimestamp: Date.UTC(2031, 0, 1), endTimestamp: Date.UTC(2031, 0, 2) };
      const created = await t.request({ method: 'POST', url: '/api/workOrder', as: 'engineer', payload: order });
      expect(created.statusCode, created.body).toBe(200);
      // Long enough for the publish to give up its retries while the test still runs.
      await new Promise((resolve) => setTimeout(resolve, 1_500));
    } finally {
      await t.close();
      await relay.close();
    }
  });
});

describe('TRUST_PROXY (DESIGN §14)', () => {
  it('reads false by default, true, a hop count, or proxy addresses; refuses anything else naming the variable', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '127.0.0.1, 10.0.0.0/8' }).trustProxy).toEqual(['127.0.0.1', '10.0.0.0/8']);
    expect(() => loadConfig({ TRUST_PROXY: 'yes please' })).toThrow(/TRUST_PROXY/);
  });

  it("behind a trusted proxy the login limit counts the technician's address, not the proxy's", async () => {
    const t = await createTestApp({ trustProxy: ['127.0.0.1'], loginLimits: { perUsername: 100, perAddress: 2, windowMs: 60_000 } });
    try {
      const attempt = (forwardedFor: string) =>
        t.app.inject({ method: 'POST', url: '/api/token/login', remoteAddress: '127.0.0.1', headers: { 'x-forwarded-for': forwardedFor }, payload: { username: 'nobody', password: 'wrong' } });
      expect((await attempt('203.0.113.7')).statusCode).toBe(401);
      expect((await attempt('203.0.113.7')).statusCode).toBe(401);
      expect((await attempt('203.0.113.7')).statusCode).toBe(429);
      // Another technician behind the same proxy is not blocked by the first one's failures.
      expect((await attempt('198.51.100.20')).statusCode).toBe(401);
    } finally {
      await t.close();
    }
  });
});

describe.skipIf(Boolean(process.env.DATABASE_URL))('draining on SIGTERM (a real process)', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'fo-drain-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('says draining for DRAIN_DELAY_MS while still answering, then exits cleanly', { timeout: 120_000 }, async () => {
    const server = await startServerProcess({ DATA_DIR: dataDir, DRAIN_DELAY_MS: '3000', JOBS_ENABLED: 'false' });
    expect((await fetch(`${server.baseUrl}/api/health/ready`)).status).toBe(200);
    const exited = server.stop('SIGTERM');
    await expect.poll(async () => (await fetch(`${server.baseUrl}/api/health/ready`)).status, { timeout: 2_000, interval: 50 }).toBe(503);
    const during = await fetch(`${server.baseUrl}/api/health/ready`);
    expect(await during.json()).toMatchObject({ status: 'draining' });
    // Requests still get answers while the proxy takes the process out.
    expect((await fetch(`${server.baseUrl}/api/init/applicationInfo`)).status).toBe(200);
    expect(await exited).toBe(0);
  });
});
