import { getTableColumns, inArray } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Database } from '../db/client';
import { badRequest } from '../http/errors';

/**
 * Every id must name an existing record of `table`; otherwise 400 naming the field and the id.
 * For a table of archivable records, an archived one is refused too (it takes no new work), unless
 * the record being saved already held it (`alreadyHeld`): saving it back whole changes nothing.
 */
export async function requireIds(
  db: Database,
  table: PgTable,
  ids: readonly string[],
  field: string,
  what: string,
  alreadyHeld: ReadonlySet<string> = new Set(),
): Promise<void> {
  const wanted = [...new Set(ids)];
  if (wanted.length === 0) return;
  const columns = getTableColumns(table) as Record<string, PgColumn>;
  const idColumn = columns._id as PgColumn;
  const archivedColumn = columns.archivedAt;
  const found = await db
    .select({ _id: idColumn, ...(archivedColumn ? { archivedAt: archivedColumn, name: columns.name as PgColumn } : {}) })
    .from(table)
    .where(inArray(idColumn, wanted));
  const known = new Map(found.map((row) => [row._id as string, row as { archivedAt?: number | null; name?: string }]));
  const missing = wanted.find((id) => !known.has(id));
  if (missing) throw badRequest(field, `${field}: unknown ${what} ${missing}`);
  const archived = wanted.find((id) => !alreadyHeld.has(id) && (known.get(id)?.archivedAt ?? null) !== null);
  if (archived) throw badRequest(field, `${field}: the ${what} "${String(known.get(archived)?.name ?? archived)}" is archived (restore it first)`);
}
