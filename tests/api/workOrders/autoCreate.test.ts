import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../helpers/testApp';
import { adminApi, idsBy, ok, qs, type Doc } from '../administration/adminApi';
import { alerts, auditLog, configEntries, workOrders } from '../../../server/db/schema';
import { diffRecords } from '../../../server/crud/auditLog';
import { openWorkOrdersForAlerts, sweepAlertsWithoutOrders } from '../../../server/modules/workOrders/autoCreate';
import { createJobWriteApi } from '../../../server/jobs/jobWriteApi';
import { configEntry, saveConfig } from '../calendar/calendarFixture';
import { thermographyApi } from '../thermography/thermographyApi';
import { asRead, calls, refusedWith, workOrderWorld, type WorkOrderWorld } from './workOrderFixture';
import { eventually, listening, newWorkOrders, settled, socketsOf } from './pushSockets';

/**
 * The inspection → action loop (DESIGN §11, docs/work-orders.md last section): an alert at a level
 * of workOrder.autoCreate (the demo: critical) opens one order for the inspecting technician, High,
 * due a day later, pushed to them; nothing else does; never twice; completing it resolves the alert.
 */
let t: TestApp;
let world: WorkOrderWorld;
let api: ReturnType<typeof calls>;
let sockets: ReturnType<typeof socketsOf>;
let asset: Doc;
let checklist: Doc;
let vibration: Doc;
let noise: Doc;
let levels: Record<string, string>;
const HOUR = 3_600_000;

beforeAll(async () => {
  t = await createTestApp({ jobsEnabled: false });
  world = await workOrderWorld(t, 'Wa');
  api = calls(t);
  sockets = socketsOf(await listening(t), t);
  const admin = adminApi(t);
  levels = Object.fromEntries((await admin.list('alertLevel')).map((level) => [level.technicalName as string, level._id]));
  vibration = await admin.create('attribute', { name: 'Wa vibration', type: 'number' });
  noise = await admin.create('attribute', { name: 'Wa noise', type: 'number' });
  checklist = await admin.create('checklist', {
    name: 'Wa fan check',
    checklistItems: [
      { attribute: vibration._id, sequenceId: 1, threshold: { operation: 'greater than', value: 10, level: levels.critical }, showMandatoryIndicator: false },
      { attribute: noise._id, sequenceId: 2, threshold: { operation: 'greater than', value: 80, level: levels.medium }, showMandatoryIndicator: false },
    ],
  });
  asset = await admin.create('asset', { name: 'Wa exhaust fan', identification: 'WA-FAN', checklists: [checklist._id] });
});
afterEach(() => sockets.closeAll());
afterAll(() => t?.close());

async function submit(values: { vibration?: number; noise?: number }, as = 'technician'): Promise<{ alerts: Doc[] }> {
  const data: Record<string, number> = {};
  if (values.vibration !== undefined) data[vibration._id] = values.vibration;
  if (values.noise !== undefined) data[noise._id] = values.noise;
  return ok(await t.request({ method: 'POST', url: `/api/inspection?assetId=${asset._id}`, payload: { inspectionData: { [checklist._id]: data } }, as }));
}

const ordersOf = async (alertId: string) => ok<Doc[]>(await api.list(qs({ filters: { alert: alertId } })));

describe('an inspection raising a critical alert', () => {
  it('opens exactly one order for the inspecting technician, linked to the alert, High, due a day later, pushed to them', async () => {
    const technician = await sockets.connect('technician');
    const thermoTech = await sockets.connect('thermo.tech');
    const answer = await submit({ vibration: 12.5 });
    expect(answer.alerts).toHaveLength(1);
    const alert = answer.alerts[0]!;
    const [order, ...more] = await ordersOf(alert._id);
    expect(more).toEqual([]);
    expect(order).toMatchObject({
      asset: asset._id,
      assetName: 'Wa exhaust fan',
      assignedTo: world.users.technician,
      assignedToName: 'Tom Technician',
      priority: 'High',
      status: 'Open',
      alert: alert._id,
      startTimestamp: alert.timestamp,
      endTimestamp: alert.timestamp + 24 * HOUR,
      createdBy: null,
    });
    expect(order!.title).toMatch(/^Critical alert: Wa exhaust fan — .*Wa vibration.*12\.5/);
    expect(order!.title).not.toMatch(/<|&amp;/);
    const pushed = await eventually(technician, (e) => e.event === 'new-work-order');
    // The push carries the order as the list reads it (NewWorkOrderEvent's fields of it).
    const { _id, title, asset: assetId, assetName, priority, status, startTimestamp, endTimestamp, alert: alertId } = order!;
    expect(pushed.payload).toEqual({ _id, title, asset: assetId, assetName, priority, status, startTimestamp, endTimestamp, alert: alertId });
    await settled(t, [{ recorded: thermoTech, userId: world.users['thermo.tech']! }]);
    expect(newWorkOrders(thermoTech)).toEqual([]);
  });

  it("reads the alert as text in the order's title and description: 'is 16.4, alert', no space before the comma (issue 40)", async () => {
    const { alerts: raised } = await submit({ vibration: 16.4 });
    // The alert keeps its HTML; the order reads it as a sentence.
    expect(raised[0]!.message).toBe('<p><strong>Wa vibration</strong> is <strong>16.4</strong>, alert when greater than 10.</p>');
    const [order] = await ordersOf(raised[0]!._id);
    expect(order!.title).toBe('Critical alert: Wa exhaust fan — Wa vibration is 16.4, alert when greater than 10.');
    expect(order!.description).toBe('Opened automatically for the Critical alert on Wa exhaust fan: Wa vibration is 16.4, alert when greater than 10.');
  });

  it('records the order in the audit log as created by nobody, with its fields as changes, like any created order', async () => {
    const { alerts: raised } = await submit({ vibration: 21 });
    const [order] = await ordersOf(raised[0]!._id);
    const db = t.app.services.db;
    const [row] = await db.select().from(workOrders).where(eq(workOrders._id, order!._id as string));
    const entries = await db.select().from(auditLog).where(and(eq(auditLog.entity, 'workOrder'), eq(auditLog.recordId, order!._id as string)));
    expect(entries).toEqual([expect.objectContaining({ action: 'create', userId: null, userName: '', changes: diffRecords(null, row!) })]);
  });

  it('brings the technician the alert in the order’s detail (they cannot read alerts)', async () => {
    const { alerts: raised } = await submit({ vibration: 15, noise: 60 });
    const [order] = await ordersOf(raised[0]!._id);
    const detail = ok<Doc>(await api.read(order!._id, 'technician'));
    expect(detail.alertSummary).toMatchObject({
      _id: raised[0]!._id,
      levelName: 'Critical',
      checklistName: 'Wa fan check',
      inspectedByName: 'Tom Technician',
      resolvedAt: null,
      values: [
        { attribute: vibration._id, name: 'Wa vibration', type: 'number', value: 15 },
        { attribute: noise._id, name: 'Wa noise', type: 'number', value: 60 },
      ],
    });
    expect(detail.alertSummary.message).toContain('Wa vibration');
  });

  it('opens none for an alert at a level the rule does not name (medium)', async () => {
    const { alerts: raised } = await submit({ noise: 95 });
    expect(raised).toHaveLength(1);
    expect(await ordersOf(raised[0]!._id)).toEqual([]);
  });

  it('never opens a second one: not by the open function again, nor by the sweep, nor by hand (409)', async () => {
    const { alerts: raised } = await submit({ vibration: 20 });
    const alertId = raised[0]!._id;
    expect((await openWorkOrdersForAlerts(t.app.services.db, [alertId])).opened).toEqual([]);
    expect((await sweepAlertsWithoutOrders(t.app.services.db)).opened.map((o) => o.alert)).not.toContain(alertId);
    const byHand = { title: 'Again', asset: asset._id, assignedTo: world.users.technician, priority: 'High', status: 'Open', startTimestamp: Date.now(), endTimestamp: Date.now() + HOUR, alert: alertId };
    refusedWith(await api.create(byHand), 409, 'alert');
    expect(await ordersOf(alertId)).toHaveLength(1);
  });

  it('once means once: an order an engineer deleted is not opened again by the sweep or the open function', async () => {
    const { alerts: raised } = await submit({ vibration: 21 });
    const alertId = raised[0]!._id;
    const [order] = await ordersOf(alertId);
    expect(order).toBeDefined();
    expect((await api.remove(order!._id)).statusCode).toBe(200);
    expect((await sweepAlertsWithoutOrders(t.app.services.db)).opened.map((o) => o.alert)).not.toContain(alertId);
    expect((await openWorkOrdersForAlerts(t.app.services.db, [alertId])).opened).toEqual([]);
    expect(await ordersOf(alertId)).toEqual([]);
  });
});

describe('completing an order opened for an alert', () => {
  it('resolves the alert by whoever completed it, with the last comment recorded as remark', async () => {
    const engineer = await sockets.connect('engineer');
    const { alerts: raised } = await submit({ vibration: 11 });
    const [order] = await ordersOf(raised[0]!._id);
    ok(await api.record(order!._id, { comment: 'Loose mounting bolt found' }));
    ok(await api.update(order!._id, await asRead(world, order!._id, { status: 'In Progress' }), 'technician'));
    ok(await api.record(order!._id, { comment: '  Tightened the bolts, vibration back to 2 mm/s  ' }));
    ok(await api.update(order!._id, await asRead(world, order!._id, { status: 'Completed' }), 'technician'));
    const alert = ok<Doc>(await t.request({ method: 'GET', url: `/api/alert/${raised[0]!._id}`, as: 'engineer' }));
    expect(alert).toMatchObject({ remark: 'Tightened the bolts, vibration back to 2 mm/s', resolvedBy: world.users.technician, resolvedByName: 'Tom Technician' });
    expect(alert.resolvedAt).toEqual(expect.any(Number));
    await eventually(engineer, (e) => e.event === 'update-detail' && e.payload.type === 'alert' && e.payload._id === raised[0]!._id);
    await eventually(engineer, (e) => e.event === 'update-detail' && e.payload.type === 'inspection' && e.payload._id === alert.inspection);
    expect(ok<Doc>(await api.read(order!._id, 'technician')).alertSummary.resolvedAt).toBe(alert.resolvedAt);
  });

  it('says so when nobody wrote a comment: "Work order completed: <title>"', async () => {
    const { alerts: raised } = await submit({ vibration: 13 });
    const [order] = await ordersOf(raised[0]!._id);
    ok(await api.update(order!._id, await asRead(world, order!._id, { status: 'Completed' })));
    const alert = ok<Doc>(await t.request({ method: 'GET', url: `/api/alert/${raised[0]!._id}`, as: 'engineer' }));
    expect(alert).toMatchObject({ remark: `Work order completed: ${order!.title}`, resolvedBy: world.users.engineer });
  });

  it('leaves an alert resolved meanwhile as it was resolved', async () => {
    const { alerts: raised } = await submit({ vibration: 14 });
    const [order] = await ordersOf(raised[0]!._id);
    ok(await t.request({ method: 'POST', url: '/api/alert/resolve', as: 'engineer', payload: { remark: 'Sensor fault', ids: [raised[0]!._id] } }));
    ok(await api.update(order!._id, await asRead(world, order!._id, { status: 'Completed' }), 'technician'));
    expect(ok<Doc>(await t.request({ method: 'GET', url: `/api/alert/${raised[0]!._id}`, as: 'engineer' }))).toMatchObject({ remark: 'Sensor fault', resolvedBy: world.users.engineer });
  });
});

describe('an inspector who may not hold orders', () => {
  it("submits a critical value: the order goes to the rule's fallbackAssignee, the engineer", async () => {
    const admin = adminApi(t);
    const permissions = idsBy(await admin.list('permission'), 'name');
    const role = await admin.create('role', { name: 'Wa inspectors', permissions: [permissions['update-inspection']] });
    const inspector = await admin.create('user', { username: 'wa.inspector', name: 'Wa Inspector', role: role._id });
    const { password } = ok<{ password: string }>(await admin.post(`/user/${inspector._id}/resetPassword`, {}));
    const token = await t.login('wa.inspector', password);
    const answer = await t.app.inject({
      method: 'POST',
      url: `/api/inspection?assetId=${asset._id}`,
      headers: { 'x-auth': token },
      payload: { inspectionData: { [checklist._id]: { [vibration._id]: 17 } } },
    });
    const [alert] = ok<{ alerts: Doc[] }>(answer).alerts;
    expect(await ordersOf(alert!._id)).toEqual([expect.objectContaining({ assignedTo: world.users.engineer, assignedToName: 'Eric Engineer', alert: alert!._id })]);
  });
});

describe('other places alerts are stored', () => {
  it('a job’s alert (nobody inspected): the order goes to the rule’s fallbackAssignee, the engineer', async () => {
    const { api: write, summary } = createJobWriteApi(t.app.services.db, t.app.services.pushes);
    const { _id } = await write.createAlert({ asset: asset._id, level: 'critical', message: '<p>Overdue &amp; unanswered</p>' });
    const [order] = await ordersOf(_id);
    expect(order).toMatchObject({ assignedTo: world.users.engineer, alert: _id, priority: 'High' });
    expect(order!.title).toBe('Critical alert: Wa exhaust fan — Overdue & unanswered');
    expect(summary.workOrders).toEqual([order!._id]);
  });

  it('a thermography approval at severity A (critical): the order goes to the technician who recorded the note', async () => {
    const thermo = thermographyApi(t);
    const note = await thermo.completeNote('flir-one', 'A');
    ok(await thermo.status(note._id, 'approved', 'thermo.manager'));
    const [alert] = ok<Doc[]>(await t.request({ method: 'GET', url: `/api/inspection/${note.inspection}/${note._id}/alert`, as: 'engineer' }));
    const [order] = await ordersOf(alert!._id);
    expect(order).toMatchObject({ assignedTo: world.users['thermo.tech'], priority: 'High', alert: alert!._id });
  });
});

describe('the sweep (system job, every minute)', () => {
  async function storeAlert(level: string, timestamp: number, resolved = false): Promise<string> {
    const _id = `wa-${Math.random().toString(16).slice(2)}`;
    await t.app.services.db.insert(alerts).values({
      _id, inspection: null, asset: asset._id, level: levels[level]!, message: `<p>Stored without its order (${level})</p>`, timestamp, severityLevel: { text: level, color: '#d32f2f' },
      ...(resolved ? { remark: 'Dealt with', resolvedAt: timestamp + 1, resolvedBy: world.users.engineer } : {}),
    });
    return _id;
  }

  it('opens the orders a crash left behind: open alerts of the last 24 h at the rule’s levels, once', async () => {
    const now = Date.now();
    const missed = await storeAlert('critical', now - 2 * HOUR);
    const tooOld = await storeAlert('critical', now - 25 * HOUR);
    const resolved = await storeAlert('critical', now - HOUR, true);
    const high = await storeAlert('high', now - HOUR);
    const run = await t.app.jobs.runSystemNow('system:work-order-sweep');
    expect(run).toMatchObject({ outcome: 'ok' });
    expect(run!.summary).toMatchObject({ openedWorkOrders: 1 });
    expect(await ordersOf(missed)).toEqual([expect.objectContaining({ assignedTo: world.users.engineer, alert: missed })]);
    for (const id of [tooOld, resolved, high]) expect(await ordersOf(id)).toEqual([]);
    expect((await sweepAlertsWithoutOrders(t.app.services.db)).opened).toEqual([]);
  });

  it('a broken rule does not fail the submit; once corrected, the sweep opens the order', async () => {
    const rule = await configEntry(t, 'workOrder.autoCreate');
    await t.app.services.db.update(configEntries).set({ value: '{"levels": ["critical"' }).where(eq(configEntries._id, rule._id));
    let raised: Doc[];
    try {
      raised = (await submit({ vibration: 30 })).alerts;
      expect(await ordersOf(raised[0]!._id)).toEqual([]);
    } finally {
      ok(await saveConfig(t, 'workOrder.autoCreate', rule.value));
    }
    const { opened } = await sweepAlertsWithoutOrders(t.app.services.db);
    expect(opened.map((order) => order.alert)).toEqual([raised[0]!._id]);
    // What the sweep reports opened is the order as the list reads it.
    expect(opened).toEqual(await ordersOf(raised[0]!._id));
  });

  it('does nothing with the rule off (levels empty)', async () => {
    const rule = await configEntry(t, 'workOrder.autoCreate');
    ok(await saveConfig(t, 'workOrder.autoCreate', { levels: [] }));
    try {
      const { alerts: raised } = await submit({ vibration: 40 });
      expect(await ordersOf(raised[0]!._id)).toEqual([]);
      expect((await sweepAlertsWithoutOrders(t.app.services.db)).opened).toEqual([]);
    } finally {
      ok(await saveConfig(t, 'workOrder.autoCreate', rule.value));
      await sweepAlertsWithoutOrders(t.app.services.db);
    }
    const stored = await t.app.services.db.select().from(workOrders).where(and(eq(workOrders.asset, asset._id)));
    expect(new Set(stored.map((o) => o.alert)).size).toBe(stored.length);
  });
});
