import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import * as schema from './schema';
import { markingIdempotentWrites } from './idempotentWrites';
import { postgresClaimLocks, processClaimLocks, type ClaimLocks } from './claimLocks';

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  /** Runs fn while holding a cluster-wide lock, so concurrent starts migrate and seed once. */
  withStartupLock<T>(fn: () => Promise<T>): Promise<T>;
  /** The locks saying which Idempotency-Key claims have a live owner (claimLocks.ts). */
  claimLocks: ClaimLocks;
  close(): Promise<void>;
}

export type DatabaseTarget = { databaseUrl: string } | { dataDir: string | null };

export interface DatabaseOptions {
  /** How often the embedded database looks at its write-ahead log (tests shorten it). */
  walCheckIntervalMs?: number;
}

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');
const STARTUP_LOCK_KEY = 7_340_021;

/**
 * PGlite runs PostgreSQL single-user (`--single`): no checkpointer, and the checkpoints a server
 * requests when the log passes max_wal_size only happen under a postmaster — so nothing ever
 * checkpoints and pg_wal grows by every byte written (1.44 GB in one probe session, issue 16 §6).
 * We checkpoint ourselves once this much log has been written since the last one, and keep
 * max_wal_size small so a checkpoint also drops the segments it frees instead of keeping them for
 * reuse. A checkpoint here takes ~50 ms per 32 MB of log (docs/inspections.md, "Files").
 */
export const PGLITE_WAL = {
  checkpointAfterBytes: 32 * 1_048_576,
  checkEveryMs: 10_000,
  startParams: ['-c', 'max_wal_size=64MB', '-c', 'min_wal_size=32MB'],
} as const;

/** Opens the embedded PGlite (dataDir, or memory when null) or a PostgreSQL server, then migrates. */
export async function openDatabase(target: DatabaseTarget, options: DatabaseOptions = {}): Promise<DatabaseHandle> {
  const handle = 'databaseUrl' in target ? await openPostgres(target.databaseUrl) : await openPglite(target.dataDir, options.walCheckIntervalMs ?? PGLITE_WAL.checkEveryMs);
  // docs/offline.md: a transaction run for a request holding an Idempotency-Key marks the key written.
  markingIdempotentWrites(handle.db);
  await handle.withStartupLock(async () => {
    if (handle.kind === 'pglite') await migratePglite(handle.db as never, { migrationsFolder });
    else await migratePg(handle.db as never, { migrationsFolder });
  });
  return handle;
}

async function openPglite(dataDir: string | null, walCheckIntervalMs: number): Promise<DatabaseHandle> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const startParams = [...PGlite.defaultStartParams, ...PGLITE_WAL.startParams];
  const client = dataDir ? await PGlite.create(dataDir, { startParams }) : await PGlite.create({ startParams });
  const db = drizzlePglite(client, { schema }) as unknown as Database;
  const checkpoints = checkpointOnWalGrowth(client, walCheckIntervalMs);
  const claimLocks = processClaimLocks();
  return {
    db,
    kind: 'pglite',
    // PGlite lives inside this one process and serialises queries itself.
    withStartupLock: (fn) => fn(),
    claimLocks,
    async close() {
      await claimLocks.close();
      await checkpoints.stop();
      await client.close();
    },
  };
}

/** Every `intervalMs`, a CHECKPOINT when the log written since the last one passes the threshold. */
function checkpointOnWalGrowth(client: PGlite, intervalMs: number) {
  let inFlight: Promise<void> | null = null;
  const check = async () => {
    const { rows } = await client.query<{ pending: string | number }>(
      'select pg_wal_lsn_diff(pg_current_wal_insert_lsn(), redo_lsn) as pending from pg_control_checkpoint()',
    );
    if (Number(rows[0]?.pending ?? 0) > PGLITE_WAL.checkpointAfterBytes) await client.exec('checkpoint');
  };
  const timer = setInterval(() => {
    if (inFlight || client.closed) return;
    inFlight = check()
      .catch((error: unknown) => console.error(`Embedded database checkpoint failed: ${error instanceof Error ? error.message : String(error)}`))
      .finally(() => {
        inFlight = null;
      });
  }, intervalMs);
  // Never what keeps a process (or a test run) alive.
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await inFlight;
    },
  };
}

async function openPostgres(databaseUrl: string): Promise<DatabaseHandle> {
  // A request waits at most this long for a connection (all in use, or a server that does not
  // answer): then it is answered 503 (errors.ts) instead of hanging while PostgreSQL is away.
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 10, connectionTimeoutMillis: 5_000 });
  // An idle connection dropped by the server (restart, failover) must not take the process down;
  // the pool replaces it on the next query.
  pool.on('error', (error) => console.error(`PostgreSQL connection lost: ${error.message}`));
  const db = drizzlePg(pool, { schema }) as unknown as Database;
  const claimLocks = postgresClaimLocks(databaseUrl, (error) => console.error(`PostgreSQL connection of the Idempotency-Key claims lost: ${error.message}`));
  return {
    db,
    kind: 'postgres',
    claimLocks,
    async withStartupLock(fn) {
      const client = await pool.connect();
      try {
        await client.query('select pg_advisory_lock($1)', [STARTUP_LOCK_KEY]);
        return await fn();
      } finally {
        await client.query('select pg_advisory_unlock($1)', [STARTUP_LOCK_KEY]).catch(() => undefined);
        client.release();
      }
    },
    async close() {
      await claimLocks.close();
      await pool.end();
    },
  };
}

export async function pingDatabase(db: Database): Promise<void> {
  await db.execute(sql`select 1`);
}
