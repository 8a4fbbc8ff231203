import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/testApp';
import { ok, qs, type Doc } from '../administration/adminApi';
import { workOrders } from '../../../server/db/schema';
import { asRead, calls, createOrder, DAY, refusedWith, workOrderWorld, type WorkOrderWorld } from './workOrderFixture';

/**
 * GET /workOrder (spec §7, docs/work-orders.md): filters, search, the calendar's period, sort,
 * range with Content-Range; GET /workOrder/my. On an empty order table, so every count is ours.
 */
let t: TestApp;
let world: WorkOrderWorld;
let api: ReturnType<typeof calls>;
const JULY = Date.UTC(2032, 6, 1);
const HOUR = 3_600_000;
let orders: Record<string, Doc>;

beforeAll(async () => {
  t = await createTestApp({ jobsEnabled: false });
  // The demo's orders out of the way: these tests count.
  await t.app.services.db.delete(workOrders);
  world = await workOrderWorld(t, 'Wl');
  api = calls(t);
  const { users, pump, fan } = world;
  const make = (title: string, fields: Record<string, unknown>) => createOrder(world, { title, ...fields });
  orders = {
    seal: await make('Replace pump seal', { asset: pump._id, assignedTo: users.technician, priority: 'High', status: 'Open', startTimestamp: JULY + 2 * DAY, endTimestamp: JULY + 2 * DAY + 4 * HOUR }),
    belt: await make('Fan belt', { asset: fan._id, assignedTo: users.technician, priority: 'Low', status: 'In Progress', startTimestamp: JULY + 5 * DAY, endTimestamp: JULY + 9 * DAY }),
    panel: await make('Panel check', { asset: pump._id, assignedTo: users['thermo.tech'], priority: 'Medium', status: 'On Hold', startTimestamp: JULY - 3 * DAY, endTimestamp: JULY + DAY }),
    paint: await make('Repaint guard', { asset: fan._id, assignedTo: users.engineer, priority: 'Medium', status: 'Completed', startTimestamp: JULY + 20 * DAY, endTimestamp: JULY + 21 * DAY }),
    grease: await make('Grease bearings 100%_done', { asset: pump._id, assignedTo: users.admin, priority: 'Low', status: 'Open', startTimestamp: JULY + 40 * DAY, endTimestamp: JULY + 41 * DAY }),
  };
});
afterAll(() => t?.close());

const titles = (rows: Doc[]) => rows.map((row) => row.title as string);
const listed = async (query: Record<string, unknown>, as = 'engineer') => ok<Doc[]>(await api.list(qs(query as never), as));

describe('GET /workOrder', () => {
  it('answers every order without range, newest start first (the default sort), with names', async () => {
    const response = await api.list();
    expect(response.headers['content-range']).toBeUndefined();
    const rows = ok<Doc[]>(response);
    expect(titles(rows)).toEqual(['Grease bearings 100%_done', 'Repaint guard', 'Fan belt', 'Replace pump seal', 'Panel check']);
    expect(rows.find((row) => row._id === orders.belt!._id)).toMatchObject({ assetName: 'Wl fan', assignedToName: 'Tom Technician', status: 'In Progress', priority: 'Low' });
    expect(rows[0]).not.toHaveProperty('activity');
  });

  it('filters by status, priority, asset, assignee and title (a list value is any of them; empty is no filter)', async () => {
    expect(titles(await listed({ filters: { status: 'Open' } }))).toEqual(['Grease bearings 100%_done', 'Replace pump seal']);
    expect(titles(await listed({ filters: { priority: 'Medium', asset: world.pump._id } }))).toEqual(['Panel check']);
    expect(titles(await listed({ filters: { assignedTo: world.users.technician } }))).toEqual(['Fan belt', 'Replace pump seal']);
    expect(titles(await listed({ filters: { status: ['On Hold', 'Completed'] } }))).toEqual(['Repaint guard', 'Panel check']);
    expect(titles(await listed({ filters: { title: 'Fan belt' } }))).toEqual(['Fan belt']);
    expect(await listed({ filters: { status: '', priority: null, asset: [] } })).toHaveLength(5);
    // react-admin's filter takes the same keys, and q.
    expect(titles(await listed({ filter: { q: 'seal', assignedTo: world.users.technician } }))).toEqual(['Replace pump seal']);
  });

  it('refuses an unknown filter key, a value that is not text, and filters that are not a JSON object (400 naming them)', async () => {
    refusedWith(await api.list(qs({ filters: { colour: 'red' } })), 400, 'filters.colour');
    refusedWith(await api.list(qs({ filters: { status: 5 } })), 400, 'filters.status');
    refusedWith(await api.list(qs({ filters: ['Open'] })), 400, 'filters');
    refusedWith(await api.list('?filters={"status":'), 400, 'filters');
  });

  it('searches title, asset name, assignee name, status and priority, ignoring case; % and _ are plain characters', async () => {
    expect(titles(await listed({ search: 'PUMP SEAL' }))).toEqual(['Replace pump seal']);
    expect(titles(await listed({ search: 'wl fan' }))).toEqual(['Repaint guard', 'Fan belt']);
    expect(titles(await listed({ search: 'tara' }))).toEqual(['Panel check']);
    expect(titles(await listed({ search: 'in progress' }))).toEqual(['Fan belt']);
    expect(titles(await listed({ search: 'high' }))).toEqual(['Replace pump seal']);
    expect(titles(await listed({ search: '100%_' }))).toEqual(['Grease bearings 100%_done']);
    expect(await listed({ search: '%' })).toHaveLength(1);
    expect(await listed({ search: 'nothing like this' })).toEqual([]);
  });

  it('answers the orders whose window overlaps start/end (the calendar), including those crossing its edges', async () => {
    expect(titles(await listed({ start: String(JULY), end: String(JULY + 7 * DAY - 1) }))).toEqual(['Fan belt', 'Replace pump seal', 'Panel check']);
    // Touching the end of a window counts.
    expect(titles(await listed({ start: String(JULY + 9 * DAY), end: String(JULY + 10 * DAY) }))).toEqual(['Fan belt']);
    refusedWith(await api.list(qs({ start: String(JULY) })), 400, 'end');
    refusedWith(await api.list(qs({ start: String(JULY), end: String(JULY - 1) })), 400, 'end');
    refusedWith(await api.list(qs({ start: 'soon', end: String(JULY) })), 400, 'start');
  });

  it('sorts by sort=["field","ASC"]: names for asset and assignee, the configured order for priority and status', async () => {
    expect(titles(await listed({ sort: ['title', 'ASC'] }))).toEqual(['Fan belt', 'Grease bearings 100%_done', 'Panel check', 'Repaint guard', 'Replace pump seal']);
    expect(titles(await listed({ sort: ['startTimestamp', 'ASC'] }))).toEqual(['Panel check', 'Replace pump seal', 'Fan belt', 'Repaint guard', 'Grease bearings 100%_done']);
    // High, Medium, Low as configured, not alphabetically.
    expect((await listed({ sort: ['priority', 'ASC'] })).map((row) => row.priority)).toEqual(['High', 'Medium', 'Medium', 'Low', 'Low']);
    expect((await listed({ sort: ['status', 'DESC'] })).map((row) => row.status)).toEqual(['Completed', 'On Hold', 'In Progress', 'Open', 'Open']);
    expect((await listed({ sort: ['assignedTo', 'ASC'] })).map((row) => row.assignedToName)).toEqual(['Ada Admin', 'Eric Engineer', 'Tara Thermography', 'Tom Technician', 'Tom Technician']);
    expect((await listed({ sort: ['asset', 'DESC'] })).map((row) => row.assetName)).toEqual(['Wl pump', 'Wl pump', 'Wl pump', 'Wl fan', 'Wl fan']);
    // react-admin's default when told nothing else.
    const byId = (await listed({ sort: ['id', 'ASC'] })).map((row) => row._id as string);
    expect(byId).toEqual([...byId].sort());
    refusedWith(await api.list(qs({ sort: ['colour', 'ASC'] })), 400, 'sort');
    refusedWith(await api.list(qs({ sort: ['title', 'UP'] })), 400, 'sort');
  });

  it('pages with range=[first,last] and answers Content-Range, with the filters applied to the total', async () => {
    const first = await api.list(qs({ range: [0, 1] }));
    expect(first.headers['content-range']).toBe('workOrder 0-1/5');
    expect(titles(ok(first))).toEqual(['Grease bearings 100%_done', 'Repaint guard']);
    const last = await api.list(qs({ range: [4, 9] }));
    expect(last.headers['content-range']).toBe('workOrder 4-4/5');
    expect(titles(ok(last))).toEqual(['Panel check']);
    const filtered = await api.list(qs({ range: [0, 0], filters: { assignedTo: world.users.technician } }));
    expect(filtered.headers['content-range']).toBe('workOrder 0-0/2');
    const beyond = await api.list(qs({ range: [10, 19] }));
    expect(ok(beyond)).toEqual([]);
    expect(beyond.headers['content-range']).toBe('workOrder 10-10/5');
    refusedWith(await api.list(qs({ range: [3, 1] })), 400, 'range');
  });

  it('finds the order of an alert (filters {"alert": id}): the alert detail’s look-up', async () => {
    expect(await listed({ filters: { alert: 'no-such-alert' } })).toEqual([]);
  });

  it('follows a changed workOrder.sort entry when no sort is asked for', async () => {
    const admin = (url: string) => t.request({ method: 'GET', url: `/api${url}`, as: 'admin' });
    const [entry] = ok<Doc[]>(await admin(`/config${qs({ filter: { key: 'workOrder.sort' } })}`));
    ok(await t.request({ method: 'PUT', url: `/api/config/${entry!._id}`, as: 'admin', payload: { value: '[{"priority":"asc"},{"title":"desc"}]' } }));
    try {
      expect(titles(await listed({}))).toEqual(['Replace pump seal', 'Repaint guard', 'Panel check', 'Grease bearings 100%_done', 'Fan belt']);
    } finally {
      ok(await t.request({ method: 'PUT', url: `/api/config/${entry!._id}`, as: 'admin', payload: { value: entry!.value } }));
    }
  });
});

describe('GET /workOrder/my', () => {
  it('answers the caller’s own orders by start, whatever their status', async () => {
    expect(titles(ok(await api.mine('technician')))).toEqual(['Replace pump seal', 'Fan belt']);
    expect(titles(ok(await api.mine('thermo.tech')))).toEqual(['Panel check']);
    expect(titles(ok(await api.mine('engineer')))).toEqual(['Repaint guard']);
    expect((await api.mine('thermo.engineer')).statusCode).toBe(403);
  });

  it('follows a reassignment', async () => {
    const order = await createOrder(world, { title: 'Handed over', assignedTo: world.users.technician, startTimestamp: JULY + 60 * DAY, endTimestamp: JULY + 61 * DAY });
    expect(titles(ok(await api.mine('technician')))).toContain('Handed over');
    ok(await api.update(order._id, await asRead(world, order._id, { assignedTo: world.users['thermo.tech'] })));
    expect(titles(ok(await api.mine('technician')))).not.toContain('Handed over');
    expect(titles(ok(await api.mine('thermo.tech')))).toEqual(['Panel check', 'Handed over']);
    ok(await api.remove(order._id));
  });
});
