import { getTableColumns, inArray } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Database } from '../db/client';
import { badRequest } from '../http/errors';

/** Every id must name an existing record of `table`; otherwise 400 naming the field and the id. */
export async function requireIds(db: Database, table: PgTable, ids: readonly string[], field: string, what: string): Promise<void> {
  const wanted = [...new Set(ids)];
  if (wanted.length === 0) return;
  const idColumn = (getTableColumns(table) as Record<string, PgColumn>)._id as PgColumn;
  const found = await db.select({ _id: idColumn }).from(table).where(inArray(idColumn, wanted));
  const known = new Set(found.map((row) => row._id as string));
  const missing = wanted.find((id) => !known.has(id));
  if (missing) throw badRequest(field, `${field}: unknown ${what} ${missing}`);
}
