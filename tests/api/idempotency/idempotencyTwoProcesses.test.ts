import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { sharedServices, twoProcesses } from '../helpers/sharedServices';
import { createFixture } from '../inspections/inspectionFixture';
import { alerts, inspections } from '../../../server/db/schema';

/**
 * DESIGN §13 across processes (DESIGN §1): the same queued inspection flushed by two tabs at once,
 * each reaching another app process on the same PostgreSQL. The key's claim decides: one
 * inspection is stored and both are answered alike (docs/offline.md).
 */
const servers = await sharedServices('Idempotency-Key claims across two processes');

describe.skipIf(!servers)('two app instances sharing PostgreSQL', () => {
  const processes = twoProcesses(servers, { jobsEnabled: false });

  it('store one inspection when both receive the same key at once, and answer both the same', async () => {
    const fx = await createFixture(processes.first);
    const token = await processes.first.login('technician');
    const db = processes.first.app.services.db;
    const stored = async (table: typeof inspections | typeof alerts) => {
      const [row] = await db.select({ n: count() }).from(table).where(eq(table.asset, fx.asset._id));
      return row?.n ?? 0;
    };

    for (let round = 0; round < 5; round += 1) {
      const key = randomUUID();
      const request = {
        method: 'POST' as const,
        url: `/api/inspection?assetId=${fx.asset._id}`,
        headers: { 'x-auth': token, 'idempotency-key': key },
        // 90 is at least 80: one alert.
        payload: { inspectionData: { [fx.checklist._id]: { [fx.attributes.number!._id]: 90 + round } } },
      };
      const [first, second] = await Promise.all([processes.first.app.inject(request), processes.second.inject(request)]);
      expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
      expect(first.json()).toEqual(second.json());
      // One of them was answered from the other's stored answer.
      expect([first.headers['idempotent-replayed'], second.headers['idempotent-replayed']].filter((h) => h === 'true')).toHaveLength(1);
      expect(await stored(inspections)).toBe(round + 1);
      expect(await stored(alerts)).toBe(round + 1);
    }
  });
});
