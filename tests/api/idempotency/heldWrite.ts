import { vi } from 'vitest';
import type { Database } from '../../../server/db/client';

/**
 * The next `db.transaction` waits, once begun, until `release()`: a request that reached it holds
 * its Idempotency-Key's claim (`reached` resolves then) for as long as the test wants.
 */
export function holdNextTransaction(db: Database) {
  const transaction = db.transaction;
  let reached!: () => void;
  let release!: () => void;
  const reachedPromise = new Promise<void>((resolve) => (reached = resolve));
  const released = new Promise<void>((resolve) => (release = resolve));
  const spy = vi.spyOn(db, 'transaction').mockImplementationOnce(async (fn, config) => {
    spy.mockRestore();
    reached();
    await released;
    return transaction(fn, config);
  });
  return { reached: reachedPromise, release };
}
