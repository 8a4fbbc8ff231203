import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../../server/db/client';
import { files } from '../../../server/db/schema';

const MB = 1_048_576;

const walSegments = (dataDir: string) => {
  const dir = path.join(dataDir, 'pg_wal');
  return readdirSync(dir)
    .filter((name) => /^[0-9A-F]{24}$/.test(name))
    .map((name) => ({ name, bytes: statSync(path.join(dir, name)).size }));
};

/** Issue 16 §6: the embedded database's write-ahead log grew by every byte written (1.44 GB in a session). */
describe('the embedded database (PGlite) on a DATA_DIR', () => {
  it('checkpoints as photos are written: the first log segments go and pg_wal stays within 80 MB', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'fo-wal-'));
    // The log is looked at every 100 ms here instead of every 10 s.
    const database = await openDatabase({ dataDir }, { walCheckIntervalMs: 100 });
    try {
      const first = walSegments(dataDir).map((segment) => segment.name);
      // 48 photos of 1 MB of random bytes (photos do not compress), made inside the database.
      for (let i = 0; i < 48; i++) {
        await database.db.execute(sql`
          insert into files (id, name, content_type, size, data, uploaded_by)
          select ${`wal-${i}`}, 'photo.jpg', 'image/jpeg', ${MB}, decode(string_agg(md5(random()::text), ''), 'hex'), 'wal-test'
          from generate_series(1, ${MB / 16})`);
      }
      // Without checkpoints every segment stays (48 MB of log and more); with them the early ones are
      // removed or recycled under later names, and at most max_wal_size (64 MB) plus the current one remain.
      await expect
        .poll(
          () => {
            const segments = walSegments(dataDir);
            return { firstStillThere: segments.some((segment) => first.includes(segment.name)), within80MB: segments.reduce((sum, s) => sum + s.bytes, 0) <= 80 * MB };
          },
          { timeout: 30_000, interval: 200 },
        )
        .toEqual({ firstStillThere: false, within80MB: true });
      const stored = await database.db.select({ count: sql<number>`count(*)::int` }).from(files).where(eq(files.uploadedBy, 'wal-test'));
      expect(stored).toEqual([{ count: 48 }]);
    } finally {
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});
