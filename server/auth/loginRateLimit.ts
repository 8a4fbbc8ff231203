import { inArray, lte, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { loginAttempts } from '../db/schema';
import type { LoginLimits } from '../config';

/**
 * Failed sign-ins counted per username and per client address in fixed windows, in the database
 * so that every server process sees the same counts (DESIGN §1: no state in a process).
 */
export function createLoginRateLimit(db: Database, limits: LoginLimits) {
  const keysFor = (username: string, address: string) => ({
    user: `user:${username.trim().toLowerCase()}`,
    address: `addr:${address}`,
  });

  return {
    async isBlocked(username: string, address: string, now = Date.now()): Promise<boolean> {
      const keys = keysFor(username, address);
      const rows = await db
        .select()
        .from(loginAttempts)
        .where(inArray(loginAttempts.key, [keys.user, keys.address]));
      const current = (key: string) => {
        const row = rows.find((r) => r.key === key);
        return row && row.windowStart > now - limits.windowMs ? row.failures : 0;
      };
      return current(keys.user) >= limits.perUsername || current(keys.address) >= limits.perAddress;
    },

    async recordFailure(username: string, address: string, now = Date.now()): Promise<void> {
      const keys = keysFor(username, address);
      const windowOpen = now - limits.windowMs;
      await db
        .insert(loginAttempts)
        .values([keys.user, keys.address].map((key) => ({ key, windowStart: now, failures: 1 })))
        .onConflictDoUpdate({
          target: loginAttempts.key,
          set: {
            failures: sql`case when ${loginAttempts.windowStart} <= ${windowOpen} then 1 else ${loginAttempts.failures} + 1 end`,
            windowStart: sql`case when ${loginAttempts.windowStart} <= ${windowOpen} then ${now} else ${loginAttempts.windowStart} end`,
          },
        });
      // Counts of closed windows no longer matter; dropping them keeps a spray of made-up names from piling up.
      await db.delete(loginAttempts).where(lte(loginAttempts.windowStart, windowOpen));
    },

    /** A successful sign-in clears the username's count (the address keeps its own). */
    async clearUser(username: string): Promise<void> {
      await db.delete(loginAttempts).where(inArray(loginAttempts.key, [keysFor(username, '').user]));
    },
  };
}

export type LoginRateLimit = ReturnType<typeof createLoginRateLimit>;
