import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { workOrders } from '../../../server/db/schema';
import type { WorkOrder } from '../../../common/resources/workOrder';
import { createTestApp, type TestApp } from '../helpers/testApp';
import { adminApi, ok, type Doc } from '../administration/adminApi';
import { saveConfig } from '../calendar/calendarFixture';
import { eventually, listening, socketsOf } from '../workOrders/pushSockets';

/**
 * Meter-based maintenance (issue 44 §4, DESIGN §17, docs/monitoring.md "Service by meter"): a counter
 * point serviced every 500 h opens one work order per crossing of a multiple — not for its baseline,
 * not again for a duplicate, a late reading or concurrent gateways — assigned as workOrder.autoCreate
 * assigns work without an inspector (the demo rule: fallbackAssignee 'engineer').
 */
let t: TestApp;
let sockets: ReturnType<typeof socketsOf>;
let assetId: string;
let pointId: string;
let token: string;
let engineerId: string;
const HOUR = 3_600_000;
const START = Date.now() - 10 * 24 * HOUR;
const hoursIn = (hours: number) => START + hours * HOUR;

const send = (readings: [hours: number, value: number][]) =>
  t.app.inject({
    method: 'POST',
    url: '/api/reading',
    headers: { 'x-device-key': token },
    payload: { readings: readings.map(([hours, value]) => ({ asset: 'MS-GEN', point: 'run_hours', value, ts: hoursIn(hours) })) },
  });

/** An order as GET /workOrder/:id answers it (common/resources/workOrder.ts). */
type Order = WorkOrder;

async function serviceOrders(): Promise<Order[]> {
  const rows = await t.app.services.db.select({ _id: workOrders._id }).from(workOrders).where(eq(workOrders.asset, assetId)).orderBy(workOrders.startTimestamp);
  return Promise.all(rows.map(async ({ _id }) => ok<Order>(await t.request({ as: 'admin', method: 'GET', url: `/api/workOrder/${_id}` }))));
}

async function crossings(): Promise<{ cycle: number; at: number; work_order_id: string | null }[]> {
  const { rows } = (await t.app.services.db.execute(sql`select cycle, at, work_order_id from meter_crossings where point_id = ${pointId} order by cycle, at`)) as unknown as {
    rows: { cycle: number; at: number; work_order_id: string | null }[];
  };
  return rows.map((row) => ({ cycle: Number(row.cycle), at: Number(row.at), work_order_id: row.work_order_id }));
}

beforeAll(async () => {
  t = await createTestApp({ jobsEnabled: false });
  sockets = socketsOf(await listening(t), t);
  const admin = adminApi(t);
  assetId = (await admin.create('asset', { name: 'Standby generator', identification: 'MS-GEN' }))._id;
  const point = await t.request({
    as: 'admin', method: 'POST', url: '/api/measurementPoint',
    payload: { asset: assetId, name: 'Engine run hours', key: 'run_hours', unit: 'h', kind: 'counter', serviceEvery: 500, serviceTask: 'Oil and filter change' },
  });
  pointId = ok<Doc>(point)._id;
  const key = ok<Doc>(await t.request({ as: 'admin', method: 'POST', url: '/api/deviceKey', payload: { name: 'Generator PLC', site: 'plant9', assets: [assetId] } }));
  token = ok<{ key: string }>(await t.request({ as: 'admin', method: 'POST', url: `/api/deviceKey/${key._id}/secret`, payload: {} })).key;
  const users = ok<Doc[]>(await t.request({ as: 'admin', method: 'GET', url: '/api/user' }));
  engineerId = users.find((user) => user.username === 'engineer')!._id;
});
afterEach(() => sockets.closeAll());
afterAll(() => t?.close());

describe('a counter serviced every 500 h', () => {
  it('takes its first reading as the baseline and opens one order when it passes 500, pushed to its assignee', async () => {
    const engineer = await sockets.connect('engineer');
    ok(await send([[0, 480], [1, 495]]));
    expect(await serviceOrders()).toEqual([]);
    ok(await send([[2, 502], [3, 503]]));
    const [order, ...more] = await serviceOrders();
    expect(more).toEqual([]);
    expect(order).toMatchObject({
      title: 'Service at 500 h: Standby generator — Oil and filter change',
      status: 'Open',
      priority: 'Medium',
      asset: assetId,
      assignedTo: engineerId,
      startTimestamp: hoursIn(2),
      endTimestamp: hoursIn(2) + 24 * HOUR,
      alert: null,
    });
    expect(order!.description).toContain('Engine run hours read 502 h');
    expect(order!.description).toContain('a service every 500 h');
    expect(await crossings()).toEqual([{ cycle: 0, at: 500, work_order_id: order!._id }]);
    const pushed = await eventually(engineer, (e) => e.event === 'new-work-order');
    expect(pushed.payload).toMatchObject({ _id: order!._id });
  });

  it('opens nothing again for a duplicate, a late reading or a reading within the interval', async () => {
    ok(await send([[2, 502]]));
    ok(await send([[1.5, 499], [2.5, 500.5]]));
    ok(await send([[4, 760], [5, 999]]));
    expect(await serviceOrders()).toHaveLength(1);
  });

  it('opens exactly one order for a crossing that concurrent gateways deliver many times over', async () => {
    const batch: [number, number][] = [[6, 999.5], [7, 1_004], [8, 1_010]];
    const answers = await Promise.all(Array.from({ length: 12 }, () => send(batch)));
    for (const answer of answers) expect(answer.statusCode).toBe(200);
    const orders = await serviceOrders();
    expect(orders.map((order) => order.title)).toEqual([
      'Service at 500 h: Standby generator — Oil and filter change',
      'Service at 1000 h: Standby generator — Oil and filter change',
    ]);
    expect(orders[1]!.startTimestamp).toBe(hoursIn(7));
    // A value typed low, then the counter on: 1,000 h is not passed a second time.
    ok(await send([[8.5, 996]]));
    ok(await send([[8.7, 1_012]]));
    expect(await serviceOrders()).toHaveLength(2);
  });

  it('opens one order at the highest multiple when one reading passes several, and again after the counter restarts', async () => {
    ok(await send([[9, 2_600]]));
    ok(await send([[10, 4], [11, 499], [12, 501]]));
    expect((await serviceOrders()).map((order) => order.title.split(':')[0])).toEqual(['Service at 500 h', 'Service at 1000 h', 'Service at 2500 h', 'Service at 500 h']);
    expect((await crossings()).map(({ cycle, at }) => [cycle, at])).toEqual([[0, 500], [0, 1_000], [0, 2_500], [1, 500]]);
  });

  it('records a crossing nobody can be given without an order, and opens none for it later', async () => {
    // A user without update-workorder cannot hold orders.
    await adminApi(t).create('user', { username: 'ms.viewer', name: 'Ms Viewer' });
    ok(await saveConfig(t, 'workOrder.autoCreate', { levels: ['critical'], assignTo: 'inspector', fallbackAssignee: 'ms.viewer' }));
    try {
      ok(await send([[13, 1_002]]));
      expect(await serviceOrders()).toHaveLength(4);
      expect((await crossings()).at(-1)).toEqual({ cycle: 1, at: 1_000, work_order_id: null });
    } finally {
      ok(await saveConfig(t, 'workOrder.autoCreate', { levels: ['critical'], assignTo: 'inspector', fallbackAssignee: 'engineer', dueHours: 24 }));
    }
    ok(await send([[14, 1_003]]));
    expect(await serviceOrders()).toHaveLength(4);
  });

  it("shows on the asset's points when it is next due and its last crossing", async () => {
    const [point] = ok<Doc[]>(await t.request({ as: 'engineer', method: 'GET', url: `/api/measurementPoint/latest?asset=${assetId}` }));
    expect(point).toMatchObject({ lastValue: 1_003, service: { every: 500, task: 'Oil and filter change', next: 1_500, last: { at: 1_000, readingTs: hoursIn(13), workOrder: null } } });
  });
});

describe('the service setting', () => {
  it('is refused on a gauge, naming the field, and on a value not above 0', async () => {
    const gauge = await t.request({ as: 'admin', method: 'POST', url: '/api/measurementPoint', payload: { asset: assetId, name: 'Oil temperature', key: 'oil_temp', kind: 'gauge', serviceEvery: 500 } });
    expect(gauge.statusCode).toBe(400);
    expect(gauge.json().errors).toHaveProperty('serviceEvery');
    const zero = await t.request({ as: 'admin', method: 'POST', url: '/api/measurementPoint', payload: { asset: assetId, name: 'Starts', key: 'starts', kind: 'counter', serviceEvery: 0 } });
    expect(zero.statusCode).toBe(400);
    expect(zero.json().errors).toHaveProperty('serviceEvery');
  });
});
