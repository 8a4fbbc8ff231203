import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../helpers/testApp';
import { adminApi, ok, type Doc } from '../administration/adminApi';
import { auditLog, workOrders } from '../../../server/db/schema';
import {
  asRead,
  calls,
  createOrder,
  DAY,
  orderBody,
  refusedWith,
  SPEC_MESSAGES,
  storedActivity,
  storedOrders,
  workOrderWorld,
  type WorkOrderWorld,
} from './workOrderFixture';

/**
 * The work order calls (spec §7, DESIGN §11, docs/work-orders.md): who may make each, spec §5's
 * checks in the form's order and words, the technician's status-only update, the activity log,
 * and Completed as the terminal status.
 */
let t: TestApp;
let world: WorkOrderWorld;
let api: ReturnType<typeof calls>;

beforeAll(async () => {
  t = await createTestApp({ jobsEnabled: false });
  world = await workOrderWorld(t, 'Wc');
  api = calls(t);
});
afterAll(() => t?.close());

describe('POST /workOrder', () => {
  it('creates an order and answers it with names, an empty log and no alert', async () => {
    const body = orderBody(world, { title: '  Replace the seal  ', description: 'Leaks at the gland' });
    const created = ok<Doc>(await api.create(body));
    expect(created).toMatchObject({
      title: 'Replace the seal',
      description: 'Leaks at the gland',
      asset: world.pump._id,
      assetName: 'Wc pump',
      assignedTo: world.users.technician,
      assignedToName: 'Tom Technician',
      priority: 'Medium',
      status: 'Open',
      startTimestamp: body.startTimestamp,
      endTimestamp: body.endTimestamp,
      alert: null,
      createdBy: world.users.engineer,
      activity: [],
      alertSummary: null,
    });
    expect(ok<Doc>(await api.read(created._id))).toEqual(created);
  });

  it('answers 400 with spec §5’s message for each required field missing, one at a time, storing nothing', async () => {
    const before = await storedOrders(t);
    for (const [field, message] of SPEC_MESSAGES) {
      const body = orderBody(world);
      delete body[field];
      refusedWith(await api.create(body), 400, field, message);
      // Blank text and null are missing too.
      if (typeof orderBody(world)[field] === 'string') refusedWith(await api.create({ ...orderBody(world), [field]: '   ' }), 400, field, message);
      else refusedWith(await api.create({ ...orderBody(world), [field]: null }), 400, field, message);
    }
    expect(await storedOrders(t)).toBe(before);
  });

  it('checks the fields in the form’s order: the first one missing is the one named', async () => {
    const full = orderBody(world);
    for (let i = 0; i < SPEC_MESSAGES.length; i++) {
      const body: Record<string, unknown> = {};
      for (const [field] of SPEC_MESSAGES.slice(0, i)) body[field] = full[field];
      const [field, message] = SPEC_MESSAGES[i]!;
      refusedWith(await api.create(body), 400, field, message);
    }
  });

  it('refuses an end before the start, naming endTimestamp', async () => {
    const start = Date.UTC(2031, 6, 1);
    refusedWith(await api.create(orderBody(world, { startTimestamp: start, endTimestamp: start - 1 })), 400, 'endTimestamp', 'End Date must not be before Start Date');
    // The same instant is a zero-length order, not an end before the start.
    ok(await api.create(orderBody(world, { startTimestamp: start, endTimestamp: start })));
  });

  it('refuses a status or priority the config does not hold, and times that are not epoch ms', async () => {
    refusedWith(await api.create(orderBody(world, { status: 'Done' })), 400, 'status', /Open, In Progress, On Hold, Completed/);
    refusedWith(await api.create(orderBody(world, { priority: 'Urgent' })), 400, 'priority', /High, Medium, Low/);
    refusedWith(await api.create(orderBody(world, { priority: 'high' })), 400, 'priority');
    refusedWith(await api.create(orderBody(world, { startTimestamp: 1.5 })), 400, 'startTimestamp');
    refusedWith(await api.create(orderBody(world, { endTimestamp: '1790000000000' })), 400, 'endTimestamp');
    refusedWith(await api.create(orderBody(world, { startTimestamp: 1e300, endTimestamp: 1e300 })), 400, 'startTimestamp');
  });

  it('refuses an unknown field naming it, and ignores the read-only fields of a read', async () => {
    const before = await storedOrders(t);
    refusedWith(await api.create(orderBody(world, { colour: 'red' })), 400, 'colour', 'colour is not allowed');
    refusedWith(await api.create(orderBody(world, { activity: [], statusChange: 'x' })), 400, 'statusChange');
    expect(await storedOrders(t)).toBe(before);
    const copied = ok<Doc>(await api.create(orderBody(world, { _id: 'mine', assetName: 'Someone else', assignedToName: 'X', activity: [{ comment: 'forged' }], createdAt: 1, alertSummary: null })));
    expect(copied._id).not.toBe('mine');
    expect(copied.assetName).toBe('Wc pump');
    expect(copied.activity).toEqual([]);
  });

  it('refuses an unknown or archived asset, and an assignee who is unknown, inactive or cannot hold orders', async () => {
    const admin = adminApi(t);
    refusedWith(await api.create(orderBody(world, { asset: 'no-such-asset' })), 400, 'asset');
    const archived = await admin.create('asset', { name: 'Wc old pump', identification: 'WC-OLD' });
    await createOrder(world, { asset: archived._id });
    // An order names it, so deleting archives it (docs/administration.md "Archived records").
    expect(ok<Doc>(await admin.del(`/asset/${archived._id}`))).toMatchObject({ archived: true, references: { workOrder: 1 } });
    refusedWith(await api.create(orderBody(world, { asset: archived._id })), 400, 'asset', /archived/);

    refusedWith(await api.create(orderBody(world, { assignedTo: 'no-such-user' })), 400, 'assignedTo');
    // A thermography engineer holds no update-workorder; an on-site user neither.
    refusedWith(await api.create(orderBody(world, { assignedTo: world.users['thermo.engineer'] })), 400, 'assignedTo');
    refusedWith(await api.create(orderBody(world, { assignedTo: world.users.onsite })), 400, 'assignedTo');
    const roles = await admin.list('role', { fields: 'name' });
    const leaver = ok<Doc>(await admin.post('/user', { username: 'wc.leaver', role: roles.find((r) => r.name === 'ROLE_TECHNICIAN')!._id }));
    ok(await admin.put(`/user/updateByUserAdministration/${leaver._id}`, { status: 'inactive' }));
    refusedWith(await api.create(orderBody(world, { assignedTo: leaver._id })), 400, 'assignedTo');
  });

  it('is refused to those without manage-workorder', async () => {
    for (const as of ['technician', 'thermo.tech', 'thermo.manager', 'onsite']) expect((await api.create(orderBody(world), as)).statusCode).toBe(403);
  });
});

describe('PUT /workOrder/{id} by manage-workorder', () => {
  it('saves the whole order, and logs a status change with who made it', async () => {
    const order = await createOrder(world);
    const saved = ok<Doc>(await api.update(order._id, await asRead(world, order._id, { title: 'Renamed', asset: world.fan._id, priority: 'High', status: 'On Hold' })));
    expect(saved).toMatchObject({ title: 'Renamed', asset: world.fan._id, assetName: 'Wc fan', priority: 'High', status: 'On Hold' });
    expect(saved.activity).toEqual([
      expect.objectContaining({ user: world.users.engineer, userName: 'Eric Engineer', comment: 'Status changed from Open to On Hold', statusChange: { from: 'Open', to: 'On Hold' } }),
    ]);
  });

  it('keeps the description when the form sends none (the spec’s dialog has no such field)', async () => {
    const order = await createOrder(world, { description: 'Keep me' });
    const { description: _dropped, ...withoutDescription } = orderBody(world, { title: 'Dragged' });
    const saved = ok<Doc>(await api.update(order._id, withoutDescription));
    expect(saved).toMatchObject({ title: 'Dragged', description: 'Keep me' });
  });

  it('refuses what POST refuses, changing nothing', async () => {
    const order = await createOrder(world);
    refusedWith(await api.update(order._id, await asRead(world, order._id, { title: '' })), 400, 'title', 'Title is required');
    refusedWith(await api.update(order._id, await asRead(world, order._id, { colour: 'red' })), 400, 'colour');
    refusedWith(await api.update(order._id, await asRead(world, order._id, { alert: 'another' })), 400, 'alert');
    expect(ok<Doc>(await api.read(order._id))).toMatchObject({ title: order.title, updatedAt: order.updatedAt });
    expect((await api.update('no-such-order', orderBody(world))).statusCode).toBe(404);
  });

  it('records an audit entry for each write', async () => {
    const order = await createOrder(world);
    ok(await api.update(order._id, await asRead(world, order._id, { title: 'Audited' })));
    const entries = await t.app.services.db.select().from(auditLog).where(and(eq(auditLog.entity, 'workOrder'), eq(auditLog.recordId, order._id)));
    expect(entries.map((e) => e.action).sort()).toEqual(['create', 'update']);
    const update = entries.find((e) => e.action === 'update')!;
    expect(update.userName).toBe('Eric Engineer');
    expect(update.changes).toEqual([{ field: 'title', from: order.title, to: 'Audited' }]);
  });
});

describe('the technician (read-workorder, update-workorder) and their own orders', () => {
  let mine: Doc;
  let theirs: Doc;
  beforeAll(async () => {
    mine = await createOrder(world, { title: 'Tech own order' });
    theirs = await createOrder(world, { title: 'Someone else’s order', assignedTo: world.users['thermo.tech'] });
  });

  it('reads their own order and no other (403), and may not list all orders', async () => {
    expect(ok<Doc>(await api.read(mine._id, 'technician'))._id).toBe(mine._id);
    expect((await api.read(theirs._id, 'technician')).statusCode).toBe(403);
    expect((await api.read('no-such-order', 'technician')).statusCode).toBe(404);
    expect((await api.list('', 'technician')).statusCode).toBe(403);
    expect((await api.remove(mine._id, 'technician')).statusCode).toBe(403);
  });

  it('may not change anything but the status: a changed title is 403 and stores nothing', async () => {
    for (const change of [{ title: 'Mine now' }, { priority: 'High' }, { startTimestamp: mine.startTimestamp + DAY, endTimestamp: mine.endTimestamp + DAY }, { assignedTo: world.users.engineer }, { description: 'x' }]) {
      const response = await api.update(mine._id, await asRead(world, mine._id, change), 'technician');
      expect(response.statusCode, JSON.stringify(change)).toBe(403);
    }
    expect(ok<Doc>(await api.read(mine._id))).toMatchObject({ title: 'Tech own order', priority: mine.priority, activity: [] });
  });

  it('changes the status: 200, and the log says who moved it from what to what', async () => {
    const saved = ok<Doc>(await api.update(mine._id, await asRead(world, mine._id, { status: 'In Progress' }), 'technician'));
    expect(saved.status).toBe('In Progress');
    expect(saved.activity).toEqual([
      { _id: expect.any(String), user: world.users.technician, userName: 'Tom Technician', comment: 'Status changed from Open to In Progress', createdAt: expect.any(Number), statusChange: { from: 'Open', to: 'In Progress' } },
    ]);
  });

  it('may not touch another’s order (403), whatever the body', async () => {
    expect((await api.update(theirs._id, await asRead(world, theirs._id, { status: 'In Progress' }), 'technician')).statusCode).toBe(403);
    expect((await api.update(theirs._id, {}, 'technician')).statusCode).toBe(403);
    expect((await api.record(theirs._id, { comment: 'Hello' }, 'technician')).statusCode).toBe(403);
    expect(ok<Doc>(await api.read(theirs._id))).toMatchObject({ status: 'Open', activity: [] });
  });

  it('still has to send the whole order: the form’s checks apply (400)', async () => {
    refusedWith(await api.update(mine._id, { status: 'On Hold' }, 'technician'), 400, 'title', 'Title is required');
  });
});

describe('POST /workOrder/{id}/activity', () => {
  it('stores the comment trimmed, and the log reads newest first', async () => {
    const order = await createOrder(world);
    const first = ok<Doc>(await api.record(order._id, { comment: '  hi  ' }));
    expect(first.activity).toEqual([{ _id: expect.any(String), user: world.users.technician, userName: 'Tom Technician', comment: 'hi', createdAt: expect.any(Number) }]);
    ok(await api.record(order._id, { comment: 'second' }));
    ok(await api.record(order._id, { comment: 'third' }, 'engineer'));
    const { activity } = ok<Doc>(await api.read(order._id, 'technician'));
    expect(activity.map((entry: Doc) => entry.comment)).toEqual(['third', 'second', 'hi']);
    expect(activity.map((entry: Doc) => entry.userName)).toEqual(['Eric Engineer', 'Tom Technician', 'Tom Technician']);
    const times = activity.map((entry: Doc) => entry.createdAt as number);
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  it('refuses a blank or missing comment and unknown fields (400 naming them), storing nothing', async () => {
    const order = await createOrder(world);
    for (const payload of [{ comment: '' }, { comment: '   \n\t ' }, {}, { comment: null }]) refusedWith(await api.record(order._id, payload), 400, 'comment');
    refusedWith(await api.record(order._id, { comment: 5 }), 400, 'comment');
    refusedWith(await api.record(order._id, { comment: 'ok', mood: 'happy' }), 400, 'mood');
    refusedWith(await api.record(order._id, { comment: 'x'.repeat(2001) }), 400, 'comment');
    expect(await storedActivity(t, order._id)).toBe(0);
    expect((await api.record('no-such-order', { comment: 'x' })).statusCode).toBe(404);
  });

  it('is refused to those without update-workorder or manage-workorder', async () => {
    const order = await createOrder(world);
    for (const as of ['thermo.engineer', 'onsite']) expect((await api.record(order._id, { comment: 'x' }, as)).statusCode).toBe(403);
  });
});

describe('an engineer and a technician’s log (issue 40)', () => {
  it('manage-workorder reads the whole log of an order assigned to someone else and adds to it; whoever may not read the order is refused both', async () => {
    const order = await createOrder(world);
    ok(await api.record(order._id, { comment: 'Seal kit missing' }, 'technician'));
    ok(await api.update(order._id, await asRead(world, order._id, { status: 'On Hold' }), 'technician'));

    const read = ok<Doc>(await api.read(order._id, 'engineer'));
    expect(read.activity.map((entry: Doc) => [entry.userName, entry.comment])).toEqual([
      ['Tom Technician', 'Status changed from Open to On Hold'],
      ['Tom Technician', 'Seal kit missing'],
    ]);
    const added = ok<Doc>(await api.record(order._id, { comment: 'Kit sent from stores B' }, 'engineer'));
    expect(added.activity[0]).toMatchObject({ user: world.users.engineer, userName: 'Eric Engineer', comment: 'Kit sent from stores B' });

    // thermo.tech holds read- and update-workorder, but the order is not theirs; the others hold neither.
    for (const as of ['thermo.tech', 'thermo.engineer', 'onsite']) {
      expect((await api.read(order._id, as)).statusCode, as).toBe(403);
      expect((await api.record(order._id, { comment: 'Not mine' }, as)).statusCode, as).toBe(403);
    }
    expect(await storedActivity(t, order._id)).toBe(3);
  });
});

describe('Completed is terminal (DESIGN §11)', () => {
  it('refuses a status change and new activity with 409 for everyone, changing nothing', async () => {
    const order = await createOrder(world);
    ok(await api.update(order._id, await asRead(world, order._id, { status: 'Completed' }), 'technician'));
    const done = ok<Doc>(await api.read(order._id));
    for (const as of ['technician', 'engineer', 'admin']) {
      refusedWith(await api.update(order._id, await asRead(world, order._id, { status: 'In Progress' }), as), 409, 'status');
      refusedWith(await api.record(order._id, { comment: 'One more thing' }, as), 409, 'status');
    }
    expect(ok<Doc>(await api.read(order._id))).toEqual(done);
    expect(done.activity).toHaveLength(1);
  });

  it('lets manage-workorder still correct its other fields', async () => {
    const order = await createOrder(world, { status: 'Completed' });
    const saved = ok<Doc>(await api.update(order._id, await asRead(world, order._id, { title: 'Corrected title' })));
    expect(saved).toMatchObject({ title: 'Corrected title', status: 'Completed' });
  });
});

describe('DELETE /workOrder/{id}', () => {
  it('removes the order and its log', async () => {
    const order = await createOrder(world);
    ok(await api.record(order._id, { comment: 'a note' }));
    ok(await api.update(order._id, await asRead(world, order._id, { status: 'In Progress' })));
    expect(await storedActivity(t, order._id)).toBe(2);
    expect(ok<Doc>(await api.remove(order._id))).toMatchObject({ _id: order._id });
    expect(await storedActivity(t, order._id)).toBe(0);
    expect(await t.app.services.db.select().from(workOrders).where(eq(workOrders._id, order._id))).toEqual([]);
    expect((await api.read(order._id)).statusCode).toBe(404);
    expect((await api.remove(order._id)).statusCode).toBe(404);
  });
});

describe('when an order may lie (docs/work-orders.md: bounds)', () => {
  // The written bounds: between 2000-01-01 and 2100-01-01 (UTC), at most 1,096 days long.
  const EARLIEST = Date.UTC(2000, 0, 1);
  const LATEST = Date.UTC(2100, 0, 1);
  const OUT_OF_RANGE = (label: string) => `${label} must lie between 2000-01-01 and 2100-01-01 (UTC)`;
  const TOO_LONG = 'End Date must be at most 1096 days after Start Date';

  it.each([
    ['starting in 1969', Date.UTC(1969, 11, 31, 20), Date.UTC(2025, 0, 1), 'startTimestamp', OUT_OF_RANGE('Start Date')],
    ['starting a millisecond before 2000', EARLIEST - 1, EARLIEST + DAY, 'startTimestamp', OUT_OF_RANGE('Start Date')],
    ['ending after 2100', Date.UTC(2099, 11, 1), LATEST + 1, 'endTimestamp', OUT_OF_RANGE('End Date')],
    ['spanning 56 years', Date.UTC(2000, 0, 1), Date.UTC(2056, 0, 1), 'endTimestamp', TOO_LONG],
    ['a millisecond longer than 1,096 days', Date.UTC(2040, 0, 1), Date.UTC(2040, 0, 1) + 1096 * DAY + 1, 'endTimestamp', TOO_LONG],
  ])('refuses an order %s with 400 naming the field, on POST and PUT, storing nothing', async (_what, startTimestamp, endTimestamp, field, message) => {
    const kept = await createOrder(world);
    const before = await storedOrders(t);
    refusedWith(await api.create(orderBody(world, { startTimestamp, endTimestamp })), 400, field, message);
    refusedWith(await api.update(kept._id, await asRead(world, kept._id, { startTimestamp, endTimestamp })), 400, field, message);
    expect(await storedOrders(t)).toBe(before);
    expect(ok<Doc>(await api.read(kept._id))).toMatchObject({ startTimestamp: kept.startTimestamp, endTimestamp: kept.endTimestamp });
  });

  it('takes an order from 2000-01-01 lasting 1,096 days, and one ending on 2100-01-01', async () => {
    const first = await createOrder(world, { startTimestamp: EARLIEST, endTimestamp: EARLIEST + 1096 * DAY });
    const last = await createOrder(world, { startTimestamp: LATEST - DAY, endTimestamp: LATEST });
    expect([first.startTimestamp, first.endTimestamp, last.startTimestamp, last.endTimestamp]).toEqual([EARLIEST, EARLIEST + 1096 * DAY, LATEST - DAY, LATEST]);
  });
});

describe('paths are case-insensitive (DESIGN §3)', () => {
  it('answers /workorder as /workOrder', async () => {
    const order = await createOrder(world);
    expect(ok<Doc>(await t.request({ method: 'GET', url: `/api/workorder/${order._id}`, as: 'engineer' }))._id).toBe(order._id);
    expect((await t.request({ method: 'GET', url: '/api/WORKORDER/CONFIG', as: 'technician' })).statusCode).toBe(200);
  });
});
