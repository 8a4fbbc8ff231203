import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { scripts } from '../db/schema';

/** A demo script whose code an earlier version seeded otherwise. */
export interface SupersededScript {
  /** The script's name, as the seed named it. */
  name: string;
  /** The code seeded now. */
  code: string;
  /** SHA-256 (hex) of each code an earlier version seeded. */
  earlierSha256: readonly string[];
}

export const sha256Hex = (text: string): string => createHash('sha256').update(text).digest('hex');

/**
 * Gives a demo database the current code of its demo scripts: a script whose code is still exactly
 * one an earlier version seeded gets the new code; one an administrator edited since is left as
 * they made it. The update names the code it replaces, so two processes starting at once write it once.
 */
export async function replaceSupersededScripts(db: Database, superseded: readonly SupersededScript[]): Promise<void> {
  for (const { name, code, earlierSha256 } of superseded) {
    const [row] = await db.select({ code: scripts.code }).from(scripts).where(eq(scripts.name, name));
    if (!row || !earlierSha256.includes(sha256Hex(row.code))) continue;
    await db.update(scripts).set({ code, updatedAt: Date.now() }).where(and(eq(scripts.name, name), eq(scripts.code, row.code)));
  }
}
