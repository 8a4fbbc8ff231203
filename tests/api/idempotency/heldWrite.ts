import { vi } from 'vitest';
import type { Database } from '../../../server/db/client';
import { currentIdempotentWrite } from '../../../server/db/idempotentWrites';

/**
 * The next write of a request holding an Idempotency-Key's claim — its `db.transaction`, or the
 * one statement of `db.execute` a submit writes with — waits until `release()`: the request holds
 * its claim (`reached` resolves then) for as long as the test wants. Calls outside such a request
 * (another request, a job) pass untouched.
 */
export function holdNextWrite(db: Database) {
  let reached!: () => void;
  let release!: () => void;
  const reachedPromise = new Promise<void>((resolve) => (reached = resolve));
  const released = new Promise<void>((resolve) => (release = resolve));
  let held = false;
  const holdFirst = async () => {
    if (held || !currentIdempotentWrite()) return;
    held = true;
    reached();
    await released;
  };
  const transaction = db.transaction;
  const execute = db.execute;
  const spies = [
    vi.spyOn(db, 'transaction').mockImplementation(async (fn, config) => {
      await holdFirst();
      return transaction.call(db, fn, config);
    }),
    // Awaited once by its caller, as `db.execute`'s query promise is.
    vi.spyOn(db, 'execute').mockImplementation(((query: Parameters<Database['execute']>[0]) => holdFirst().then(() => execute.call(db, query))) as unknown as Database['execute']),
  ];
  const restore = () => spies.forEach((spy) => spy.mockRestore());
  return {
    reached: reachedPromise,
    release() {
      restore();
      release();
    },
  };
}
