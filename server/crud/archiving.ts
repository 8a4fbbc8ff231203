import { sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Database } from '../db/client';
import type { Row, Transaction } from './crudTypes';

/**
 * Something that refers to a record and must keep reading the same after the record is "deleted"
 * (issue 16 §8): an inspection names its checklist, asset and attributes forever.
 */
export interface HistoryReference {
  /** Key of its count in GET /<entity>/:id/references; the web words it ('68 inspections'). */
  kind: string;
  table: PgTable;
  /** Its rows that refer to the record with this id. */
  refersTo: (id: string) => SQL;
}

/**
 * Archive instead of delete (docs/administration.md, "Archived records"): DELETE of a record that
 * any reference still names sets its archivedAt — hidden from lists and new work, still read by
 * id and by history, restorable — and only a record nothing refers to is really deleted.
 */
export interface Archiving {
  references: readonly HistoryReference[];
  /** Inside the transaction, before archiving: refuse with 409 naming what stands in the way. */
  beforeArchive?: (tx: Transaction, row: Row) => Promise<void>;
  /** Inside the restore transaction: refuse with 409 when the restored record would not work. */
  beforeRestore?: (tx: Transaction, row: Row) => Promise<void>;
}

export type ReferenceCounts = Record<string, number>;

/** How many rows of each reference name the record: one statement, one count per kind. */
export async function referenceCounts(db: Pick<Database, 'execute'>, archiving: Archiving, id: string): Promise<ReferenceCounts> {
  if (archiving.references.length === 0) return {};
  const columns = archiving.references.map(
    (reference, index) => sql`(select count(*)::int from ${reference.table} where ${reference.refersTo(id)}) as ${sql.identifier(`c${index}`)}`,
  );
  const result = (await db.execute(sql`select ${sql.join(columns, sql`, `)}`)) as unknown as { rows: Record<string, number>[] };
  const row = result.rows[0] ?? {};
  return Object.fromEntries(archiving.references.map((reference, index) => [reference.kind, Number(row[`c${index}`] ?? 0)]));
}

export const isReferenced = (counts: ReferenceCounts): boolean => Object.values(counts).some((n) => n > 0);
