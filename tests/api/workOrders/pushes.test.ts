import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/testApp';
import { ok } from '../administration/adminApi';
import { asRead, calls, createOrder, orderBody, workOrderWorld, type WorkOrderWorld } from './workOrderFixture';
import { eventually, listening, newWorkOrders, settled, socketsOf, workOrderDetails, type Recorded } from './pushSockets';

/**
 * DESIGN §11's pushes over socket.io: every write publishes update-detail {type: 'workOrder'} to
 * those who may read the order (DESIGN §6: GET /workOrder/{id}) — manage-workorder holders, and its
 * assignee before and after the write — never to another technician holding read-workorder; a new
 * order, and an order given to someone else, publishes new-work-order to that assignee's own
 * sockets — no one else's.
 */
let t: TestApp;
let world: WorkOrderWorld;
let api: ReturnType<typeof calls>;
let sockets: ReturnType<typeof socketsOf>;

beforeAll(async () => {
  t = await createTestApp({ jobsEnabled: false });
  world = await workOrderWorld(t, 'Wp');
  api = calls(t);
  sockets = socketsOf(await listening(t), t);
});
afterEach(() => sockets.closeAll());
afterAll(() => t?.close());

async function connectAll() {
  const [technician, thermoTech, engineer, onsite] = await Promise.all(['technician', 'thermo.tech', 'engineer', 'onsite'].map((u) => sockets.connect(u)));
  const all = { technician: technician!, thermoTech: thermoTech!, engineer: engineer!, onsite: onsite! };
  const everyone = [
    { recorded: all.technician, userId: world.users.technician! },
    { recorded: all.thermoTech, userId: world.users['thermo.tech']! },
    { recorded: all.engineer, userId: world.users.engineer! },
    { recorded: all.onsite, userId: world.users.onsite! },
  ];
  return { ...all, settle: () => settled(t, everyone) };
}

const onlyEvents = (recorded: Recorded) => recorded.events.map((e) => e.event);

describe('pushes of the work order calls', () => {
  it('a new order: new-work-order to its assignee only, update-detail to those who read orders', async () => {
    const s = await connectAll();
    const body = orderBody(world, { title: 'Pushed order', priority: 'High' });
    const created = ok(await api.create(body));
    const pushed = await eventually(s.technician, (e) => e.event === 'new-work-order');
    expect(pushed.payload).toEqual({
      _id: created._id,
      title: 'Pushed order',
      asset: world.pump._id,
      assetName: 'Wp pump',
      priority: 'High',
      status: 'Open',
      startTimestamp: body.startTimestamp,
      endTimestamp: body.endTimestamp,
      alert: null,
    });
    await s.settle();
    // Another technician's socket gets nothing of it: it cannot open the order; on-site (no read-workorder) gets nothing at all.
    expect(onlyEvents(s.thermoTech)).toEqual([]);
    expect(newWorkOrders(s.engineer)).toEqual([]);
    expect(onlyEvents(s.onsite)).toEqual([]);
    for (const reader of [s.technician, s.engineer]) expect(workOrderDetails(reader, created._id)).toHaveLength(1);
  });

  it("a change to a technician's order reaches that technician and the engineers, not the thermography technician", async () => {
    const order = await createOrder(world);
    const s = await connectAll();
    ok(await api.update(order._id, await asRead(world, order._id, { status: 'In Progress' }), 'technician'));
    ok(await api.record(order._id, { comment: 'Valve replaced' }));
    await s.settle();
    expect(workOrderDetails(s.technician, order._id)).toHaveLength(2);
    expect(workOrderDetails(s.engineer, order._id)).toHaveLength(2);
    // thermo.tech holds read-workorder, but GET /workOrder/{id} of this order answers it 403.
    expect((await api.read(order._id, 'thermo.tech')).statusCode).toBe(403);
    expect(onlyEvents(s.thermoTech)).toEqual([]);
    expect(onlyEvents(s.onsite)).toEqual([]);
  });

  it('a reassignment: new-work-order to the new assignee; a status change, a comment, a deletion: update-detail only', async () => {
    const order = await createOrder(world);
    const s = await connectAll();
    ok(await api.update(order._id, await asRead(world, order._id, { assignedTo: world.users['thermo.tech'] })));
    const pushed = await eventually(s.thermoTech, (e) => e.event === 'new-work-order');
    expect(pushed.payload).toMatchObject({ _id: order._id, title: order.title });
    ok(await api.update(order._id, await asRead(world, order._id, { status: 'In Progress' }), 'thermo.tech'));
    ok(await api.record(order._id, { comment: 'On it' }, 'thermo.tech'));
    ok(await api.update(order._id, await asRead(world, order._id, { title: 'Same assignee, new title' })));
    ok(await api.remove(order._id));
    await s.settle();
    expect(newWorkOrders(s.thermoTech)).toHaveLength(1);
    expect(newWorkOrders(s.technician)).toEqual([]);
    // The technician hears that the order went away from them (their list drops it), then nothing more of it.
    expect(workOrderDetails(s.technician, order._id)).toHaveLength(1);
    for (const reader of [s.thermoTech, s.engineer]) expect(workOrderDetails(reader, order._id)).toHaveLength(5);
    expect(onlyEvents(s.onsite)).toEqual([]);
  });

  it('a refused write pushes nothing', async () => {
    const order = await createOrder(world);
    const s = await connectAll();
    expect((await api.update(order._id, await asRead(world, order._id, { title: 'Not mine to change' }), 'technician')).statusCode).toBe(403);
    expect((await api.create(orderBody(world, { title: '' }))).statusCode).toBe(400);
    await s.settle();
    for (const reader of [s.technician, s.thermoTech, s.engineer, s.onsite]) expect(onlyEvents(reader)).toEqual([]);
  });
});
