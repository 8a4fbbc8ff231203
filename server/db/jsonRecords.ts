import { getTableColumns, getTableName, sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Database } from './client';

/** A transaction or the database itself: both run `execute`. */
type Executor = Pick<Database, 'execute'>;

const ROWS_PER_STATEMENT = 2000;

/**
 * `insert into <table> (...) select ... from json_populate_recordset(...)`: many rows as one JSON
 * parameter instead of one bound parameter per value. Drizzle's builder spends most of a large
 * insert assembling parameters, and on PGlite every statement costs about a millisecond however
 * small, so a submit or a seed sends as few statements as it can. Row keys are the table's Drizzle
 * keys; every row must have the same keys (columns left out get their defaults).
 */
export function jsonInsert<T extends PgTable>(table: T, rows: readonly T['$inferInsert'][], keysFrom: T['$inferInsert'] | undefined = rows[0]): SQL | null {
  if (!keysFrom) return null;
  const columns = getTableColumns(table);
  const keys = Object.keys(keysFrom).filter((key) => key in columns);
  const names = keys.map((key) => (columns[key] as { name: string }).name);
  const list = sql.join(
    names.map((name) => sql.identifier(name)),
    sql`, `,
  );
  const tableName = sql.identifier(getTableName(table));
  const json = JSON.stringify(rows.map((row) => Object.fromEntries(keys.map((key, k) => [names[k], (row as Record<string, unknown>)[key] ?? null]))));
  return sql`insert into ${tableName} (${list}) select ${list} from json_populate_recordset(null::${tableName}, ${json}::json)`;
}

export async function bulkInsert<T extends PgTable>(db: Executor, table: T, rows: readonly T['$inferInsert'][]): Promise<void> {
  for (let i = 0; i < rows.length; i += ROWS_PER_STATEMENT) {
    const statement = jsonInsert(table, rows.slice(i, i + ROWS_PER_STATEMENT));
    if (statement) await db.execute(statement);
  }
}
