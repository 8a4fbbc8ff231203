import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/testApp';
import { adminApi, expectError, ok, type Doc } from '../administration/adminApi';

let t: TestApp;
let api: ReturnType<typeof adminApi>;

beforeAll(async () => {
  t = await createTestApp();
  api = adminApi(t);
});
afterAll(() => t.close());

let counter = 0;
/** A widget of `type` whose script is `code`. */
async function widgetWith(type: string, code: string, extra: Record<string, unknown> = {}): Promise<Doc> {
  counter += 1;
  const script = await api.create('script', { name: `Test widget script ${counter}`, code });
  return api.create('widget', { name: `Test widget ${counter}`, type, script: script._id, ...extra });
}
const dataOf = (id: string, query = '', as = 'engineer') => api.get(`/widget/${encodeURIComponent(id)}${query ? `?${query}` : ''}`, as);

describe('GET /widget/{id}: data per type', () => {
  it('answers the widget with the data of its type in the full form, and the entities its script read', async () => {
    const string = await widgetWith('string', "return query.count('alert', { where: { resolvedAt: null } });", { options: { color: '#ff0000' } });
    const body = ok<Doc>(await dataOf(string._id));
    expect(body).toMatchObject({ _id: string._id, name: string.name, type: 'string', options: { color: '#ff0000' }, navigation: null, dependsOn: ['alert'] });
    expect(body.data).toEqual({ value: expect.stringMatching(/^\d+$/) });

    const progress = await widgetWith('progress', 'return 42;');
    expect(ok<Doc>(await dataOf(progress._id)).data).toEqual({ value: 42, max: 100 });
    const progressOf = await widgetWith('progress', "return { value: 3, max: 4, caption: '3 of 4' };");
    expect(ok<Doc>(await dataOf(progressOf._id)).data).toEqual({ value: 3, max: 4, caption: '3 of 4' });

    const table = await widgetWith('table', "return query.list('asset', { fields: ['name'], limit: 2 }).map((a) => ({ _id: a._id, name: a.name }));");
    const tableBody = ok<Doc>(await dataOf(table._id));
    expect(tableBody.data.fields).toEqual([{ heading: 'name', dataField: 'name' }]);
    expect(tableBody.data.data).toHaveLength(2);
    expect(tableBody.dependsOn).toEqual(['asset']);

    const html = await widgetWith('html', "return '<b>Hi</b>';");
    expect(ok<Doc>(await dataOf(html._id))).toMatchObject({ data: '<b>Hi</b>', dependsOn: [] });

    const chart = await widgetWith('chart', "return { type: 'bar', chartData: { labels: ['a', 'b'], datasets: [{ label: 'n', data: [1, 2] }] } };");
    expect(ok<Doc>(await dataOf(chart._id)).data).toEqual({ type: 'bar', chartData: { labels: ['a', 'b'], datasets: [{ label: 'n', data: [1, 2] }] } });
  });

  it('hands the filters to the script: a date range as {start, end} (swapped when reversed), a select as text', async () => {
    const echo = await widgetWith('html', 'return JSON.stringify(input);');
    const body = ok<Doc>(await dataOf(echo._id, 'period=2000|1000&building=Building%20A'));
    expect(JSON.parse(body.data as string)).toEqual({ period: { start: 1000, end: 2000 }, building: 'Building A' });
    expectError(await dataOf(echo._id, 'building=a&building=b'), 400, 'building');
  });

  it('also reads the filters from one `filters` param holding a JSON object (spec §7 GET /widget/{id}?filters)', async () => {
    const echo = await widgetWith('html', 'return JSON.stringify(input);');
    const packed = (filters: unknown) => `filters=${encodeURIComponent(JSON.stringify(filters))}`;
    const body = ok<Doc>(await dataOf(echo._id, packed({ period: '2000|1000', building: 'Building A', all: '', shift: 2 })));
    expect(JSON.parse(body.data as string)).toEqual({ period: { start: 1000, end: 2000 }, building: 'Building A', shift: '2' });
    const asObject = ok<Doc>(await dataOf(echo._id, `${packed({ period: { start: 5000, end: 3000 }, building: 'Building A' })}&building=Building%20B`));
    expect(JSON.parse(asObject.data as string)).toEqual({ period: { start: 3000, end: 5000 }, building: 'Building B' });
    // A filter named 'filters' that is not a JSON object stays a filter.
    expect(JSON.parse(ok<Doc>(await dataOf(echo._id, 'filters=North')).data as string)).toEqual({ filters: 'North' });

    const proto = ok<Doc>(await dataOf(echo._id, packed(JSON.parse('{"__proto__": {"start": 1, "end": 2}, "building": "A"}'))));
    expect(JSON.parse(proto.data as string)).toEqual(JSON.parse('{"__proto__": {"start": 1, "end": 2}, "building": "A"}'));

    expectError(await dataOf(echo._id, 'filters=%7Bnope'), 400, 'filters');
    expectError(await dataOf(echo._id, packed({ period: { start: 'x', end: 1 } })), 400, 'filters.period');
    expectError(await dataOf(echo._id, packed({ building: ['a', 'b'] })), 400, 'filters.building');
  });

  it('refuses data that does not fit the type with 422 naming the problem', async () => {
    const chart = await widgetWith('chart', "return { type: 'pie', chartData: { labels: [], datasets: [] } };");
    expect(expectError(await dataOf(chart._id), 422).message).toContain('chart type must be one of: bar, doughnut');
    const progress = await widgetWith('progress', "return 'lots';");
    expect(expectError(await dataOf(progress._id), 422).message).toContain('progress widget');
  });

  it("answers a throwing script's error for that widget alone", async () => {
    const broken = await widgetWith('string', "throw new Error('meter offline');");
    const fine = await widgetWith('string', 'return 7;');
    const [bad, good] = await Promise.all([dataOf(broken._id), dataOf(fine._id)]);
    const error = expectError(bad, 422);
    expect(error.message).toContain('meter offline');
    expect(error.errors?.script).toBe(error.message);
    expect(ok<Doc>(good).data).toEqual({ value: '7' });
  });

  it('answers 504 for a script that runs past its time limit while other widgets keep answering', async () => {
    const looping = await widgetWith('string', 'while (true) {}');
    const fine = await widgetWith('string', "return 'ok';");
    const slow = dataOf(looping._id);
    const quick = await dataOf(fine._id);
    expect(ok<Doc>(quick).data).toEqual({ value: 'ok' });
    expect(expectError(await slow, 504).message).toMatch(/time limit/);
    expect(ok<Doc>(await dataOf(fine._id)).data).toEqual({ value: 'ok' });
  });

  it('answers 400 for a widget without a script and 404 for an unknown widget', async () => {
    const bare = await api.create('widget', { name: 'Test bare widget' });
    expectError(await dataOf(bare._id), 400, 'script');
    expectError(await dataOf('no-such-widget'), 404);
  });

  it('needs read-dashboard; the script only reads what the caller may', async () => {
    const counting = await widgetWith('string', "return query.count('alert');");
    // The technician reads dashboards but not alerts: the script's query is refused for them.
    expect(expectError(await dataOf(counting._id, '', 'technician'), 422).message).toContain('needs the permission read-alert');
    expect(ok<Doc>(await dataOf(counting._id, '', 'onsite')).dependsOn).toEqual(['alert']);

    const user = await api.create('user', { username: 'test.nodash' });
    const { password } = ok<{ password: string }>(await api.post(`/user/${user._id}/resetPassword`, {}));
    const token = await t.login('test.nodash', password);
    const response = await t.app.inject({ method: 'GET', url: `/api/widget/${counting._id}`, headers: { 'x-auth': token } });
    expect(response.statusCode).toBe(403);
  });
});

describe('the seeded dashboards', () => {
  const sessionOf = async (as: string) => ok<Doc>(await api.get('/token/init', as));

  it.each([
    ['engineer', 'Engineering overview'],
    ['technician', 'Technician overview'],
    ['onsite', 'Plant room board'],
  ])("%s's session names their role's dashboard, and every widget on it answers data", async (as, dashboardName) => {
    const session = await sessionOf(as);
    expect(session.dashboardId).toBeTruthy();
    const dashboard = ok<Doc>(await api.get(`/dashboard/${session.dashboardId}`, as));
    expect(dashboard.name).toBe(dashboardName);
    const now = Date.now();
    const filters = new URLSearchParams();
    for (const filter of dashboard.filters as Doc[]) {
      if (filter.type === 'date-range') filters.set(filter.name, `${now - Number(filter.options.defaultValue) * 86_400_000}|${now}`);
      else if (filter.options.defaultValue) filters.set(filter.name, filter.options.defaultValue);
    }
    const items = (dashboard.sections as Doc[]).flatMap((section) => section.items as Doc[]);
    expect(items.length).toBeGreaterThanOrEqual(4);
    for (const item of items) {
      const widget = ok<Doc>(await dataOf(item.widget, filters.toString(), as));
      expect(widget.data, widget.name).not.toBeNull();
    }
  });

  it('the engineer dashboard shows every widget type with seeded data', async () => {
    const dashboard = ok<Doc>(await api.get(`/dashboard/${(await sessionOf('engineer')).dashboardId}`, 'engineer'));
    const widgets = await Promise.all(
      (dashboard.sections as Doc[]).flatMap((section) => section.items as Doc[]).map(async (item) => ok<Doc>(await dataOf(item.widget, 'building=Building%20A'))),
    );
    expect(new Set(widgets.map((w) => w.type))).toEqual(new Set(['string', 'progress', 'table', 'html', 'chart', 'trend', 'kpi']));
    // Issue 45: the KPIs over the demo's history, each with a figure (the demo has failures, repairs, labour and alerts to count).
    const kpis = widgets.filter((w) => w.type === 'kpi');
    expect(kpis.map((w) => w.data.kpi).sort()).toEqual(['alertAcknowledge', 'alertResolve', 'backlogWeeks', 'costPerAsset', 'mtbf', 'mttr', 'plannedPercentage', 'pmCompliance']);
    for (const kpi of kpis) expect(typeof kpi.data.value, kpi.name).toBe('number');
    // Issue 44 §5: the demo chiller's supply water over 30 days, creeping towards its warning level.
    const supply = widgets.find((w) => w.name === 'Chiller supply temperature (30 days)')!;
    expect(supply.type).toBe('trend');
    expect(supply.data.point).toMatchObject({ name: 'Chilled water supply temperature', unit: '°C', warning: 9, critical: 11 });
    expect(supply.data.to - supply.data.from).toBe(30 * 86_400_000);
    expect(supply.data.buckets.length).toBeGreaterThan(0);
    expect(supply.data.forecast).toMatchObject({ level: 'warning', threshold: 9 });
    expect(supply.dependsOn).toEqual(['measurementPoint']);
    const trend = widgets.find((w) => w.name === 'Alert trend')!;
    expect(trend.data.chartData.datasets[0].data.reduce((a: number, b: number) => a + b, 0)).toBeGreaterThan(0);
    expect(trend.navigation).toMatchObject({ type: 'alert', table: expect.any(String) });
    expect(trend.dependsOn).toContain('alert');
    const latest = widgets.find((w) => w.name === 'Latest inspections')!;
    expect(latest.data.data.length).toBeGreaterThan(0);
    expect(latest.dependsOn).toContain('inspection');
  });
});
