import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../helpers/testApp';
import { adminApi, ok, userHolding, type Doc } from '../administration/adminApi';
import { inspections, reorderNotices } from '../../../server/db/schema';
import { createFixture } from '../inspections/inspectionFixture';
import { multipartBody } from '../helpers/uploads';
import { pngOf } from '../helpers/imageBytes';
import { calls, createOrder, orderBody, refusedWith, workOrderWorld, type WorkOrderWorld } from './workOrderFixture';

/**
 * DESIGN §18 work accounting on an order (docs/work-orders.md "Work accounting"): the order's
 * type, estimate and downtime, who completed it, labour entries and timers at the person's rate,
 * parts taken from stock at their unit cost, the reorder notice once per crossing, and the costs —
 * every figure below worked out by hand.
 */
let t: TestApp;
let world: WorkOrderWorld;
let api: ReturnType<typeof calls>;
let admin: ReturnType<typeof adminApi>;
/** A technician of this file, paid 42.50 an hour, and a second one who is given nothing. */
let fitter: { _id: string; token: string };
let other: Who;

const HOUR = 3_600_000;
const MINUTE = 60_000;
/** A morning some days back: work recorded is in the past. */
const MORNING = Date.UTC(2026, 10, 2, 9, 0);

/** A demo user by username, or a user of this file by token. */
type Who = string | { token: string };
const send = (who: Who, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
  t.request({
    ...(typeof who === 'string' ? { as: who } : { headers: { 'x-auth': who.token } }),
    method,
    url: `/api${url}`,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

beforeAll(async () => {
  t = await createTestApp({ jobsEnabled: false, logLevel: 'error' });
  world = await workOrderWorld(t, 'Wa');
  api = calls(t);
  admin = adminApi(t);
  const token = await userHolding(t, 'wa-fitter', ['read-workorder', 'update-workorder']);
  const [user] = (await admin.list('user', { filter: { q: 'wa-fitter' } })) as Doc[];
  ok(await admin.put(`/user/updateByUserAdministration/${user!._id}`, { hourlyRate: 42.5 }));
  fitter = { _id: user!._id, token };
  other = { token: await userHolding(t, 'wa-other', ['read-workorder', 'update-workorder']) };
});
afterAll(() => t?.close());

const fitterOrder = (overrides: Record<string, unknown> = {}) => createOrder(world, { assignedTo: fitter._id, ...overrides });

describe('the order’s own accounting fields', () => {
  it('a new order is corrective with no estimate, downtime, procedure or completion', async () => {
    const order = await fitterOrder();
    expect(order).toMatchObject({
      type: 'corrective', estimatedHours: null, downtimeStart: null, downtimeEnd: null, procedure: null,
      completedBy: null, completedByName: null, completedAt: null, labour: [], parts: [], procedureInspection: null,
      costs: { labourHours: 0, labourCost: 0, partsCost: 0, total: 0, unratedEntries: 0 },
    });
  });

  it('takes a type, an estimate and the downtime, and keeps them when a PUT leaves them out', async () => {
    const order = await fitterOrder({ type: 'preventive', estimatedHours: 3.5, downtimeStart: MORNING, downtimeEnd: MORNING + 2 * HOUR });
    expect(order).toMatchObject({ type: 'preventive', estimatedHours: 3.5, downtimeStart: MORNING, downtimeEnd: MORNING + 2 * HOUR });
    const { type: _t, estimatedHours: _e, downtimeStart: _s, downtimeEnd: _d, ...rest } = order;
    const saved = ok<Doc>(await api.update(order._id, { ...rest, title: 'Renamed' }));
    expect(saved).toMatchObject({ title: 'Renamed', type: 'preventive', estimatedHours: 3.5, downtimeStart: MORNING, downtimeEnd: MORNING + 2 * HOUR });
  });

  it.each([
    ['type', { type: 'urgent' }, 'type must be one of corrective, preventive, condition-based, inspection-follow-up'],
    ['estimatedHours', { estimatedHours: 0 }, /estimatedHours must be a number of hours above 0/],
    ['estimatedHours', { estimatedHours: '2' }, /estimatedHours must be a number/],
    ['downtimeStart', { downtimeEnd: MORNING }, 'downtimeStart: Asset stopped is required when Running again is set'],
    ['downtimeEnd', { downtimeStart: MORNING, downtimeEnd: MORNING - MINUTE }, 'downtimeEnd: Running again must not be before Asset stopped'],
    ['downtimeStart', { downtimeStart: Date.now() + 2 * HOUR }, 'downtimeStart: Asset stopped must not be in the future'],
    ['procedure', { procedure: 'no-such-checklist' }, 'procedure: no checklist has the id no-such-checklist'],
  ])('refuses a bad %s with a 400 naming it, storing nothing', async (field, fields, message) => {
    const before = ok<Doc[]>(await api.list()).length;
    refusedWith(await api.create(orderBody(world, { assignedTo: fitter._id, ...fields })), 400, field, message);
    expect(ok<Doc[]>(await api.list())).toHaveLength(before);
  });

  it('the assignee may record the downtime with the status, not change the type or the estimate (403)', async () => {
    const order = await fitterOrder({ estimatedHours: 2 });
    const asRead = ok<Doc>(await send(fitter, 'GET', `/workOrder/${order._id}`));
    const saved = ok<Doc>(await send(fitter, 'PUT', `/workOrder/${order._id}`, { ...asRead, status: 'In Progress', downtimeStart: MORNING }));
    expect(saved).toMatchObject({ status: 'In Progress', downtimeStart: MORNING, downtimeEnd: null });
    const typed = await send(fitter, 'PUT', `/workOrder/${order._id}`, { ...saved, type: 'preventive' });
    expect(typed.statusCode).toBe(403);
    expect(typed.json().message).toContain('type');
    const estimated = await send(fitter, 'PUT', `/workOrder/${order._id}`, { ...saved, estimatedHours: 9 });
    expect(estimated.statusCode).toBe(403);
    expect(ok<Doc>(await api.read(order._id))).toMatchObject({ type: 'corrective', estimatedHours: 2 });
  });

  it('completing records who completed it and when, once', async () => {
    const order = await fitterOrder();
    const before = Date.now();
    const asRead = ok<Doc>(await send(fitter, 'GET', `/workOrder/${order._id}`));
    const done = ok<Doc>(await send(fitter, 'PUT', `/workOrder/${order._id}`, { ...asRead, status: 'Completed' }));
    expect(done).toMatchObject({ status: 'Completed', completedBy: fitter._id, completedByName: 'wa-fitter' });
    expect(done.completedAt).toBeGreaterThanOrEqual(before);
    // An engineer correcting the title later does not make them the one who completed it.
    const corrected = ok<Doc>(await api.update(order._id, { ...done, title: 'Corrected title' }));
    expect(corrected).toMatchObject({ completedBy: fitter._id, completedAt: done.completedAt });
  });

  it('an order created as Completed is completed by its creator', async () => {
    const order = await fitterOrder({ status: 'Completed' });
    expect(order.completedBy).toBe(world.users.engineer);
  });

  it('the list filters by type', async () => {
    const planned = await fitterOrder({ type: 'condition-based', title: 'Wa condition-based one' });
    const rows = ok<Doc[]>(await api.list(`?filters=${encodeURIComponent(JSON.stringify({ type: 'condition-based' }))}`));
    expect(rows.map((row) => row._id)).toContain(planned._id);
    expect(rows.every((row) => row.type === 'condition-based')).toBe(true);
  });
});

describe('labour', () => {
  it('an entry from start to end costs its hours at the person’s rate (2 h 30 min × 42.50 = 106.25)', async () => {
    const order = await fitterOrder();
    const saved = ok<Doc>(await send(fitter, 'POST', `/workOrder/${order._id}/labour`, { startedAt: MORNING, endedAt: MORNING + 150 * MINUTE, note: ' Replaced the seal ' }));
    expect(saved.labour).toEqual([
      expect.objectContaining({ user: fitter._id, userName: 'wa-fitter', startedAt: MORNING, endedAt: MORNING + 150 * MINUTE, hours: 2.5, hourlyRate: 42.5, cost: 106.25, note: 'Replaced the seal' }),
    ]);
    expect(saved.costs).toEqual({ labourHours: 2.5, labourCost: 106.25, partsCost: 0, total: 106.25, unratedEntries: 0 });
  });

  it('an entry given as hours ends that long after its start (0.75 h × 42.50 = 31.88)', async () => {
    const order = await fitterOrder();
    const saved = ok<Doc>(await send(fitter, 'POST', `/workOrder/${order._id}/labour`, { startedAt: MORNING, hours: 0.75 }));
    expect(saved.labour[0]).toMatchObject({ endedAt: MORNING + 45 * MINUTE, hours: 0.75, cost: 31.88 });
  });

  it('a timer runs until stopped; one per person and order; stopping none is 409', async () => {
    const order = await fitterOrder();
    const url = `/workOrder/${order._id}/labour`;
    const started = ok<Doc>(await send(fitter, 'POST', url, { startedAt: MORNING }));
    expect(started.labour).toEqual([expect.objectContaining({ startedAt: MORNING, endedAt: null, hours: null, cost: null })]);
    expect(started.costs.labourHours).toBe(0);
    refusedWith(await send(fitter, 'POST', url, { startedAt: MORNING + MINUTE }), 409, 'startedAt');
    const stopped = ok<Doc>(await send(fitter, 'POST', `${url}/stop`, { endedAt: MORNING + 90 * MINUTE }));
    expect(stopped.labour).toEqual([expect.objectContaining({ startedAt: MORNING, endedAt: MORNING + 90 * MINUTE, hours: 1.5, cost: 63.75 })]);
    refusedWith(await send(fitter, 'POST', `${url}/stop`, {}), 409, 'endedAt');
  });

  it('completing the order stops a timer still running', async () => {
    const order = await fitterOrder();
    const startedAt = Date.now() - 30 * MINUTE;
    ok(await send(fitter, 'POST', `/workOrder/${order._id}/labour`, { startedAt }));
    const asRead = ok<Doc>(await send(fitter, 'GET', `/workOrder/${order._id}`));
    const done = ok<Doc>(await send(fitter, 'PUT', `/workOrder/${order._id}`, { ...asRead, status: 'Completed' }));
    expect(done.labour[0].endedAt).toBe(done.completedAt);
  });

  it.each([
    ['startedAt', {}, 'startedAt is required'],
    ['startedAt', { startedAt: '09:00' }, 'startedAt must be a time in epoch milliseconds'],
    ['endedAt', { startedAt: MORNING, endedAt: MORNING }, 'endedAt: the work must end after it started'],
    ['hours', { startedAt: MORNING, hours: -1 }, 'hours must be a number above 0'],
    ['hours', { startedAt: MORNING, endedAt: MORNING + HOUR, hours: 1 }, 'hours: give either endedAt or hours, not both'],
    ['hours', { startedAt: MORNING, hours: 400 }, /one entry lasts at most 336 hours/],
    ['startedAt', { startedAt: Date.now() + HOUR }, 'startedAt: Started must not be in the future'],
    ['minutes', { startedAt: MORNING, minutes: 5 }, 'minutes is not allowed'],
  ])('refuses a bad %s with a 400 naming it', async (field, body, message) => {
    const order = await fitterOrder();
    refusedWith(await send(fitter, 'POST', `/workOrder/${order._id}/labour`, body), 400, field, message);
    expect(ok<Doc>(await api.read(order._id)).labour).toEqual([]);
  });

  it('only manage-workorder records someone else’s work; another technician cannot touch the order', async () => {
    const order = await fitterOrder();
    expect((await send(fitter, 'POST', `/workOrder/${order._id}/labour`, { user: world.users.technician, startedAt: MORNING, hours: 1 })).statusCode).toBe(403);
    expect((await send(other, 'POST', `/workOrder/${order._id}/labour`, { startedAt: MORNING, hours: 1 })).statusCode).toBe(403);
    // The engineer records the fitter's hour: at the fitter's rate.
    const saved = ok<Doc>(await send('engineer', 'POST', `/workOrder/${order._id}/labour`, { user: fitter._id, startedAt: MORNING, hours: 1 }));
    expect(saved.labour[0]).toMatchObject({ user: fitter._id, hourlyRate: 42.5, cost: 42.5 });
  });

  it('an entry keeps the rate it was recorded at; someone without a rate counts hours, not cost', async () => {
    const token = { token: await userHolding(t, 'wa-rated', ['read-workorder', 'update-workorder']) };
    const [user] = (await admin.list('user', { filter: { q: 'wa-rated' } })) as Doc[];
    ok(await admin.put(`/user/updateByUserAdministration/${user!._id}`, { hourlyRate: 30 }));
    const order = await createOrder(world, { assignedTo: user!._id });
    ok(await send(token, 'POST', `/workOrder/${order._id}/labour`, { startedAt: MORNING, hours: 2 }));
    ok(await admin.put(`/user/updateByUserAdministration/${user!._id}`, { hourlyRate: 50 }));
    ok(await send(token, 'POST', `/workOrder/${order._id}/labour`, { startedAt: MORNING + 3 * HOUR, hours: 1 }));
    ok(await admin.put(`/user/updateByUserAdministration/${user!._id}`, { hourlyRate: null }));
    const saved = ok<Doc>(await send(token, 'POST', `/workOrder/${order._id}/labour`, { startedAt: MORNING + 5 * HOUR, hours: 1 }));
    expect(saved.labour.map((entry: Doc) => entry.cost)).toEqual([60, 50, null]);
    // 2 h × 30 + 1 h × 50; the third hour counts without a cost.
    expect(saved.costs).toEqual({ labourHours: 4, labourCost: 110, partsCost: 0, total: 110, unratedEntries: 1 });
  });

  it('an entry is removed by its person or an engineer, not by someone else; a Completed order takes no labour (409)', async () => {
    const order = await fitterOrder();
    const saved = ok<Doc>(await send('engineer', 'POST', `/workOrder/${order._id}/labour`, { user: world.users.technician, startedAt: MORNING, hours: 1 }));
    const engineersEntry = saved.labour[0]._id as string;
    expect((await send(fitter, 'DELETE', `/workOrder/${order._id}/labour/${engineersEntry}`)).statusCode).toBe(403);
    const own = ok<Doc>(await send(fitter, 'POST', `/workOrder/${order._id}/labour`, { startedAt: MORNING, hours: 2 }));
    const ownEntry = (own.labour as Doc[]).find((entry) => entry.user === fitter._id)!._id;
    expect(ok<Doc>(await send(fitter, 'DELETE', `/workOrder/${order._id}/labour/${ownEntry}`)).labour).toHaveLength(1);
    expect((await send(fitter, 'DELETE', `/workOrder/${order._id}/labour/${ownEntry}`)).statusCode).toBe(404);
    const asRead = ok<Doc>(await api.read(order._id));
    ok(await api.update(order._id, { ...asRead, status: 'Completed' }));
    refusedWith(await send(fitter, 'POST', `/workOrder/${order._id}/labour`, { startedAt: MORNING, hours: 1 }), 409, 'status');
    refusedWith(await send('engineer', 'DELETE', `/workOrder/${order._id}/labour/${engineersEntry}`), 409, 'status');
  });

  it('an order with labour recorded is not deleted (409); without, it is', async () => {
    const order = await fitterOrder();
    ok(await send(fitter, 'POST', `/workOrder/${order._id}/labour`, { startedAt: MORNING, hours: 1 }));
    refusedWith(await api.remove(order._id), 409, 'labour');
    expect(ok<Doc>(await api.read(order._id))._id).toBe(order._id);
  });
});

describe('parts', () => {
  let partSeq = 0;
  const part = (fields: Record<string, unknown>) => {
    partSeq += 1;
    return admin.create('sparePart', { partNumber: `WA-${partSeq}`, name: `Wa seal ${partSeq}`, ...fields });
  };
  const stock = async (id: string) => (await admin.read('sparePart', id)).quantityOnHand as number | null;
  const notices = (partId: string) => t.app.services.db.select().from(reorderNotices).where(eq(reorderNotices.part, partId));
  const use = (orderId: string, partId: string, quantity: number, as: Who = fitter) => send(as, 'POST', `/workOrder/${orderId}/parts`, { part: partId, quantity });

  it('a use takes the quantity from stock at the part’s unit cost (2 × 12.40 = 24.80); too many is 409 naming quantity, changing nothing', async () => {
    const seal = await part({ quantityOnHand: 5, reorderLevel: 1, unitCost: 12.4 });
    const order = await fitterOrder();
    const saved = ok<Doc>(await use(order._id, seal._id, 2));
    expect(saved.parts).toEqual([expect.objectContaining({ part: seal._id, partNumber: seal.partNumber, partName: seal.name, quantity: 2, unitCost: 12.4, cost: 24.8, usedBy: fitter._id })]);
    expect(saved.costs).toMatchObject({ partsCost: 24.8, total: 24.8 });
    expect(await stock(seal._id)).toBe(3);
    refusedWith(await use(order._id, seal._id, 4), 409, 'quantity', `quantity: only 3 of ${seal.name} in stock`);
    expect(await stock(seal._id)).toBe(3);
    expect(ok<Doc>(await api.read(order._id)).parts).toHaveLength(1);
  });

  it('a later change of the part’s unit cost does not change what was used', async () => {
    const seal = await part({ quantityOnHand: 5, unitCost: 10 });
    const order = await fitterOrder();
    ok(await use(order._id, seal._id, 1));
    ok(await admin.put(`/sparePart/${seal._id}`, { ...seal, unitCost: 99 }));
    expect(ok<Doc>(await api.read(order._id)).parts[0]).toMatchObject({ unitCost: 10, cost: 10 });
  });

  it('labour and parts add up on the order: 106.25 + 31.88 labour, 24.80 parts = 162.93', async () => {
    const seal = await part({ quantityOnHand: 10, unitCost: 12.4 });
    const order = await fitterOrder();
    ok(await send(fitter, 'POST', `/workOrder/${order._id}/labour`, { startedAt: MORNING, endedAt: MORNING + 150 * MINUTE }));
    ok(await send(fitter, 'POST', `/workOrder/${order._id}/labour`, { startedAt: MORNING + 3 * HOUR, hours: 0.75 }));
    const saved = ok<Doc>(await use(order._id, seal._id, 2));
    expect(saved.costs).toEqual({ labourHours: 3.25, labourCost: 138.13, partsCost: 24.8, total: 162.93, unratedEntries: 0 });
  });

  it('raises the reorder notice once per crossing of the level, again after the stock rose above it', async () => {
    // Stock 5, reorder level 2: 5 → 3 (above), 3 → 2 (crossed: notice), 2 → 1 (still under: none).
    const filter = await part({ quantityOnHand: 5, reorderLevel: 2, unitCost: 3 });
    const order = await fitterOrder();
    ok(await use(order._id, filter._id, 2));
    expect(await notices(filter._id)).toHaveLength(0);
    ok(await use(order._id, filter._id, 1));
    const [first] = await notices(filter._id);
    expect(first).toMatchObject({ quantityOnHand: 2, reorderLevel: 2, workOrder: order._id, raisedBy: fitter._id });
    const saved = ok<Doc>(await use(order._id, filter._id, 1));
    expect(await notices(filter._id)).toHaveLength(1);
    // Two uses of one go back to stock (1 → 2 → 3: above the level again), then 3 → 1 crosses again: a second notice.
    const [, second, third] = saved.parts as Doc[];
    ok(await send(fitter, 'DELETE', `/workOrder/${order._id}/parts/${third!._id}`));
    ok(await send(fitter, 'DELETE', `/workOrder/${order._id}/parts/${second!._id}`));
    expect(await stock(filter._id)).toBe(3);
    ok(await use(order._id, filter._id, 2));
    expect(await notices(filter._id)).toHaveLength(2);
  });

  it('a part whose stock is not counted is used without stock or notice', async () => {
    const grease = await part({ unitCost: 4.5 });
    const order = await fitterOrder();
    expect(ok<Doc>(await use(order._id, grease._id, 3)).costs.partsCost).toBe(13.5);
    expect(await stock(grease._id)).toBeNull();
  });

  it('uses at once never take the stock below zero: of 12 asking for one of 5, five are recorded', async () => {
    const bearing = await part({ quantityOnHand: 5, reorderLevel: 2, unitCost: 20 });
    const order = await fitterOrder();
    const answers = await Promise.all(Array.from({ length: 12 }, () => use(order._id, bearing._id, 1)));
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(5);
    expect(answers.filter((answer) => answer.statusCode === 409)).toHaveLength(7);
    expect(await stock(bearing._id)).toBe(0);
    expect(ok<Doc>(await api.read(order._id)).parts).toHaveLength(5);
    expect(await notices(bearing._id)).toHaveLength(1);
  });

  it.each([
    ['part', { part: null, quantity: 1 }, 'part must be the id of a spare part'],
    ['part', { part: 'no-such-part', quantity: 1 }, 'part: no spare part has the id no-such-part'],
    ['quantity', { quantity: 0 }, /quantity must be a whole number from 1/],
    ['quantity', { quantity: 1.5 }, /quantity must be a whole number from 1/],
    ['bin', { quantity: 1, bin: 'A' }, 'bin is not allowed'],
  ])('refuses a bad %s with a 400 naming it', async (field, body, message) => {
    const seal = await part({ quantityOnHand: 3 });
    const order = await fitterOrder();
    refusedWith(await send(fitter, 'POST', `/workOrder/${order._id}/parts`, { part: seal._id, ...body }), 400, field, message);
    expect(await stock(seal._id)).toBe(3);
  });

  it('another technician cannot use parts on the order; an order with parts is not deleted', async () => {
    const seal = await part({ quantityOnHand: 3 });
    const order = await fitterOrder();
    expect((await use(order._id, seal._id, 1, other)).statusCode).toBe(403);
    expect(await stock(seal._id)).toBe(3);
    ok(await use(order._id, seal._id, 1));
    refusedWith(await api.remove(order._id), 409, 'labour');
  });

  it('the picker finds parts by number or name, a scanned number first, for the technician', async () => {
    await part({ partNumber: 'WA-PICK-10', name: 'Wa pick belt' });
    await part({ partNumber: 'WA-PICK-1', name: 'Wa pick gasket' });
    const found = ok<Doc[]>(await send(fitter, 'GET', '/workOrder/parts?search=WA-PICK-1'));
    expect(found.map((row) => row.partNumber)).toEqual(['WA-PICK-1', 'WA-PICK-10']);
    const byName = ok<Doc[]>(await send(fitter, 'GET', '/workOrder/parts?search=pick%20gas'));
    expect(byName.map((row) => row.partNumber)).toEqual(['WA-PICK-1']);
    const viewer = { token: await userHolding(t, 'wa-viewer', ['read-workorder']) };
    expect((await send(viewer, 'GET', '/workOrder/parts?search=WA')).statusCode).toBe(403);
  });
});

describe('alert acknowledgement', () => {
  it('the first acknowledgement is kept; resolving acknowledges an alert nobody took on', async () => {
    const [level] = (await admin.list('alertLevel')) as Doc[];
    const { alerts } = await import('../../../server/db/schema');
    const now = Date.now();
    await t.app.services.db.insert(alerts).values([
      { _id: 'wa-alert-1', inspection: null, asset: world.pump._id, level: level!._id, message: 'one', timestamp: now - HOUR, severityLevel: { text: 'x', color: '#d32f2f' } },
      { _id: 'wa-alert-2', inspection: null, asset: world.pump._id, level: level!._id, message: 'two', timestamp: now - HOUR, severityLevel: { text: 'x', color: '#d32f2f' } },
    ]);
    const acknowledged = ok<Doc>(await send('engineer', 'POST', '/alert/acknowledge', { ids: ['wa-alert-1'] }));
    const first = acknowledged.alerts[0] as Doc;
    expect(first).toMatchObject({ acknowledgedBy: world.users.engineer, acknowledgedByName: 'Eric Engineer' });
    ok(await send('admin', 'POST', '/alert/acknowledge', { ids: ['wa-alert-1'] }));
    expect(ok<Doc>(await send('engineer', 'GET', '/alert/wa-alert-1'))).toMatchObject({ acknowledgedBy: world.users.engineer, acknowledgedAt: first.acknowledgedAt });
    ok(await send('engineer', 'POST', '/alert/resolve', { ids: ['wa-alert-2'], remark: 'Reset the trip' }));
    const resolved = ok<Doc>(await send('engineer', 'GET', '/alert/wa-alert-2'));
    expect(resolved.acknowledgedAt).toBe(resolved.resolvedAt);
    expect((await send('engineer', 'POST', '/alert/acknowledge', { ids: ['no-such-alert'] })).statusCode).toBe(404);
  });
});

describe('the procedure', () => {
  const fill = (orderId: string | undefined, assetId: string, inspectionData: unknown, who: Who = 'technician') =>
    send(who, 'POST', `/inspection?assetId=${assetId}${orderId === undefined ? '' : `&workOrder=${orderId}`}`, { inspectionData });

  it('is a checklist of the order’s asset, filled once as an inspection naming the order, by its assignee', async () => {
    const fixture = await createFixture(t);
    const number = fixture.attributes.number!._id;
    refusedWith(await api.create(orderBody(world, { asset: world.pump._id, procedure: fixture.checklist._id })), 400, 'procedure', `procedure: "${fixture.checklist.name}" is not a checklist of the asset "${world.pump.name}"`);
    const order = await createOrder(world, { asset: fixture.asset._id, procedure: fixture.checklist._id });
    expect(order).toMatchObject({ procedure: fixture.checklist._id, procedureName: fixture.checklist.name, procedureInspection: null });

    // Another checklist beside it, or another one alone, is not the procedure.
    refusedWith(await fill(order._id, fixture.asset._id, { [fixture.second._id]: { [fixture.attributes.pressure!._id]: 3 } }), 400, 'inspectionData');
    const twin = await admin.create('asset', { name: `${fixture.asset.name} twin`, identification: `${fixture.asset.identification}-2`, checklists: [fixture.checklist._id] });
    refusedWith(await fill(order._id, twin._id, { [fixture.checklist._id]: { [number]: 20 } }), 400, 'workOrder', 'workOrder: the work order is for another asset');
    expect((await fill(order._id, fixture.asset._id, { [fixture.checklist._id]: { [number]: 20 } }, { token: (other as { token: string }).token })).statusCode).toBe(403);

    const filled = ok<{ inspections: string[] }>(await fill(order._id, fixture.asset._id, { [fixture.checklist._id]: { [number]: 20 } }));
    const read = ok<Doc>(await api.read(order._id));
    expect(read.procedureInspection).toBe(filled.inspections[0]);
    refusedWith(await fill(order._id, fixture.asset._id, { [fixture.checklist._id]: { [number]: 21 } }), 409, 'workOrder', "This work order's procedure has been filled: it can no longer change");
    // Filled, the procedure stays what it was.
    refusedWith(await api.update(order._id, { ...read, procedure: null }), 409, 'procedure');
  });

  it('two fills at once store one', async () => {
    const fixture = await createFixture(t);
    const number = fixture.attributes.number!._id;
    const order = await createOrder(world, { asset: fixture.asset._id, procedure: fixture.checklist._id });
    const answers = await Promise.all([20, 21, 22, 23].map((value) => fill(order._id, fixture.asset._id, { [fixture.checklist._id]: { [number]: value } })));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409, 409, 409]);
    const linked = await t.app.services.db.select().from(inspections).where(eq(inspections.workOrder, order._id));
    expect(linked).toHaveLength(1);
  });

  it('an order without a procedure, or a Completed one, takes no fill', async () => {
    const fixture = await createFixture(t);
    const number = fixture.attributes.number!._id;
    const plain = await createOrder(world, { asset: fixture.asset._id });
    refusedWith(await fill(plain._id, fixture.asset._id, { [fixture.checklist._id]: { [number]: 20 } }), 400, 'workOrder', 'workOrder: the work order has no procedure to fill');
    const done = await createOrder(world, { asset: fixture.asset._id, procedure: fixture.checklist._id, status: 'Completed' });
    refusedWith(await fill(done._id, fixture.asset._id, { [fixture.checklist._id]: { [number]: 20 } }), 409, 'workOrder');
    refusedWith(await fill('no-such-order', fixture.asset._id, { [fixture.checklist._id]: { [number]: 20 } }), 400, 'workOrder');
  });
});

describe('photos on activity', () => {
  const upload = async (who: Who) => {
    const { payload, headers } = multipartBody(pngOf(8, 8), 'seal.png', 'file', 'image/png');
    const response = await t.request({
      ...(typeof who === 'string' ? { as: who, headers } : { headers: { ...headers, 'x-auth': who.token } }),
      method: 'POST',
      url: '/api/file?for=workOrder.activity',
      payload,
    });
    return ok<Doc>(response)._id as string;
  };

  it('the assignee records a comment with photos; the engineer and the assignee see them, another technician does not', async () => {
    const order = await fitterOrder();
    const photo = await upload(fitter);
    const saved = ok<Doc>(await send(fitter, 'POST', `/workOrder/${order._id}/activity`, { comment: 'Seal worn through', photos: [photo] }));
    expect(saved.activity[0]).toMatchObject({ comment: 'Seal worn through', photos: [photo] });
    expect((await send('engineer', 'GET', `/file/${photo}`)).statusCode).toBe(200);
    expect((await send(fitter, 'GET', `/file/${photo}`)).statusCode).toBe(200);
    expect((await send(other, 'GET', `/file/${photo}`)).statusCode).toBe(403);
    // Held by the order now: not a second time, on this order or another.
    refusedWith(await send(fitter, 'POST', `/workOrder/${order._id}/activity`, { comment: 'Again', photos: [photo] }), 400, 'photos');
  });

  it('refuses someone else’s upload, too many photos, and photos without a comment', async () => {
    const order = await fitterOrder();
    const engineersPhoto = await upload('engineer');
    refusedWith(await send(fitter, 'POST', `/workOrder/${order._id}/activity`, { comment: 'Mine?', photos: [engineersPhoto] }), 400, 'photos');
    refusedWith(await send(fitter, 'POST', `/workOrder/${order._id}/activity`, { comment: 'Many', photos: Array.from({ length: 11 }, (_, n) => `p${n}`) }), 400, 'photos');
    refusedWith(await send(fitter, 'POST', `/workOrder/${order._id}/activity`, { comment: ' ', photos: [] }), 400, 'comment');
    expect(ok<Doc>(await api.read(order._id)).activity).toEqual([]);
  });

  it('a technician without update-workorder may not upload for an order', async () => {
    const viewer = { token: await userHolding(t, 'wa-photo-viewer', ['read-workorder']) };
    const { payload, headers } = multipartBody(pngOf(8, 8), 'seal.png', 'file', 'image/png');
    const response = await t.request({ headers: { ...headers, 'x-auth': viewer.token }, method: 'POST', url: '/api/file?for=workOrder.activity', payload });
    expect(response.statusCode).toBe(403);
  });
});
