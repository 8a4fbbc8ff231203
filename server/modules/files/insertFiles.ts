import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { files } from '../../db/schema';

type Executor = Pick<Database, 'execute'>;

export interface NewFileRow {
  _id: string;
  name: string;
  contentType: string;
  data: Uint8Array;
  uploadedBy: string;
  ownerType?: string | null;
  ownerId?: string | null;
  createdAt: number;
}

/**
 * Stores files with their bytes sent as base64 text that the database decodes. A Uint8Array
 * parameter costs about five times as long on the embedded database (PGlite encodes it byte by
 * byte): 550 ms instead of 100 ms for a 0.8 MB picture, measured. The same statement runs on
 * PostgreSQL.
 */
export async function insertFiles(db: Executor, rows: readonly NewFileRow[]): Promise<void> {
  for (const row of rows) {
    const base64 = Buffer.from(row.data.buffer, row.data.byteOffset, row.data.byteLength).toString('base64');
    await db.execute(sql`insert into ${files} (${sql.identifier(files._id.name)}, ${sql.identifier(files.name.name)}, ${sql.identifier(files.contentType.name)},
        ${sql.identifier(files.size.name)}, ${sql.identifier(files.data.name)}, ${sql.identifier(files.uploadedBy.name)}, ${sql.identifier(files.ownerType.name)},
        ${sql.identifier(files.ownerId.name)}, ${sql.identifier(files.createdAt.name)})
      values (${row._id}, ${row.name}, ${row.contentType}, ${row.data.byteLength}, decode(${base64}, 'base64'), ${row.uploadedBy}, ${row.ownerType ?? null}, ${row.ownerId ?? null}, ${row.createdAt})`);
  }
}
