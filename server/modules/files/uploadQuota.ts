import { and, asc, eq, gt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { files } from '../../db/schema';

export const QUOTA_WINDOW_MS = 60 * 60 * 1000;
/** Advisory lock class of "one user's uploads" (the second key is the user's id hashed). */
const UPLOAD_LOCK_CLASS = 7_340_016;

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

export interface QuotaCheck {
  /** Bytes of the user's uploads within the last hour. */
  usedBytes: number;
  /** When enough of them have left the hour for `size` more bytes to fit (epoch ms); null when they fit now. */
  fitsAt: number | null;
}

/**
 * Issue 16 §6: how much `userId` uploaded in the rolling hour before `now` (from the files table:
 * uploaded_by, created_at, size), and when an upload of `size` bytes would fit under `quotaBytes`.
 * Run inside `withUserUploadLock` so two uploads of one user cannot both pass on the same room.
 */
export async function checkUploadQuota(tx: Transaction | Database, userId: string, size: number, quotaBytes: number, now: number): Promise<QuotaCheck> {
  const recent = await tx
    .select({ size: files.size, createdAt: files.createdAt })
    .from(files)
    .where(and(eq(files.uploadedBy, userId), gt(files.createdAt, now - QUOTA_WINDOW_MS)))
    .orderBy(asc(files.createdAt));
  const usedBytes = recent.reduce((sum, row) => sum + row.size, 0);
  if (usedBytes + size <= quotaBytes) return { usedBytes, fitsAt: null };
  // The oldest uploads leave the window first: find the one whose leaving makes room.
  let remaining = usedBytes;
  for (const row of recent) {
    remaining -= row.size;
    if (remaining + size <= quotaBytes) return { usedBytes, fitsAt: row.createdAt + QUOTA_WINDOW_MS };
  }
  // Larger than the whole quota on its own: it never fits (413 catches sizes above the file limit).
  return { usedBytes, fitsAt: Number.POSITIVE_INFINITY };
}

/** Runs fn in a transaction holding a lock on this user's uploads (PostgreSQL and PGlite alike). */
export function withUserUploadLock<T>(db: Database, userId: string, fn: (tx: Transaction) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${UPLOAD_LOCK_CLASS}, hashtext(${userId}))`);
    return fn(tx);
  });
}
