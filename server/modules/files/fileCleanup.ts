import { and, isNull, lt } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { files } from '../../db/schema';

/** An upload no inspection has used this long after it arrived is deleted (issue 16 §6). */
export const UNUSED_FILE_TTL_MS = 24 * 60 * 60 * 1000;

/** Deletes the uploads never attached to a record that are older than the TTL at `now`. */
export async function deleteUnusedFiles(db: Database, now: number): Promise<{ deletedFiles: number; freedBytes: number }> {
  const deleted = await db
    .delete(files)
    .where(and(isNull(files.ownerType), lt(files.createdAt, now - UNUSED_FILE_TTL_MS)))
    .returning({ size: files.size });
  return { deletedFiles: deleted.length, freedBytes: deleted.reduce((sum, row) => sum + row.size, 0) };
}

