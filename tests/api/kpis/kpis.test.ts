import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/testApp';
import { adminApi, ok, userHolding, type Doc } from '../administration/adminApi';
import { alerts, users, workOrderLabour, workOrderParts, workOrders } from '../../../server/db/schema';
import { inArray } from 'drizzle-orm';

/**
 * The maintenance KPIs (DESIGN §18, docs/kpis.md) over a small fixed history written here: ten
 * orders on two assets, their downtime, labour, parts and four alerts, in the ten days from
 * 1 November 2026 (240 hours). Every expected figure is worked out by hand from the formulas in
 * docs/kpis.md, in the comments beside it; the drill-down's rows give each figure again.
 */
let t: TestApp;
let api: ReturnType<typeof adminApi>;
let pump: Doc;
let fan: Doc;

const at = (day: number, hour: number, minute = 0) => Date.UTC(2026, 10, day, hour, minute);
const START = at(1, 0);
const END = at(11, 0);

beforeAll(async () => {
  t = await createTestApp({ jobsEnabled: false });
  api = adminApi(t);
  pump = await api.create('asset', { name: 'Kp pump', identification: 'KP-PUMP' });
  fan = await api.create('asset', { name: 'Kp fan', identification: 'KP-FAN' });
  const db = t.app.services.db;
  const people = await db.select({ _id: users._id, username: users.username }).from(users).where(inArray(users.username, ['technician', 'engineer']));
  const tech = people.find((p) => p.username === 'technician')!._id;
  const eng = people.find((p) => p.username === 'engineer')!._id;
  const order = (_id: string, asset: Doc, type: string, fields: Partial<typeof workOrders.$inferInsert>) => ({
    _id, title: `Kp ${_id}`, status: 'Completed', priority: 'Medium', asset: asset._id, assignedTo: tech, type,
    startTimestamp: at(1, 8), endTimestamp: at(1, 16), createdAt: at(1, 0), updatedAt: at(1, 0), ...fields,
  });
  await db.insert(workOrders).values([
    order('o1', pump, 'corrective', { downtimeStart: at(2, 8), downtimeEnd: at(2, 12), completedAt: at(2, 13), completedBy: tech }),
    order('o2', pump, 'corrective', { downtimeStart: at(5, 10), downtimeEnd: at(5, 11, 30), completedAt: at(5, 12), completedBy: tech }),
    order('o3', fan, 'corrective', { downtimeStart: Date.UTC(2026, 9, 31, 20), downtimeEnd: at(1, 2), completedAt: at(1, 3), completedBy: tech }),
    order('o4', fan, 'preventive', { startTimestamp: at(7, 8), endTimestamp: at(8, 8), downtimeStart: at(8, 0), downtimeEnd: at(8, 3), completedAt: at(8, 4), completedBy: tech }),
    order('o5', fan, 'corrective', { status: 'In Progress', downtimeStart: at(10, 22), downtimeEnd: at(11, 4), estimatedHours: 5 }),
    order('o6', pump, 'preventive', { startTimestamp: at(3, 8), endTimestamp: at(3, 17), completedAt: at(4, 9), completedBy: tech }),
    order('o7', pump, 'preventive', { status: 'Open', startTimestamp: at(9, 8), endTimestamp: at(9, 12) }),
    order('o8', fan, 'preventive', { status: 'Open', startTimestamp: at(12, 8), endTimestamp: at(12, 12), estimatedHours: 2.5 }),
    order('o9', pump, 'condition-based', { status: 'Open', startTimestamp: at(6, 8), endTimestamp: at(20, 8), estimatedHours: 8 }),
    order('o10', pump, 'inspection-follow-up', { status: 'On Hold', estimatedHours: 3 }),
  ]);
  const labour = (_id: string, workOrder: string, user: string, startedAt: number, endedAt: number | null, hourlyRate: number | null) => ({
    _id, workOrder, user, startedAt, endedAt, hourlyRate, createdBy: user,
  });
  await db.insert(workOrderLabour).values([
    labour('l1', 'o1', tech, at(2, 8), at(2, 12), 40),
    labour('l2', 'o4', tech, at(8, 0), at(8, 2, 30), 40),
    labour('l3', 'o9', eng, at(6, 9), at(6, 10, 30), 60),
    labour('l4', 'o2', tech, at(5, 10), at(5, 11), null),
    labour('l5', 'o3', tech, Date.UTC(2026, 9, 31, 20), at(1, 1), 40),
    labour('l6', 'o5', tech, at(10, 22), null, 40),
  ]);
  await db.insert(workOrderParts).values([
    { _id: 'p1', workOrder: 'o1', part: 'part-a', quantity: 2, unitCost: 12.4, usedBy: tech, usedAt: at(2, 11) },
    { _id: 'p2', workOrder: 'o4', part: 'part-b', quantity: 1, unitCost: 150, usedBy: tech, usedAt: at(8, 1) },
    { _id: 'p3', workOrder: 'o3', part: 'part-a', quantity: 3, unitCost: 5, usedBy: tech, usedAt: Date.UTC(2026, 9, 31, 21) },
    { _id: 'p4', workOrder: 'o5', part: 'part-c', quantity: 1, unitCost: null, usedBy: tech, usedAt: at(10, 23) },
  ]);
  const [level] = await api.list('alertLevel');
  const alert = (_id: string, asset: Doc, timestamp: number, acknowledgedAt: number | null, resolvedAt: number | null) => ({
    _id, asset: asset._id, level: level!._id, message: _id, timestamp, severityLevel: { text: 'x', color: '#d32f2f' },
    acknowledgedAt, acknowledgedBy: acknowledgedAt === null ? null : eng, resolvedAt, resolvedBy: resolvedAt === null ? null : eng,
  });
  await db.insert(alerts).values([
    alert('a1', pump, at(3, 10), at(3, 10, 12), at(3, 14)),
    alert('a2', fan, at(6, 8), at(6, 8, 30), at(7, 8)),
    alert('a3', pump, at(9, 0), null, null),
    alert('a4', fan, Date.UTC(2026, 9, 30, 8), Date.UTC(2026, 9, 30, 9), Date.UTC(2026, 9, 30, 10)),
  ]);
  // A crew of 62 hours a week, ready when Open or In Progress.
  const [entry] = (await api.list('config', { filter: { q: 'kpi.backlog' } })) as Doc[];
  ok(await api.put(`/config/${entry!._id}`, { ...entry, value: JSON.stringify({ weeklyCrewHours: 62, readyStatuses: ['Open', 'In Progress'] }) }));
});
afterAll(() => t?.close());

const scope = () => `start=${START}&end=${END}&asset=${pump._id},${fan._id}`;
const figure = async (name: string, as = 'engineer') => ok<Doc>(await t.request({ as, method: 'GET', url: `/api/kpi/${name}?${scope()}` }));
const rows = async (name: string) => ok<Doc>(await t.request({ as: 'engineer', method: 'GET', url: `/api/kpi/${name}/rows?${scope()}` }));
const sum = (list: Doc[], field: string) => Math.round(list.reduce((total, row) => total + (row[field] as number), 0) * 100) / 100;

describe('each KPI against the hand-computed history', () => {
  it('MTBF: (2 assets × 240 h − 12.5 h down) ÷ 3 failures = 467.5 ÷ 3 = 155.83 h', async () => {
    // Down in the period: o1 4 h, o2 1.5 h, o3 2 h (from 00:00), o4 3 h, o5 2 h (to 00:00) = 12.5 h.
    // Failures: corrective with downtime begun in the period: o1, o2, o5 (o3 began before it; o4 is preventive).
    expect(await figure('mtbf')).toMatchObject({ value: 155.83, numerator: 467.5, denominator: 3, rows: 5, unit: 'hours' });
    const { rows: counted, total } = await rows('mtbf');
    expect(total).toBe(5);
    expect(counted.map((row: Doc) => row._id).sort()).toEqual(['o1', 'o2', 'o3', 'o4', 'o5']);
    expect(sum(counted, 'downHours')).toBe(12.5);
    expect(counted.filter((row: Doc) => row.failure).map((row: Doc) => row._id).sort()).toEqual(['o1', 'o2', 'o5']);
  });

  it('MTTR: (o1 4 h + o2 1.5 h + o3 6 h) ÷ 3 repairs finished in the period = 3.83 h', async () => {
    expect(await figure('mttr')).toMatchObject({ value: 3.83, numerator: 11.5, denominator: 3, rows: 3 });
    const { rows: counted } = await rows('mttr');
    expect(counted.map((row: Doc) => row._id).sort()).toEqual(['o1', 'o2', 'o3']);
    expect(sum(counted, 'repairHours')).toBe(11.5);
  });

  it('PM compliance: o4 on time of o4, o6 (late), o7 (not done) due in the period = 33.33 %', async () => {
    expect(await figure('pmCompliance')).toMatchObject({ value: 33.33, numerator: 1, denominator: 3, rows: 3, unit: 'percent' });
    const { rows: counted } = await rows('pmCompliance');
    expect(counted.map((row: Doc) => [row._id, row.onTime])).toEqual([['o7', false], ['o4', true], ['o6', false]]);
  });

  it('planned maintenance: (l2 2.5 h + l3 1.5 h) ÷ (4 + 2.5 + 1.5 + 1) h = 44.44 %', async () => {
    // l5 began before the period, l6 is still running: neither counts.
    expect(await figure('plannedPercentage')).toMatchObject({ value: 44.44, numerator: 4, denominator: 9, rows: 4 });
    const { rows: counted } = await rows('plannedPercentage');
    expect(counted.map((row: Doc) => row._id).sort()).toEqual(['l1', 'l2', 'l3', 'l4']);
    expect(sum(counted.filter((row: Doc) => row.planned), 'hours')).toBe(4);
    expect(sum(counted, 'hours')).toBe(9);
  });

  it('backlog: (o5 5 h + o8 2.5 h + o9 8 h) ÷ 62 crew hours a week = 0.25 weeks', async () => {
    // o7 is Open with no estimate: counted, 0 h. o10 is On Hold: not ready.
    expect(await figure('backlogWeeks')).toMatchObject({ value: 0.25, numerator: 15.5, denominator: 62, rows: 4, unit: 'weeks' });
    const { rows: counted } = await rows('backlogWeeks');
    expect(counted.map((row: Doc) => row._id).sort()).toEqual(['o5', 'o7', 'o8', 'o9']);
  });

  it('mean time to acknowledge: (12 + 30) min ÷ 2 = 21 min; to resolve: (4 + 24) h ÷ 2 = 14 h', async () => {
    expect(await figure('alertAcknowledge')).toMatchObject({ value: 21, numerator: 42, denominator: 2, rows: 2, unit: 'minutes' });
    expect(await figure('alertResolve')).toMatchObject({ value: 14, numerator: 28, denominator: 2, rows: 2, unit: 'hours' });
    const { rows: acknowledged } = await rows('alertAcknowledge');
    expect(acknowledged.map((row: Doc) => [row._id, row.minutes, row.acknowledgedByName])).toEqual([['a2', 30, 'Eric Engineer'], ['a1', 12, 'Eric Engineer']]);
  });

  it('cost per asset: pump (160 + 90 + 24.80) and fan (100 + 150) = 524.80 ÷ 2 = 262.40', async () => {
    // l4 had no rate: no cost; p3 was used before the period; p4 had no unit cost.
    expect(await figure('costPerAsset')).toMatchObject({ value: 262.4, numerator: 524.8, denominator: 2, rows: 2, unit: 'money' });
    const { rows: counted } = await rows('costPerAsset');
    expect(counted.map((row: Doc) => [row.assetName, row.labourCost, row.partsCost, row.total])).toEqual([
      ['Kp pump', 250, 24.8, 274.8],
      ['Kp fan', 100, 150, 250],
    ]);
  });

  it('one asset alone: the pump’s MTBF is (240 − 5.5) h ÷ 2 failures = 117.25 h', async () => {
    const only = ok<Doc>(await t.request({ as: 'engineer', method: 'GET', url: `/api/kpi/mtbf?start=${START}&end=${END}&asset=Kp%20pump` }));
    expect(only).toMatchObject({ value: 117.25, numerator: 234.5, denominator: 2, rows: 2 });
  });

  it('downtime of one asset that overlaps counts once: (240 − 5) h ÷ 2 failures = 117.5 h', async () => {
    // Two repairs of one stop of the press: 08:00–12:00 and 10:00–13:00 on 2 November, down 5 h in all.
    const press = await api.create('asset', { name: 'Kp press', identification: 'KP-PRESS' });
    const [tech] = await t.app.services.db.select({ _id: users._id }).from(users).where(inArray(users.username, ['technician']));
    const repair = (_id: string, downtimeStart: number, downtimeEnd: number) => ({
      _id, title: `Kp ${_id}`, status: 'Completed', priority: 'High', asset: press._id, assignedTo: tech!._id, type: 'corrective',
      startTimestamp: downtimeStart, endTimestamp: downtimeEnd, downtimeStart, downtimeEnd, completedAt: downtimeEnd, createdAt: START, updatedAt: START,
    });
    await t.app.services.db.insert(workOrders).values([repair('o21', at(2, 8), at(2, 12)), repair('o22', at(2, 10), at(2, 13))]);
    const query = `start=${START}&end=${END}&asset=${press._id}`;
    expect(ok<Doc>(await t.request({ as: 'engineer', method: 'GET', url: `/api/kpi/mtbf?${query}` }))).toMatchObject({ value: 117.5, numerator: 235, denominator: 2, rows: 2 });
    const counted = ok<Doc>(await t.request({ as: 'engineer', method: 'GET', url: `/api/kpi/mtbf/rows?${query}` })).rows as Doc[];
    expect(counted.map((row) => [row._id, row.downHours])).toEqual([['o22', 1], ['o21', 4]]);
  });

  it('pages the rows with Content-Range', async () => {
    const response = await t.request({ as: 'engineer', method: 'GET', url: `/api/kpi/mtbf/rows?${scope()}&range=[1,2]` });
    expect(response.headers['content-range']).toBe('kpi 1-2/5');
    expect(ok<Doc>(response).rows).toHaveLength(2);
  });

  const rowsAt = (query: string) => t.request({ as: 'engineer', method: 'GET', url: `/api/kpi/mtbf/rows?${scope()}&${query}` });
  const ids = (response: Awaited<ReturnType<typeof rowsAt>>) => (ok<Doc>(response).rows as Doc[]).map((row) => row._id);

  it('sorts the rows by one of its fields; ties keep the KPI order (stopped, newest first)', async () => {
    // Down in period: o1 4, o4 3, o5 2 (stopped day 10), o3 2 (stopped 31 Oct), o2 1.5 h.
    expect(ids(await rowsAt(`sort=${encodeURIComponent('["downHours","DESC"]')}`))).toEqual(['o1', 'o4', 'o5', 'o3', 'o2']);
    expect(ids(await rowsAt(`sort=${encodeURIComponent('["downHours","ASC"]')}`))).toEqual(['o2', 'o5', 'o3', 'o4', 'o1']);
  });

  it('searches the text fields over every row counted, then pages the matches: total stays the figure’s rows', async () => {
    const fan = await rowsAt('search=FAN');
    expect(ids(fan).sort()).toEqual(['o3', 'o4', 'o5']);
    expect(ok<Doc>(fan)).toMatchObject({ total: 5, matching: 3 });
    expect(fan.headers['content-range']).toBe('kpi 0-2/3');
    // The pump's rows by their downtime, smallest first: o2 1.5 h, o1 4 h; the second page of one.
    const second = await rowsAt(`search=pump&sort=${encodeURIComponent('["downHours","ASC"]')}&range=[1,1]`);
    expect(ids(second)).toEqual(['o1']);
    expect(second.headers['content-range']).toBe('kpi 1-1/2');
    // A type's label is text too; a % is a character, not a wildcard.
    expect(ids(await rowsAt('search=preventive'))).toEqual(['o4']);
    expect(ok<Doc>(await rowsAt(`search=${encodeURIComponent('Kp%')}`))).toMatchObject({ rows: [], total: 5, matching: 0 });
  });
});

describe('who may read a KPI, and bad input', () => {
  it('the order KPIs need manage-workorder, the alert KPIs read-alert (403)', async () => {
    const alertsOnly = await userHolding(t, 'kp-alerts', ['read-alert']);
    const as = (url: string) => t.request({ method: 'GET', url, headers: { 'x-auth': alertsOnly } });
    expect((await as(`/api/kpi/mtbf?${scope()}`)).statusCode).toBe(403);
    expect(ok<Doc>(await as(`/api/kpi/alertResolve?${scope()}`)).value).toBe(14);
    expect(ok<Doc[]>(await as('/api/kpi')).map((kpi) => kpi.name)).toEqual(['alertAcknowledge', 'alertResolve']);
    expect((await t.request({ as: 'technician', method: 'GET', url: `/api/kpi/mtbf?${scope()}` })).statusCode).toBe(403);
  });

  it.each([
    ['end', `start=${END}&end=${START}`],
    ['start', 'start=yesterday'],
    ['end', `start=0&end=${END}`],
    ['asset', 'asset=no-such-asset'],
  ])('refuses a bad %s with a 400 naming it', async (field, query) => {
    const response = await t.request({ as: 'engineer', method: 'GET', url: `/api/kpi/mtbf?${query}` });
    expect(response.statusCode, response.body).toBe(400);
    expect(Object.keys(response.json().errors)).toEqual([field]);
  });

  it.each([
    ['a field the rows do not have', '["password","ASC"]'],
    ['no direction', '["downHours"]'],
    ['a direction that is not one', '["downHours","UP"]'],
    ['not JSON', 'downHours'],
  ])('refuses a sort of %s with a 400 naming sort', async (_case, sort) => {
    const response = await t.request({ as: 'engineer', method: 'GET', url: `/api/kpi/mtbf/rows?sort=${encodeURIComponent(sort)}` });
    expect(response.statusCode, response.body).toBe(400);
    expect(Object.keys(response.json().errors)).toEqual(['sort']);
  });
});

describe('the kpi widget', () => {
  it('computes its KPI over the dashboard’s date range and asset filter', async () => {
    const widget = await api.create('widget', { name: 'Kp MTBF', type: 'kpi', options: { kpi: 'mtbf' } });
    const response = ok<Doc>(await t.request({ as: 'engineer', method: 'GET', url: `/api/widget/${widget._id}?period=${START}|${END}&asset=${pump._id}` }));
    expect(response).toMatchObject({ type: 'kpi', data: { kpi: 'mtbf', value: 117.25, rows: 2 }, dependsOn: ['workOrder'] });
  });

  it('a kpi widget must name one of the KPIs', async () => {
    const response = await api.post('/widget', { name: 'Kp nothing', type: 'kpi', options: {} });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/options\.kpi: a kpi widget names its KPI/);
  });
});

describe('the kpi.backlog config entry', () => {
  it.each([
    ['{"weeklyCrewHours": 0, "readyStatuses": ["Open"]}', /weeklyCrewHours must be a number of hours above 0/],
    ['{"weeklyCrewHours": 40, "readyStatuses": []}', /readyStatuses must be a non-empty list/],
    ['{"weeklyCrewHours": 40, "readyStatuses": ["Open"], "crew": 4}', /kpi\.backlog\.crew is not allowed/],
    ['40', /must be an object/],
  ])('refuses %s when saved, with a 400 naming value', async (value, message) => {
    const [entry] = (await api.list('config', { filter: { q: 'kpi.backlog' } })) as Doc[];
    const response = await api.put(`/config/${entry!._id}`, { ...entry, value });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors.value).toMatch(message);
  });
});
