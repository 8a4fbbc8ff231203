import type { SQL } from 'drizzle-orm';
import type { PgDialect } from 'drizzle-orm/pg-core';
import type { Database } from './client';

/**
 * `db.execute(query)` as a named prepared statement: on PostgreSQL each pooled connection parses
 * and plans it once, then only binds its parameters — for a statement as large as a submit's write,
 * much of the server's work on each execution (issue 39 §8). A name must always stand for the same
 * text (node-postgres refuses another one under it). The embedded database runs it as any statement.
 */
export function executeNamed<T>(db: Database, name: string, query: SQL): Promise<T> {
  // Drizzle's own route for db.execute, with the name it leaves empty there.
  const dialect = (db as unknown as { dialect: PgDialect }).dialect;
  return db._.session.prepareQuery(dialect.sqlToQuery(query), undefined, name, false).execute() as Promise<T>;
}
