import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { loginAttempts } from '../db/schema';
import type { LoginLimits } from '../config';

/** The counts of one username and one client address in their current windows, this attempt included. */
export interface AttemptCounts {
  user: number;
  address: number;
}

/**
 * Whether a reserved attempt may have its password checked (docs/decisions.md "Login failures"):
 * - past the username's limit, never (the strict lock: even the right password is refused);
 * - past the address's limit, only when nothing else was tried against that username in the
 *   window, so a colleague behind the same NAT still signs in while a sprayer (one password ×
 *   many usernames) gets one guess per username instead of ten.
 */
export function mayVerify(counts: AttemptCounts, limits: LoginLimits): boolean {
  if (counts.user > limits.perUsername) return false;
  if (counts.address > limits.perAddress) return counts.user === 1;
  return true;
}

/** One sign-in attempt whose place in both counts is already taken. */
export interface LoginAttempt {
  /** False: answer 429 without looking at the password. */
  readonly mayVerify: boolean;
  /** The address is past its limit: a wrong password answers 429, as a refusal would. */
  readonly addressOverLimit: boolean;
  /** The password was right: the username's count is cleared and the address gets its place back. */
  succeeded(): Promise<void>;
  /** The password was wrong: the attempt stays counted. */
  failed(): Promise<void>;
}

/**
 * Sign-in attempts counted per username and per client address in fixed windows, in the
 * database so that every server process sees the same counts (DESIGN §1, §4).
 *
 * An attempt is counted before its password is checked, by one upsert that answers both counts,
 * so concurrent attempts each see a different count: a burst of any size checks at most the
 * limit. A successful attempt gives its place back; a failed one keeps it.
 */
export function createLoginRateLimit(db: Database, limits: LoginLimits) {
  const keysFor = (username: string, address: string) => ({
    user: `user:${username.trim().toLowerCase()}`,
    address: `addr:${address}`,
  });

  /** Closed windows no longer matter; dropping them keeps a spray of made-up names from piling up. */
  async function dropClosedWindows(now: number) {
    // SKIP LOCKED: rows another attempt is counting on are left for the next sweep, so the sweep
    // never waits on (or deadlocks with) a reservation.
    await db.execute(sql`
      delete from ${loginAttempts} where ${loginAttempts.key} in (
        select ${loginAttempts.key} from ${loginAttempts}
        where ${loginAttempts.windowStart} <= ${now - limits.windowMs}
        for update skip locked)`);
  }

  return {
    async reserve(username: string, address: string, now = Date.now()): Promise<LoginAttempt> {
      const keys = keysFor(username, address);
      const windowOpen = now - limits.windowMs;
      const closed = sql`${loginAttempts.windowStart} <= ${windowOpen}`;
      // Always the username's row first, then the address's: every reservation locks in the same
      // order, so concurrent ones queue instead of deadlocking.
      const rows = await db
        .insert(loginAttempts)
        .values([keys.user, keys.address].map((key) => ({ key, windowStart: now, failures: 1 })))
        .onConflictDoUpdate({
          target: loginAttempts.key,
          set: {
            failures: sql`case when ${closed} then 1 else ${loginAttempts.failures} + 1 end`,
            windowStart: sql`case when ${closed} then ${now} else ${loginAttempts.windowStart} end`,
          },
        })
        .returning({ key: loginAttempts.key, failures: loginAttempts.failures, windowStart: loginAttempts.windowStart });
      const row = (key: string) => {
        const found = rows.find((r) => r.key === key);
        if (!found) throw new Error(`login attempt reservation answered no row for ${key}`);
        return found;
      };
      const userRow = row(keys.user);
      const addressRow = row(keys.address);
      const counts = { user: userRow.failures, address: addressRow.failures };
      return {
        mayVerify: mayVerify(counts, limits),
        addressOverLimit: counts.address > limits.perAddress,
        async succeeded() {
          await db.delete(loginAttempts).where(eq(loginAttempts.key, keys.user));
          // Only from the window this attempt was counted in: a newer window never held it.
          await db
            .update(loginAttempts)
            .set({ failures: sql`greatest(${loginAttempts.failures} - 1, 0)` })
            .where(and(eq(loginAttempts.key, keys.address), eq(loginAttempts.windowStart, addressRow.windowStart)));
        },
        async failed() {
          await dropClosedWindows(now);
        },
      };
    },
  };
}

export type LoginRateLimit = ReturnType<typeof createLoginRateLimit>;
