import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { serverSecrets } from '../db/schema';

const KEY = 'jwt-secret';

/** JWT_SECRET when set; otherwise one generated at first start and kept in the database (DESIGN §4). */
export async function resolveJwtSecret(db: Database, configured: string | null): Promise<string> {
  if (configured) return configured;
  // Insert-then-read, so two processes starting together agree on one secret.
  await db
    .insert(serverSecrets)
    .values({ key: KEY, value: randomBytes(48).toString('base64url') })
    .onConflictDoNothing();
  const [row] = await db.select().from(serverSecrets).where(eq(serverSecrets.key, KEY));
  if (!row) throw new Error('JWT secret could not be stored');
  return row.value;
}
