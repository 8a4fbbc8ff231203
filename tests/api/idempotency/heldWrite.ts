import { vi } from 'vitest';
import type { Database } from '../../../server/db/client';
import { currentIdempotentWrite } from '../../../server/db/idempotentWrites';

interface Prepared {
  execute(...args: unknown[]): Promise<unknown>;
}

/**
 * The next statement a request holding an Idempotency-Key's claim sends — its write, or a read on
 * the way to it — waits until `release()`: the request holds its claim (`reached` resolves then)
 * for as long as the test wants. Statements outside such a request (another request, a job) pass
 * untouched. Caught where Drizzle prepares every statement, on either database.
 */
export function holdNextWrite(db: Database) {
  let reached!: () => void;
  let release!: () => void;
  const reachedPromise = new Promise<void>((resolve) => (reached = resolve));
  const released = new Promise<void>((resolve) => (release = resolve));
  let held = false;
  const session = Object.getPrototypeOf(db._.session) as { prepareQuery(...args: unknown[]): Prepared };
  const prepareQuery = session.prepareQuery;
  const spy = vi.spyOn(session, 'prepareQuery').mockImplementation(function (this: unknown, ...args: unknown[]) {
    const prepared = prepareQuery.apply(this, args);
    if (held || !currentIdempotentWrite()) return prepared;
    held = true;
    const execute = prepared.execute.bind(prepared);
    prepared.execute = async (...executeArgs: unknown[]) => {
      reached();
      await released;
      return execute(...executeArgs);
    };
    return prepared;
  });
  return {
    reached: reachedPromise,
    release() {
      spy.mockRestore();
      release();
    },
  };
}
