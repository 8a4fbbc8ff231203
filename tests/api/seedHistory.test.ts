import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, count, eq, isNull } from 'drizzle-orm';
import { createTestApp, type TestApp } from './helpers/testApp';
import { alertLevels, alerts, assets, attributes, checklists, inspectionSchedules, inspections, users, workOrders } from '../../server/db/schema';
import { seedDatabase } from '../../server/seed/seed';
import { buildDemoHistory, type HistoryCatalogue } from '../../server/seed/demoHistory';

/** README: 90 days of inspections, alerts and inspection schedules. */
const HISTORY_DAYS = 90;
import { raisedAlerts } from '../../server/modules/inspections/thresholdAlerts';
import { inspectionValueProblem, isMandatoryItem, type InspectionValue } from '../../common/resources/inspection';

const DAY_MS = 86_400_000;

async function historyCounts(t: TestApp) {
  const { db } = t.app.services;
  const [i] = await db.select({ n: count() }).from(inspections).where(isNull(inspections.type));
  const [a] = await db.select({ n: count() }).from(alerts).where(isNull(alerts.type));
  const [s] = await db.select({ n: count() }).from(inspectionSchedules);
  return { inspections: i?.n ?? 0, alerts: a?.n ?? 0, schedules: s?.n ?? 0 };
}

describe('demo history seed', () => {
  let t: TestApp;
  let startedAt: number;
  let seededAt: number;
  let rows: {
    inspections: (typeof inspections.$inferSelect)[];
    alerts: (typeof alerts.$inferSelect)[];
    schedules: (typeof inspectionSchedules.$inferSelect)[];
    assets: (typeof assets.$inferSelect)[];
    checklists: (typeof checklists.$inferSelect)[];
    attributes: (typeof attributes.$inferSelect)[];
    levels: (typeof alertLevels.$inferSelect)[];
    userIds: Map<string, string>;
    workOrders: (typeof workOrders.$inferSelect)[];
  };

  beforeAll(async () => {
    startedAt = Date.now();
    t = await createTestApp();
    seededAt = Date.now();
    const { db } = t.app.services;
    rows = {
      // The checklist history; the thermography notes' rounds and approval alerts are seeded apart (demoThermography.ts).
      inspections: await db.select().from(inspections).where(isNull(inspections.type)).orderBy(asc(inspections.timestamp)),
      alerts: await db.select().from(alerts).where(isNull(alerts.type)),
      schedules: await db.select().from(inspectionSchedules),
      assets: await db.select().from(assets),
      checklists: await db.select().from(checklists),
      attributes: await db.select().from(attributes),
      levels: await db.select().from(alertLevels).orderBy(asc(alertLevels.rank)),
      userIds: new Map((await db.select({ _id: users._id, username: users.username }).from(users)).map((u) => [u.username, u._id])),
      workOrders: await db.select().from(workOrders),
    };
  });
  afterAll(async () => {
    await t?.close();
  });

  /** The seeded catalogue as buildDemoHistory takes it, to build histories for other days. */
  const seededCatalogue = (): HistoryCatalogue => ({
    assets: rows.assets,
    checklists: rows.checklists,
    attributes: rows.attributes,
    levels: rows.levels,
    technicianId: 'technician',
    engineerId: 'engineer',
  });

  it('holds one to three thousand inspections spread over the last 90 days, none in the future', () => {
    const times = rows.inspections.map((i) => i.timestamp);
    expect(times.length).toBeGreaterThanOrEqual(1000);
    expect(times.length).toBeLessThanOrEqual(3000);
    const first = Math.min(...times);
    const last = Math.max(...times);
    expect(first).toBeGreaterThanOrEqual(startedAt - HISTORY_DAYS * DAY_MS);
    expect(first).toBeLessThan(startedAt - (HISTORY_DAYS - 2) * DAY_MS);
    expect(last).toBeLessThanOrEqual(seededAt);
    // Yesterday has rounds too: the history reaches up to the start day.
    expect(last).toBeGreaterThan(startedAt - 2 * DAY_MS);
    const days = new Set(times.map((time) => Math.floor(time / DAY_MS)));
    expect(days.size).toBeGreaterThanOrEqual(HISTORY_DAYS - 5);
    // Every asset of the demo catalogue is inspected, with each of its checklists.
    for (const asset of rows.assets) {
      for (const checklist of asset.checklists) {
        expect(rows.inspections.some((i) => i.asset === asset._id && i.checklist === checklist), `${asset.name} / ${checklist}`).toBe(true);
      }
    }
  });

  it('is done by the technician, and now and then by the engineer', () => {
    const technician = rows.inspections.filter((i) => i.user === rows.userIds.get('technician')).length;
    const engineer = rows.inspections.filter((i) => i.user === rows.userIds.get('engineer')).length;
    expect(technician + engineer).toBe(rows.inspections.length);
    expect(engineer).toBeGreaterThan(0);
    expect(technician).toBeGreaterThan(engineer * 4);
  });

  it('stores only values that fit their attribute type and their checklist item, with every mandatory item filled', () => {
    const attributeById = new Map(rows.attributes.map((a) => [a._id, a]));
    const checklistById = new Map(rows.checklists.map((c) => [c._id, c]));
    const assetById = new Map(rows.assets.map((a) => [a._id, a]));
    const typesSeen = new Set<string>();
    for (const inspection of rows.inspections) {
      const checklist = checklistById.get(inspection.checklist ?? '');
      expect(checklist, inspection._id).toBeDefined();
      if (!checklist) continue;
      expect(assetById.get(inspection.asset)?.checklists, inspection._id).toContain(checklist._id);
      expect(inspection.type).toBeNull();
      const items = new Map(checklist.checklistItems.map((item) => [item.attribute, item]));
      const given = new Set<string>();
      for (const { attribute: id, value } of inspection.attributeData) {
        const attribute = attributeById.get(id);
        expect(items.has(id), `${checklist.name}: ${id} is an item`).toBe(true);
        expect(attribute).toBeDefined();
        if (!attribute) continue;
        expect(inspectionValueProblem(attribute, value), `${checklist.name} / ${attribute.name}: ${JSON.stringify(value)}`).toBeNull();
        expect(given.has(id), `${attribute.name} given once`).toBe(false);
        given.add(id);
        typesSeen.add(attribute.type);
        if (attribute.type === 'date-time') expect(value as number).toBeLessThanOrEqual(inspection.timestamp);
      }
      for (const item of checklist.checklistItems) {
        const attribute = attributeById.get(item.attribute);
        // Image items stay empty in the history: there are no photos behind it.
        if (attribute && attribute.type !== 'image' && isMandatoryItem(item, attribute)) {
          expect(given.has(item.attribute), `${checklist.name}: mandatory ${attribute.name}`).toBe(true);
        }
      }
      for (const comment of inspection.attributeComments) {
        expect(given.has(comment.attribute)).toBe(true);
        expect(attributeById.get(comment.attribute)?.allowComment).toBe(true);
        expect(typeof comment.value === 'string' && comment.value.trim() !== '').toBe(true);
      }
    }
    // The values use every type the checklists carry, except images.
    const itemTypes = new Set(rows.checklists.flatMap((c) => c.checklistItems.map((i) => attributeById.get(i.attribute)?.type)));
    itemTypes.delete('image');
    expect(typesSeen).toEqual(itemTypes);
    expect(rows.inspections.some((i) => i.attributeComments.length > 0)).toBe(true);
  });

  it('has exactly the alerts the submit rule raises for each inspection, at their levels', () => {
    const checklistById = new Map(rows.checklists.map((c) => [c._id, c]));
    const attributeNames = new Map(rows.attributes.map((a) => [a._id, a.name]));
    const byInspection = new Map<string, (typeof rows.alerts)[number][]>();
    for (const alert of rows.alerts) byInspection.set(alert.inspection ?? '', [...(byInspection.get(alert.inspection ?? '') ?? []), alert]);
    let withAlerts = 0;
    for (const inspection of rows.inspections) {
      const checklist = checklistById.get(inspection.checklist ?? '');
      if (!checklist) continue;
      const values: Record<string, InspectionValue> = Object.fromEntries(inspection.attributeData.map((d) => [d.attribute, d.value]));
      const expected = raisedAlerts(checklist.checklistItems, attributeNames, values, rows.levels).map((r) => ({
        attribute: r.attribute,
        level: r.level._id,
        message: r.message,
        severityLevel: { text: r.level.name, color: r.level.color },
      }));
      const stored = (byInspection.get(inspection._id) ?? []).map((a) => {
        expect(a.asset).toBe(inspection.asset);
        expect(a.checklist).toBe(inspection.checklist);
        expect(a.timestamp).toBe(inspection.timestamp);
        expect(a.type).toBeNull();
        return { attribute: a.attribute, level: a.level, message: a.message, severityLevel: a.severityLevel };
      });
      const order = (x: { attribute: string | null }, y: { attribute: string | null }) => (x.attribute ?? '').localeCompare(y.attribute ?? '');
      expect(stored.sort(order), `${checklist.name} at ${new Date(inspection.timestamp).toISOString()}`).toEqual(expected.sort(order));
      if (expected.length > 0) withAlerts++;
    }
    expect(byInspection.size).toBe(withAlerts);
    // Excursions past a threshold are occasional: a few percent of the rounds.
    const share = withAlerts / rows.inspections.length;
    expect(share).toBeGreaterThan(0.01);
    expect(share).toBeLessThan(0.12);
    expect(new Set(rows.alerts.map((a) => a.level)).size).toBeGreaterThanOrEqual(3);
  });

  it('has older alerts mostly resolved by the engineer with a remark, and open ones', () => {
    const engineer = rows.userIds.get('engineer');
    // The demo's Completed work orders resolved the alerts they followed, by their assignee
    // (docs/work-orders.md, "Demo data"; tests/api/workOrders/seed.test.ts): the rest is the history's.
    const completedOrders = new Map(rows.workOrders.filter((o) => o.status === 'Completed' && o.alert !== null).map((o) => [o.alert, o]));
    for (const alert of rows.alerts.filter((a) => completedOrders.has(a._id))) expect(alert.resolvedBy).toBe(completedOrders.get(alert._id)!.assignedTo);
    const resolved = rows.alerts.filter((a) => a.resolvedAt !== null && !completedOrders.has(a._id));
    const open = rows.alerts.filter((a) => a.resolvedAt === null);
    expect(resolved.length).toBeGreaterThan(0);
    expect(open.length).toBeGreaterThan(0);
    for (const alert of resolved) {
      expect(alert.resolvedBy).toBe(engineer);
      expect(alert.remark?.trim()).toBeTruthy();
      expect(alert.resolvedAt).toBeGreaterThan(alert.timestamp);
      expect(alert.resolvedAt).toBeLessThanOrEqual(seededAt);
    }
    for (const alert of open) expect([alert.remark, alert.resolvedBy]).toEqual([null, null]);
    const older = rows.alerts.filter((a) => a.timestamp < startedAt - 7 * DAY_MS);
    expect(older.filter((a) => a.resolvedAt !== null).length / older.length).toBeGreaterThan(0.75);
  });

  it('has weekly and monthly schedules, completed by the inspections in their window, some overdue, some ahead', () => {
    const { schedules } = rows;
    const byId = new Map(rows.inspections.map((i) => [i._id, i]));
    for (const schedule of schedules) {
      // DESIGN §5: every inspection of the asset and its checklists in the window, and only those.
      const inWindow = rows.inspections
        .filter((i) => i.asset === schedule.asset && schedule.checklists.includes(i.checklist ?? '') && schedule.start <= i.timestamp && i.timestamp <= schedule.end)
        .map((i) => i._id);
      expect([...schedule.inspections].sort()).toEqual(inWindow.sort());
      for (const id of schedule.inspections) expect(byId.has(id)).toBe(true);
      const length = schedule.end + 1 - schedule.start;
      expect(length === 7 * DAY_MS || (length >= 28 * DAY_MS && length <= 31 * DAY_MS), `window of ${length} ms`).toBe(true);
    }
    expect(schedules.some((s) => s.end + 1 - s.start === 7 * DAY_MS)).toBe(true);
    expect(schedules.some((s) => s.end + 1 - s.start >= 28 * DAY_MS)).toBe(true);
    const past = schedules.filter((s) => s.end < startedAt);
    expect(past.filter((s) => s.inspections.length > 0).length).toBeGreaterThan(past.length / 2);
    expect(past.some((s) => s.inspections.length === 0)).toBe(true);
    expect(schedules.some((s) => s.start > startedAt + 21 * DAY_MS)).toBe(true);
    expect(Math.min(...schedules.map((s) => s.end))).toBeGreaterThanOrEqual(startedAt - (HISTORY_DAYS + 1) * DAY_MS);
    expect(Math.max(...schedules.map((s) => s.start))).toBeLessThanOrEqual(startedAt + 31 * DAY_MS);
  });

  it('gives the same history for the same day (a seeded generator, not chance)', () => {
    const catalogue = seededCatalogue();
    const now = startedAt;
    const shape = (history: ReturnType<typeof buildDemoHistory>) => ({
      inspections: history.inspections.map((i) => [i.asset, i.checklist, i.timestamp, i.user, i.attributeData, i.attributeComments]),
      alerts: history.alerts.map((a) => [a.attribute, a.level, a.timestamp, a.resolvedAt, a.remark]),
      schedules: history.schedules.map((s) => [s.asset, s.start, s.end, s.inspections.length]),
    });
    expect(shape(buildDemoHistory(catalogue, now))).toEqual(shape(buildDemoHistory({ ...catalogue, assets: [...catalogue.assets].reverse() }, now)));
  });

  it('leaves each building an open alert raised in the last three days, whatever day and hour the demo starts', () => {
    // The dashboards open on the last week (docs/dashboards.md "Seeded"): a first start on any day shows alerts there.
    const catalogue = seededCatalogue();
    const buildingsOfTheDemo = ['Building A', 'Building B'];
    // Forty starts, 17 hours apart: every weekday and every hour of the day, a Monday before the day shift among them.
    for (let start = 0; start < 40; start++) {
      const now = Date.UTC(2026, 10, 30, 1) + start * 17 * 3_600_000;
      const history = buildDemoHistory(catalogue, now);
      for (const building of buildingsOfTheDemo) {
        const ofBuilding = new Set(rows.assets.filter((a) => a.tags.includes(building)).map((a) => a._id));
        const recentOpen = history.alerts.filter((a) => ofBuilding.has(a.asset ?? '') && a.timestamp > now - 3 * DAY_MS && a.timestamp <= now && a.resolvedAt === null);
        expect(recentOpen.length, `${building}, demo started ${new Date(now).toISOString()}`).toBeGreaterThan(0);
      }
    }
  });

  it("shows in an asset's inspection and alert lists", async () => {
    const alertCounts = new Map<string, number>();
    for (const alert of rows.alerts) alertCounts.set(alert.asset, (alertCounts.get(alert.asset) ?? 0) + 1);
    const [assetId, alertCount] = [...alertCounts].sort((a, b) => b[1] - a[1])[0] ?? ['', 0];
    const inspected = rows.inspections.filter((i) => i.asset === assetId);

    const list = await t.request({ method: 'GET', url: `/api/inspection?assetId=${assetId}`, as: 'engineer' });
    expect(list.statusCode, list.body).toBe(200);
    const listed = list.json() as { _id: string; timestamp: number }[];
    expect(listed.map((i) => i._id).sort()).toEqual(inspected.map((i) => i._id).sort());
    expect(listed[0]?.timestamp).toBe(Math.max(...inspected.map((i) => i.timestamp)));

    const alertList = await t.request({ method: 'GET', url: `/api/alert?assetId=${assetId}`, as: 'engineer' });
    expect(alertList.statusCode, alertList.body).toBe(200);
    expect((alertList.json() as unknown[]).length).toBe(alertCount);
  });

  it('adds nothing on a later start', async () => {
    const before = await historyCounts(t);
    expect(before.inspections).toBeGreaterThan(0);
    await seedDatabase(t.app.services.db, t.config);
    expect(await historyCounts(t)).toEqual(before);
  });

  it('does not top up a history an administrator thinned out', async () => {
    const { db } = t.app.services;
    const [one] = rows.inspections;
    await db.delete(alerts).where(eq(alerts.inspection, one?._id ?? ''));
    await db.delete(inspections).where(eq(inspections._id, one?._id ?? ''));
    const before = await historyCounts(t);
    expect(before.inspections).toBe(rows.inspections.length - 1);
    await seedDatabase(db, t.config);
    expect(await historyCounts(t)).toEqual(before);
  });
});

describe('production seed', () => {
  it('writes no history', async () => {
    const t = await createTestApp({ seed: 'production', adminPassword: 'x'.repeat(12), production: true });
    try {
      expect(await historyCounts(t)).toEqual({ inspections: 0, alerts: 0, schedules: 0 });
    } finally {
      await t.close();
    }
  });
});
