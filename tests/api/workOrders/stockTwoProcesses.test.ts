import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { sharedServices, twoProcesses } from '../helpers/sharedServices';
import { adminApi, ok, type Doc } from '../administration/adminApi';
import { reorderNotices, workOrderParts } from '../../../server/db/schema';
import { orderBody, workOrderWorld } from './workOrderFixture';

/**
 * DESIGN §18 on PostgreSQL with two processes, as behind a load balancer: parts used at once on
 * several orders through both never take a part's stock below zero, every unit taken is a use
 * recorded, and the reorder level's crossing raises one notice.
 */
const servers = await sharedServices('stock taken by two processes');

describe.skipIf(!servers)('two app instances sharing PostgreSQL', () => {
  const processes = twoProcesses(servers, { jobsEnabled: false });

  it('never take the stock below zero, and raise the reorder notice once', async () => {
    const t = processes.first;
    const api = adminApi(t);
    const world = await workOrderWorld(t, 'Sp2');
    // 9 in stock, reorder level 4; 24 uses of 1 on 3 orders, half through each process.
    const part = await api.create('sparePart', { partNumber: 'SP2-BRG', name: 'Sp2 bearing', quantityOnHand: 9, reorderLevel: 4, unitCost: 15 });
    const orders: Doc[] = [];
    for (let n = 0; n < 3; n++) orders.push(ok(await t.request({ as: 'engineer', method: 'POST', url: '/api/workOrder', payload: orderBody(world) })));
    const token = await t.login('technician', 'demo');
    const use = (n: number) => {
      const request = { method: 'POST' as const, url: `/api/workOrder/${orders[n % 3]!._id}/parts`, headers: { 'x-auth': token }, payload: { part: part._id, quantity: 1 } };
      return n % 2 === 0 ? t.app.inject(request) : processes.second.inject(request);
    };
    const answers = await Promise.all(Array.from({ length: 24 }, (_, n) => use(n)));
    const codes = answers.map((answer) => answer.statusCode);
    expect(codes.filter((code) => code === 200)).toHaveLength(9);
    expect(codes.filter((code) => code === 409)).toHaveLength(15);

    expect((await api.read('sparePart', part._id)).quantityOnHand).toBe(0);
    const uses = await t.app.services.db.select().from(workOrderParts).where(eq(workOrderParts.part, part._id));
    expect(uses.reduce((sum, row) => sum + row.quantity, 0)).toBe(9);
    const notices = await t.app.services.db.select().from(reorderNotices).where(eq(reorderNotices.part, part._id));
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatchObject({ quantityOnHand: 4, reorderLevel: 4 });
  });
});
