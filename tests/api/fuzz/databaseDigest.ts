import { sql } from 'drizzle-orm';
import type { Database } from '../../../server/db/client';

/**
 * Tables a refused call may legitimately change: `login_attempts` counts failed sign-ins, which is
 * exactly what a refused POST /token/login must do (the rate limit of docs/decisions.md); `reading_refusals`
 * counts refused readings, what a refused POST /reading must do (DESIGN §17).
 */
const CHANGES_ON_REFUSAL = new Set(['login_attempts', 'reading_refusals']);

export type Digest = Record<string, string>;

/**
 * One statement answering, per table, its row count and the sum of a 64-bit hash of each row's
 * text: any insert, update or delete shows, whatever the physical order of the rows, and no sort
 * is needed (an md5 over sorted rows cost several times as much, once per refused write).
 */
export async function databaseDigester(db: Database): Promise<() => Promise<Digest>> {
  const result = (await db.execute(sql`select tablename from pg_tables where schemaname = current_schema() order by tablename`)) as unknown as {
    rows: { tablename: string }[];
  };
  const tables = result.rows.map((r) => r.tablename).filter((name) => !CHANGES_ON_REFUSAL.has(name));
  const quoted = (name: string) => `"${name.replace(/"/g, '""')}"`;
  const columns = tables.map(
    (name) => `(select count(*)::text || ':' || coalesce(sum(hashtextextended(t::text, 0)::numeric), 0)::text from ${quoted(name)} t) as ${quoted(name)}`,
  );
  const statement = sql.raw(`select ${columns.join(', ')}`);
  return async () => {
    const digest = (await db.execute(statement)) as unknown as { rows: Digest[] };
    return digest.rows[0] ?? {};
  };
}

export function changedTables(before: Digest, after: Digest): string[] {
  return Object.keys({ ...before, ...after }).filter((table) => before[table] !== after[table]);
}
