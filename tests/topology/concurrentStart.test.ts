import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { startServerProcess, type ServerProcess } from '../helpers/serverProcess';
import { startOwnPostgres, topologyAvailable, type OwnPostgres } from '../helpers/proxyTopology';

/**
 * A rollout (docs/operations.md, "Migrations on rollout"): three processes of a new version start
 * at the same moment on an empty database. One migrates and seeds; the others wait for it and
 * find the work done — every migration applied once, one superuser, all three ready.
 */
const migrationsDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../server/db/migrations');

const available = await topologyAvailable('three processes starting at once');

describe.skipIf(!available)('three processes starting at once on an empty PostgreSQL', () => {
  let postgres: OwnPostgres | null = null;
  const processes: ServerProcess[] = [];

  afterAll(async () => {
    await Promise.all(processes.map((p) => p.stop()));
    await postgres?.drop();
  }, 60_000);

  it('migrate and seed once, and all three come up ready', async () => {
    postgres = await startOwnPostgres();
    const env = { DATABASE_URL: postgres.url, JWT_SECRET: 'rollout-test-secret-0123456789', ADMIN_PASSWORD: 'rollout-admin-password', JOBS_ENABLED: 'false' };
    const started = await Promise.allSettled([0, 1, 2].map(() => startServerProcess(env, 90_000)));
    for (const result of started) if (result.status === 'fulfilled') processes.push(result.value);
    expect(started.filter((r) => r.status === 'rejected').map((r) => String((r as PromiseRejectedResult).reason).slice(0, 2000))).toEqual([]);

    for (const process of processes) {
      const ready = (await (await fetch(`${process.baseUrl}/api/health/ready`)).json()) as { status: string; checks: { migrations: string } };
      expect(ready).toMatchObject({ status: 'ready', checks: { migrations: 'ok' } });
    }
    const db = new pg.Client({ connectionString: postgres.url });
    await db.connect();
    try {
      const shipped = readdirSync(migrationsDir).filter((file) => file.endsWith('.sql')).length;
      const applied = await db.query<{ n: string }>('select count(*) as n from drizzle.__drizzle_migrations');
      expect(Number(applied.rows[0]!.n)).toBe(shipped);
      const admins = await db.query<{ n: string }>("select count(*) as n from users where username = 'admin'");
      expect(Number(admins.rows[0]!.n)).toBe(1);
    } finally {
      await db.end();
    }
  }, 150_000);
});
