import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { within } from '../../../common/within';
import type { Database } from '../../db/client';
import type { InvalidationBus } from '../../realtime/invalidationBus';

/** What GET /api/health/ready answers (DESIGN §14, docs/operations.md). */
export interface Readiness {
  /** ready: serve; degraded: serve, but pushes do not cross processes (Redis down); draining / not ready: take me out. */
  status: 'ready' | 'degraded' | 'draining' | 'not ready';
  checks: {
    database: 'ok' | 'down';
    migrations: 'ok' | 'behind' | 'unknown';
    redis: 'ok' | 'down' | 'not configured';
  };
}

const journalFile = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../db/migrations/meta/_journal.json');

/** The newest migration this code ships (drizzle records each applied one's `when` as created_at). */
function newestShippedMigration(): number {
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: { when: number }[] };
  return Math.max(...journal.entries.map((entry) => entry.when));
}

const newestShipped = newestShippedMigration();
const DATABASE_PROBE_MS = 2_000;

/**
 * Ready when the database answers and holds every migration this code ships. Redis down does not
 * make a process unready — the API still serves and pushes reach this process's own sockets — it
 * reports 'degraded', so taking every process out of the proxy never turns a Redis fault into an outage.
 */
export async function checkReadiness(db: Database, bus: InvalidationBus, draining: boolean): Promise<Readiness> {
  const [migrations, redis] = await Promise.all([
    within(DATABASE_PROBE_MS, db.execute(sql`select max(created_at)::bigint as newest from drizzle.__drizzle_migrations`))
      .then((result) => {
        const rows = (result as unknown as { rows: { newest?: unknown }[] }).rows;
        const newest = Number(rows[0]?.newest ?? 0);
        return { database: 'ok' as const, migrations: newest >= newestShipped ? ('ok' as const) : ('behind' as const) };
      })
      .catch(() => ({ database: 'down' as const, migrations: 'unknown' as const })),
    bus.redisState(),
  ]);
  const checks = { ...migrations, redis };
  const usable = checks.database === 'ok' && checks.migrations === 'ok';
  const status = draining ? 'draining' : !usable ? 'not ready' : redis === 'down' ? 'degraded' : 'ready';
  return { status, checks };
}
