import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../helpers/testApp';
import { adminApi, idsBy, ok, type Doc } from '../administration/adminApi';
import { alertLevels, alerts, workOrderAlertClaims, workOrders } from '../../../server/db/schema';
import { buildDemoWorkOrders, ensureDemoWorkOrders } from '../../../server/seed/demoWorkOrders';
import { sweepAlertsWithoutOrders } from '../../../server/modules/workOrders/autoCreate';
import { storedOrders } from './workOrderFixture';

/**
 * The demo's work orders (docs/work-orders.md, "Demo data"): sixty over the demo period, for the
 * people who hold orders, in every status and priority, some for alerts of the history — and the
 * technician has open and completed ones on their home screen.
 */
let t: TestApp;
let orders: Doc[];
let meterOrders: Doc[];
let users: Record<string, string>;
const DAY = 86_400_000;

beforeAll(async () => {
  t = await createTestApp({ jobsEnabled: false });
  const all = ok<Doc[]>(await t.request({ method: 'GET', url: '/api/workOrder', as: 'engineer' }));
  // The monitoring demo's meter opened one of its own (docs/work-orders.md, "Demo data").
  meterOrders = all.filter((o) => o.title.startsWith('Service at '));
  orders = all.filter((o) => !meterOrders.includes(o));
  users = idsBy(await adminApi(t).list('user'), 'username');
});
afterAll(() => t?.close());

describe('the demo work orders', () => {
  it('are sixty, over the 90 days of history and the weeks ahead, beside the one the monitoring demo\'s meter opened', () => {
    expect(meterOrders.map((o) => [o.title, o.assignedTo])).toEqual([['Service at 18500 h: Chiller 1 — 500-hour compressor service', users.engineer]]);
    expect(orders).toHaveLength(60);
    const now = Date.now();
    expect(orders.some((o) => o.startTimestamp < now - 60 * DAY)).toBe(true);
    expect(orders.some((o) => o.startTimestamp > now + 7 * DAY)).toBe(true);
    expect(orders.every((o) => o.startTimestamp > now - 91 * DAY && o.startTimestamp < now + 35 * DAY && o.endTimestamp >= o.startTimestamp)).toBe(true);
  });

  it('occur in every status and priority, for each of technician, thermo.tech, engineer and admin, on several assets', () => {
    expect(new Set(orders.map((o) => o.status))).toEqual(new Set(['Open', 'In Progress', 'On Hold', 'Completed']));
    expect(new Set(orders.map((o) => o.priority))).toEqual(new Set(['High', 'Medium', 'Low']));
    expect(new Set(orders.map((o) => o.assignedTo))).toEqual(new Set([users.technician, users['thermo.tech'], users.engineer, users.admin]));
    expect(new Set(orders.map((o) => o.asset)).size).toBeGreaterThan(5);
    expect(orders.every((o) => o.assetName !== '' && o.title !== '')).toBe(true);
  });

  it('give the technician open and completed orders (the two tabs of their home screen)', async () => {
    const mine = ok<Doc[]>(await t.request({ method: 'GET', url: '/api/workOrder/my', as: 'technician' }));
    expect(mine.some((o) => o.status === 'Completed')).toBe(true);
    expect(mine.some((o) => o.status !== 'Completed')).toBe(true);
  });

  it('carry a log of comments and status changes that leads to their status', async () => {
    for (const order of orders.filter((o) => o.createdBy !== null).slice(0, 20)) {
      const { activity } = ok<Doc>(await t.request({ method: 'GET', url: `/api/workOrder/${order._id}`, as: 'engineer' }));
      expect(activity.length, order.title).toBeGreaterThan(0);
      const changes = activity.filter((entry: Doc) => entry.statusChange);
      // Newest first: the latest change ends at the order's status.
      if (changes.length > 0) expect(changes[0].statusChange.to).toBe(order.status);
      else expect(order.status).toBe('Open');
      for (const change of changes) expect(change.comment).toBe(`Status changed from ${change.statusChange.from} to ${change.statusChange.to}`);
      const times = activity.map((entry: Doc) => entry.createdAt as number);
      expect(times).toEqual([...times].sort((a, b) => b - a));
    }
  });

  it('follow alerts of the history, a Completed one’s alert resolved by who completed it', async () => {
    const linked = orders.filter((o) => o.alert !== null);
    expect(linked.length).toBeGreaterThanOrEqual(5);
    const stored = await t.app.services.db.select().from(alerts).where(inArray(alerts._id, linked.map((o) => o.alert as string)));
    expect(stored).toHaveLength(linked.length);
    const completed = linked.filter((o) => o.status === 'Completed');
    expect(completed.length).toBeGreaterThan(0);
    for (const order of completed) {
      const alert = stored.find((a) => a._id === order.alert)!;
      expect(alert.resolvedAt, order.title).not.toBeNull();
      expect(alert.resolvedBy).toBe(order.assignedTo);
      const { activity } = ok<Doc>(await t.request({ method: 'GET', url: `/api/workOrder/${order._id}`, as: 'engineer' }));
      expect(alert.remark).toBe(activity.find((entry: Doc) => !entry.statusChange).comment);
    }
  });

  it("name their alert as a sentence: '<attribute> is <value>, alert when …', no space before a comma (issue 40)", () => {
    const linked = orders.filter((o) => o.alert !== null);
    expect(linked.length).toBeGreaterThan(0);
    // Follow-ups the demo planned ('Investigate: …') and those the rule opened ('Critical alert: <asset> — …').
    const sentence = / is \S.*, alert when .+\.$/;
    for (const order of linked) {
      expect(order.title).toMatch(/^(Investigate: |\w+ alert: .+ — )/);
      expect(order.title).toMatch(sentence);
      if (order.description) expect(order.description).toMatch(/^Follow up the alert raised by the inspection\.$|^Opened automatically for the \w+ alert on .+: /);
      if (order.description.startsWith('Opened')) expect(order.description).toMatch(sentence);
      expect(`${order.title} ${order.description}`).not.toContain(' ,');
    }
  });

  it('are the same for the same catalogue, history and time (a fixed seed; only the ids differ)', () => {
    const input = {
      assets: [{ _id: 'a1', name: 'Pump', tags: ['Plumbing'] }, { _id: 'a2', name: 'Panel', tags: ['Electrical'] }],
      people: { ids: { technician: 'u1', 'thermo.tech': 'u2', engineer: 'u3', admin: 'u4' } },
      alerts: [{ _id: 'al1', asset: 'a1', timestamp: Date.UTC(2031, 0, 2, 9), resolvedAt: null, message: '<p>Leak</p>', levelRank: 1, attributeTechnicalName: 'leak_present' }],
      count: 20,
    };
    const now = Date.UTC(2031, 1, 1, 12);
    const withoutIds = (built: ReturnType<typeof buildDemoWorkOrders>) => ({
      orders: built.orders.map(({ _id: _order, ...order }) => order),
      activity: built.activity.map(({ _id: _entry, workOrder: _of, ...entry }) => entry),
      resolutions: built.resolutions,
    });
    expect(withoutIds(buildDemoWorkOrders(input, now))).toEqual(withoutIds(buildDemoWorkOrders(input, now)));
    expect(buildDemoWorkOrders(input, now).orders).toHaveLength(20);
  });

  it('are made beside the orders the rule opens for the last day\'s alerts, each with its type', async () => {
    // A demo whose history has a critical alert of the last day (which one has depends on the hour it starts).
    const own = await createTestApp({ jobsEnabled: false });
    try {
      const { db } = own.app.services;
      await db.execute(sql`truncate ${workOrders}, ${workOrderAlertClaims} cascade`);
      const [recent] = await db
        .select({ _id: alerts._id })
        .from(alerts)
        .innerJoin(alertLevels, eq(alertLevels._id, alerts.level))
        .where(and(eq(alertLevels.technicalName, 'critical'), isNull(alerts.type), isNotNull(alerts.inspection)))
        .limit(1);
      const now = Date.now();
      await db.update(alerts).set({ timestamp: now - 60 * 60_000, resolvedAt: null }).where(eq(alerts._id, recent!._id));
      expect(await ensureDemoWorkOrders(db, now)).toBe(true);
      const stored = await db.select({ type: workOrders.type, alert: workOrders.alert, description: workOrders.description }).from(workOrders);
      expect(stored).toHaveLength(60);
      expect(stored.filter((order) => order.alert === recent!._id)).toEqual([{ type: 'inspection-follow-up', alert: recent!._id, description: expect.stringMatching(/^Opened automatically for the Critical alert/) }]);
      // The rule's orders (this alert's, and any other critical alert's of the last day) name their type; the demo's own are corrective until their accounting.
      const opened = stored.filter((order) => order.description.startsWith('Opened automatically'));
      expect(new Set(opened.map((order) => order.type))).toEqual(new Set(['inspection-follow-up']));
      expect(new Set(stored.filter((order) => !opened.includes(order)).map((order) => order.type))).toEqual(new Set(['corrective']));
    } finally {
      await own.close();
    }
  });

  it('leave the sweep nothing to open, and are written once', async () => {
    expect((await sweepAlertsWithoutOrders(t.app.services.db)).opened).toEqual([]);
    expect(await ensureDemoWorkOrders(t.app.services.db)).toBe(false);
    expect(await storedOrders(t)).toBe(61);
  });
});
