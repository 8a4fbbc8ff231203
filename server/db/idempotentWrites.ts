import { AsyncLocalStorage } from 'node:async_hooks';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { IDEMPOTENCY_HEADER, IDEMPOTENCY_MESSAGES } from '../../common/idempotency';
import { HttpError } from '../http/errors';
import { idempotencyKeys } from './schema';
import type * as schema from './schema';

/** The Idempotency-Key a request claimed (server/http/idempotency.ts), while it runs. */
export interface IdempotentWrite {
  userId: string;
  key: string;
  /** The claim's token in idempotency_keys.claim: a takeover after expiry replaces it. */
  claim: string;
  /** Set once the answer is stored or released: later transactions (background work) mark nothing. */
  settled: boolean;
}

const requestWrite = new AsyncLocalStorage<IdempotentWrite>();
/** Claims run and not settled yet. */
let unsettled = 0;

/** Runs fn (and everything it starts) as the request holding this claim, until settleIdempotentWrite(write). */
export function runWithIdempotentWrite<T>(write: IdempotentWrite, fn: () => T): T {
  unsettled++;
  return requestWrite.run(write, fn);
}

/**
 * The claim's answer is stored or given up: its later transactions mark nothing. Once no claim is
 * left unsettled the context is switched off: while an AsyncLocalStorage is on, Node runs its
 * async hooks on every promise of every request, keyed or not (issue 39 §8); the next claim turns
 * it on again. Only settled claims are running then, and getStore() would give them nothing anyway.
 */
export function settleIdempotentWrite(write: IdempotentWrite): void {
  if (write.settled) return;
  write.settled = true;
  unsettled--;
  if (unsettled === 0) requestWrite.disable();
}

/** The claim of the request this code runs for, while its answer is not stored yet. */
export function currentIdempotentWrite(): IdempotentWrite | null {
  const write = requestWrite.getStore();
  return write && !write.settled ? write : null;
}

type AnyDatabase = PgDatabase<PgQueryResultHKT, typeof schema>;
type Transaction = Parameters<Parameters<AnyDatabase['transaction']>[0]>[0];

/**
 * docs/offline.md, "A lost answer": every `db.transaction(…)` run for a request that claimed an
 * Idempotency-Key sets the key's `written` inside that same transaction, just before it commits —
 * so the key says "written" exactly when the write is. Done here, where the database is opened,
 * not in each module. A claim another request took over (this one outlived its pending time)
 * updates no row: the transaction is rolled back with a 409, so the key is never written twice.
 */
export function markingIdempotentWrites<D extends AnyDatabase>(db: D): D {
  const transaction = db.transaction.bind(db);
  const wrapped: AnyDatabase['transaction'] = (fn, config) => {
    const write = currentIdempotentWrite();
    if (!write) return transaction(fn, config);
    return transaction(async (tx) => {
      const result = await fn(tx);
      await markWritten(tx, write);
      return result;
    }, config);
  };
  db.transaction = wrapped as D['transaction'];
  return db;
}

const claimedRow = (write: IdempotentWrite) => and(eq(idempotencyKeys.userId, write.userId), eq(idempotencyKeys.key, write.key), eq(idempotencyKeys.claim, write.claim));

/** The answer to a request whose claim was taken over before its write: nothing was written. */
export const claimTakenOver = () => new HttpError(409, IDEMPOTENCY_MESSAGES.inProgress, { [IDEMPOTENCY_HEADER]: IDEMPOTENCY_MESSAGES.inProgress });

async function markWritten(tx: Transaction, write: IdempotentWrite) {
  const marked = await tx.update(idempotencyKeys).set({ written: true }).where(claimedRow(write)).returning({ key: idempotencyKeys.key });
  if (marked.length === 0) throw claimTakenOver();
}

/**
 * The same mark for a write made as one statement, which needs no transaction (POST /inspection's,
 * saving BEGIN and COMMIT): an `UPDATE … RETURNING` to put first in its WITH. It returns one row
 * when it marked the key; the statement writes only if it did (`where exists (select 1 from
 * <it>)`), and the caller answers `claimTakenOver()` if it did not.
 */
export function markWrittenStatement(write: IdempotentWrite): SQL {
  return sql`update ${idempotencyKeys} set ${sql.identifier(idempotencyKeys.written.name)} = true where ${claimedRow(write)} returning 1`;
}
