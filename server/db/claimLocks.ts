import pg from 'pg';

/**
 * What says that the request holding an Idempotency-Key is still alive (docs/offline.md, "A lost
 * answer"; server/http/idempotency.ts): a lock taken before the key's row is claimed and let go
 * once its answer is stored. A request of this process holds it in `held`; on PostgreSQL it also
 * holds a session-level advisory lock on one connection of its process kept for these locks, so
 * another process sees it — and when the process dies (kill -9, a crash, the machine), its
 * connection closes, PostgreSQL ends the session and every lock it held is free at once. No
 * expiry: a live request keeps its key however slow it is.
 */
export interface ClaimLocks {
  /**
   * Takes `lock` (a bigint as text) for a request of this process; false while a live request holds
   * it, in this process or (PostgreSQL) in another one.
   */
  tryLock(lock: string): Promise<boolean>;
  /** Lets `lock` go. Never throws; not awaited by an answer. */
  unlock(lock: string): void;
  close(): Promise<void>;
}

/**
 * The embedded database lives in this one process: a claim whose process died is one made before
 * this process started, and no other process can hold one. The locks are this process's own.
 */
export function processClaimLocks(): ClaimLocks {
  const held = new Set<string>();
  return {
    async tryLock(lock) {
      if (held.has(lock)) return false;
      held.add(lock);
      return true;
    },
    unlock(lock) {
      held.delete(lock);
    },
    async close() {
      held.clear();
    },
  };
}

/** How the connection holding a process's claim locks is named in pg_stat_activity. */
export const CLAIM_LOCKS_APPLICATION_NAME = 'facilityops idempotency claims';

interface Session {
  client: pg.Client;
  ready: Promise<unknown>;
  lost: boolean;
}

/**
 * PostgreSQL: the advisory locks are taken on one connection of their own per process (not the
 * pool's: a pooled connection goes back to the pool between statements, and a lock must stay with
 * its session for the request's whole life). A lost connection is replaced at the next claim; the
 * locks it held went with it, so another process may take those keys over — and the claim token
 * checked in the write's own transaction (db/idempotentWrites.ts) still keeps the key from being
 * written twice.
 */
export function postgresClaimLocks(connectionString: string, onLost: (error: Error) => void): ClaimLocks {
  /** Lock → the session holding it (null while being taken). */
  const held = new Map<string, Session | null>();
  let session: Session | null = null;
  let closed = false;

  function open(): Session {
    const client = new pg.Client({ connectionString, application_name: CLAIM_LOCKS_APPLICATION_NAME, connectionTimeoutMillis: 5_000, keepAlive: true });
    const opened: Session = { client, ready: Promise.resolve(), lost: false };
    const lose = (error?: Error) => {
      if (opened.lost) return;
      opened.lost = true;
      if (session === opened) session = null;
      if (error && !closed) onLost(error);
      void client.end().catch(() => undefined);
    };
    client.on('error', lose);
    client.on('end', () => lose());
    opened.ready = client.connect().catch((error: Error) => {
      lose();
      throw error;
    });
    session = opened;
    return opened;
  }

  return {
    async tryLock(lock) {
      if (closed) throw new Error('Client was closed and is not queryable');
      if (held.has(lock)) return false;
      held.set(lock, null);
      try {
        const current = session && !session.lost ? session : open();
        await current.ready;
        const { rows } = await current.client.query<{ got: boolean }>('select pg_try_advisory_lock($1::bigint) as got', [lock]);
        if (rows[0]?.got) {
          held.set(lock, current);
          return true;
        }
      } catch (error) {
        held.delete(lock);
        throw error;
      }
      held.delete(lock);
      return false;
    },
    unlock(lock) {
      const holder = held.get(lock);
      held.delete(lock);
      // Queued on the same connection: it runs before any later attempt at the same lock from here.
      if (holder && !holder.lost) holder.client.query('select pg_advisory_unlock($1::bigint)', [lock]).catch(() => undefined);
    },
    async close() {
      closed = true;
      held.clear();
      const current = session;
      session = null;
      if (current && !current.lost) {
        current.lost = true;
        await current.client.end().catch(() => undefined);
      }
    },
  };
}
