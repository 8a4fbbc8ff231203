import { inArray } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { configEntries } from '../../db/schema';

export function createConfigRepository(db: Database) {
  return {
    /** Values of the given keys; a missing key is absent from the result. */
    async values<K extends string>(keys: readonly K[]): Promise<Partial<Record<K, string>>> {
      const rows = await db.select().from(configEntries).where(inArray(configEntries.key, [...keys]));
      return Object.fromEntries(rows.map((row) => [row.key, row.value])) as Partial<Record<K, string>>;
    },
  };
}
