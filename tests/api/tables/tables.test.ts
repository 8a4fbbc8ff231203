import { and, count, gte, lte } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inspections } from '../../../server/db/schema';
import { createTestApp, type TestApp } from '../helpers/testApp';
import { adminApi, expectError, ok, type Doc } from '../administration/adminApi';
import { validateTableDefinition } from '../../../common/tables/tableDefinition';
import { DEMO_TABLES } from '../../../server/seed/demoTables';

let t: TestApp;
let api: ReturnType<typeof adminApi>;
let seeded: Map<string, Doc>;

beforeAll(async () => {
  t = await createTestApp();
  api = adminApi(t);
  seeded = new Map((await api.list('table')).map((row) => [row.name as string, row]));
});
afterAll(() => t.close());

const DAY = 86_400_000;
const dataCall = (id: string, query = '', as = 'engineer') => api.get(`/table/${encodeURIComponent(id)}${query ? `?${query}` : ''}`, as);
const idOf = (name: string) => seeded.get(name)!._id;
const inspectionCount = async (start: number, end: number) =>
  Number((await t.app.services.db.select({ n: count() }).from(inspections).where(and(gte(inspections.timestamp, start), lte(inspections.timestamp, end))))[0]?.n);

async function tableWith(name: string, code: string, type = 'asset'): Promise<Doc> {
  const script = await api.create('script', { name: `${name} script`, code });
  return api.create('table', { name, type, script: script._id });
}

describe('GET /table list', () => {
  it("answers the engineer's role tables in the role's order with their default flags", async () => {
    const list = ok<Doc[]>(await api.get('/table?limitToRole=true', 'engineer'));
    expect(list).toEqual(DEMO_TABLES.map((table) => ({ _id: idOf(table.name), name: table.name, type: table.type, default: true })));
  });

  it('filters the role list by type; a bad type answers 400 naming it', async () => {
    expect(ok<Doc[]>(await api.get('/table?limitToRole=true&type=alert', 'engineer'))).toEqual([{ _id: idOf('Alerts'), name: 'Alerts', type: 'alert', default: true }]);
    // Issue 19: engineers read thermography notes, so their role lists the seeded notes table.
    expect(ok<Doc[]>(await api.get('/table?limitToRole=true&type=thermography', 'engineer'))).toEqual([{ _id: idOf('Thermography Notes'), name: 'Thermography Notes', type: 'thermography', default: true }]);
    expectError(await api.get('/table?limitToRole=true&type=widget', 'engineer'), 400, 'type');
    expectError(await api.get('/table?limitToRole=maybe', 'admin'), 400, 'limitToRole');
  });

  it('gives each role its own tables: thermography engineers have no checklist table; a role without tables an empty list', async () => {
    const thermo = ok<Doc[]>(await api.get('/table?limitToRole=true', 'thermo.engineer'));
    expect(thermo.map((row) => row.name)).toEqual(['Alerts', 'Inspections', 'Assets', 'Reports', 'Thermography Notes']);
    const [manager] = ok<Doc[]>(await api.get('/role?fields=name,tables')).filter((role) => role.name === 'ROLE_THERMOGRAPHY_ENGINEER_MANAGER');
    const tables = [{ table: idOf('Reports'), default: false }, { table: idOf('Assets'), default: true }, { table: idOf('Alerts'), default: false }];
    ok(await api.put(`/role/${manager!._id}`, { tables }));
    expect(ok<Doc[]>(await api.get('/table?limitToRole=true', 'thermo.manager'))).toEqual([
      { _id: idOf('Reports'), name: 'Reports', type: 'report', default: false },
      { _id: idOf('Assets'), name: 'Assets', type: 'asset', default: true },
      { _id: idOf('Alerts'), name: 'Alerts', type: 'alert', default: false },
    ]);
    ok(await api.put(`/role/${manager!._id}`, { tables: [] }));
    expect(ok<Doc[]>(await api.get('/table?limitToRole=true', 'thermo.manager'))).toEqual([]);
  });

  it('keeps the admin list for the managers only; read-table alone may only ask for its role list', async () => {
    const admin = ok<Doc[]>(await api.get('/table'));
    expect(admin.map((row) => row.name)).toEqual(expect.arrayContaining(DEMO_TABLES.map((table) => table.name)));
    expect(admin[0]).toHaveProperty('script');
    expectError(await api.get('/table', 'engineer'), 403);
    expectError(await api.get('/table?limitToRole=false', 'engineer'), 403);
    expectError(await api.get(`/table/id/${idOf('Alerts')}`, 'engineer'), 403);
    expectError(await api.get('/table?limitToRole=true', 'technician'), 403);
    expectError(await api.get('/table?limitToRole=true', 'onsite'), 403);
    expect(ok<Doc>(await api.get(`/table/id/${idOf('Alerts')}`))).toMatchObject({ name: 'Alerts', type: 'alert' });
    const alertsOnly = ok<Doc[]>(await api.get('/table?type=alert'));
    expect(alertsOnly.every((row) => row.type === 'alert' && row.default === false)).toBe(true);
    expect(alertsOnly.map((row) => row.name)).toContain('Alerts');
  });
});

describe('GET /table/{tableId}', () => {
  it('answers fields and data of every seeded table', async () => {
    for (const { name, type } of DEMO_TABLES) {
      const definition = ok<Doc>(await dataCall(idOf(name)));
      expect(definition, name).toMatchObject({ name, type, keyField: '_id' });
      expect(definition.fields.length, name).toBeGreaterThan(0);
      expect(Array.isArray(definition.data), name).toBe(true);
      expect(validateTableDefinition(definition).ok, name).toBe(true);
    }
    const assets = ok<Doc>(await dataCall(idOf('Assets')));
    expect(assets.data.length).toBeGreaterThan(0);
    expect(assets.data[0]).toEqual(expect.objectContaining({ _id: expect.any(String), name: expect.any(String), identification: expect.any(String), tagList: expect.any(String) }));
    const checklists = ok<Doc>(await dataCall(idOf('Checklists')));
    expect(checklists.data.length).toBeGreaterThan(0);
    expect(checklists.data.every((row: Doc) => Number.isInteger(row.itemCount))).toBe(true);
    const reports = ok<Doc>(await dataCall(idOf('Reports')));
    expect(reports.data).toEqual(expect.arrayContaining([expect.objectContaining({ _id: expect.any(String), name: 'Inspection summary', formats: ['pdf', 'xls', 'doc'] })]));
    // Thermography engineers read inspections without checklists: the table still answers.
    const thermo = ok<Doc>(await dataCall(idOf('Inspections'), '', 'thermo.engineer'));
    expect(thermo.name).toBe('Inspections');
  });

  it('lists alerts of the last 30 days (open by default) with level, severity and asset names', async () => {
    const alerts = ok<Doc>(await dataCall(idOf('Alerts')));
    expect(alerts.filters.map((f: Doc) => f.name)).toEqual(['dateRange', 'status']);
    expect(alerts.filters[1]).toMatchObject({
      type: 'dropdown',
      options: [
        { value: 'open', label: 'Open' },
        { value: 'resolved', label: 'Resolved' },
        { value: 'all', label: 'All' },
      ],
      defaultValue: 'open',
    });
    const all = ok<Doc>(await dataCall(idOf('Alerts'), 'status=all')).data as Doc[];
    expect(all.length).toBeGreaterThan(0);
    const since = Date.now() - 30 * DAY - 60_000;
    expect(all.every((row) => row.timestamp >= since)).toBe(true);
    expect(all[0]).toEqual(expect.objectContaining({ level: { name: expect.any(String), color: expect.stringMatching(/^#/) }, assetName: expect.any(String), severityLevel: expect.objectContaining({ text: expect.any(String), color: expect.any(String) }) }));
    // Rows are selectable, for the bulk action that resolves them in the browser (docs/scripts.md).
    expect(alerts.allowSelection).toBe(true);
    expect(alerts.bulkActions).toEqual([expect.objectContaining({ name: 'Resolve selected', functionBody: expect.stringContaining("http.post('/alert/resolve'") })]);
    const open = ok<Doc>(await dataCall(idOf('Alerts'))).data as Doc[];
    const resolved = ok<Doc>(await dataCall(idOf('Alerts'), 'status=resolved')).data as Doc[];
    expect(open.every((row) => row.resolvedAt === null)).toBe(true);
    expect(resolved.every((row) => row.resolvedAt !== null)).toBe(true);
    expect(open.length + resolved.length).toBe(all.length);
  });

  it('narrows by dateRange, swapping a reversed one; a bad one answers 400 naming dateRange', async () => {
    const now = Date.now();
    const wide = ok<Doc>(await dataCall(idOf('Inspections'), `dateRange=${now - 90 * DAY}|${now}`));
    const start = now - 10 * DAY;
    const end = now - 3 * DAY;
    const narrow = ok<Doc>(await dataCall(idOf('Inspections'), `dateRange=${start}|${end}`));
    expect(narrow.data.length).toBeGreaterThan(0);
    expect(narrow.total).toBeLessThan(wide.total);
    expect(narrow.total).toBe(await inspectionCount(start, end));
    expect(narrow.data.every((row: Doc) => row.timestamp >= start && row.timestamp <= end)).toBe(true);
    const swapped = ok<Doc>(await dataCall(idOf('Inspections'), `dateRange=${end}|${start}`));
    expect(swapped.data.map((row: Doc) => row._id)).toEqual(narrow.data.map((row: Doc) => row._id));
    const alerts = ok<Doc>(await dataCall(idOf('Alerts'), `status=all&dateRange=${end}|${start}`));
    expect(alerts.filters[0].defaultValue).toEqual({ start, end });
    expectError(await dataCall(idOf('Inspections'), 'dateRange=yesterday'), 400, 'dateRange');
    expectError(await dataCall(idOf('Inspections'), `dateRange=${start}`), 400, 'dateRange');
  });

  it('the seeded Inspections table pages, sorts by time and searches asset names on the server', async () => {
    const now = Date.now();
    const period = `dateRange=${now - 90 * DAY}|${now}`;
    const all = await inspectionCount(now - 90 * DAY, now);
    const range = (a: number, b: number) => `range=${encodeURIComponent(`[${a},${b}]`)}`;
    const first = await dataCall(idOf('Inspections'), `${period}&${range(0, 24)}`);
    const firstPage = ok<Doc>(first);
    expect(firstPage.total).toBe(all);
    expect(first.headers['content-range']).toBe(`table 0-24/${all}`);
    expect(firstPage.data).toHaveLength(25);
    expect(firstPage.data[0]).toEqual(expect.objectContaining({ assetName: expect.any(String), checklistName: expect.any(String), userName: expect.any(String) }));
    expect(firstPage.data.every((row: Doc) => row.assetName !== '' && row.userName !== '')).toBe(true);
    const times = firstPage.data.map((row: Doc) => row.timestamp as number);
    expect(times).toEqual([...times].sort((a, b) => b - a));
    const second = ok<Doc>(await dataCall(idOf('Inspections'), `${period}&${range(25, 49)}`));
    expect(second.data[0].timestamp).toBeLessThanOrEqual(times[24] as number);
    expect(second.data.map((row: Doc) => row._id)).not.toContain(firstPage.data[24]._id);
    const oldest = ok<Doc>(await dataCall(idOf('Inspections'), `${period}&${range(0, 4)}&sort=${encodeURIComponent('["timestamp","ASC"]')}`));
    const ascending = oldest.data.map((row: Doc) => row.timestamp as number);
    expect(ascending).toEqual([...ascending].sort((a, b) => a - b));
    expect(ascending[0]).toBeLessThan(times[24] as number);
    // Search: the asset name of the first row, in another case, narrows to that asset's inspections.
    const assetName = firstPage.data[0].assetName as string;
    const found = ok<Doc>(await dataCall(idOf('Inspections'), `${period}&${range(0, 9)}&search=${encodeURIComponent(assetName.toUpperCase())}`));
    expect(found.total).toBeGreaterThan(0);
    expect(found.total).toBeLessThan(all);
    expect(found.data.every((row: Doc) => (row.assetName as string).toUpperCase().includes(assetName.toUpperCase()))).toBe(true);
    const none = ok<Doc>(await dataCall(idOf('Inspections'), `${period}&${range(0, 9)}&search=${encodeURIComponent('no asset is called this')}`));
    expect(none).toMatchObject({ total: 0, data: [] });
    // Without a range the script answers its first page of 10 and the total, so a client knows it pages.
    const plain = ok<Doc>(await dataCall(idOf('Inspections'), period));
    expect(plain.data).toHaveLength(10);
    expect(plain.total).toBe(all);
  });

  it('hands the script its filters as input and pages on request with Content-Range', async () => {
    const echo = await tableWith('Test echo table', `const rows = [];
for (let i = 0; i < 30; i++) rows.push({ _id: 'r' + i, n: 30 - i });
return { name: 'Echo', fields: [{ heading: 'N', dataField: 'n' }], data: rows, detailViewAdditionalParameters: { input } };`);
    const plain = ok<Doc>(await dataCall(echo._id, 'site=North&dateRange=200|100', 'admin'));
    expect(plain.type).toBe('asset');
    expect(plain.detailViewAdditionalParameters.input).toEqual({ site: 'North', dateRange: { start: 100, end: 200 } });
    const paged = await dataCall(echo._id, `range=${encodeURIComponent('[5,9]')}&sort=${encodeURIComponent('["n","ASC"]')}`, 'admin');
    const body = ok<Doc>(paged);
    expect(paged.headers['content-range']).toBe('table 5-9/30');
    expect(body.total).toBe(30);
    expect(body.data.map((row: Doc) => row.n)).toEqual([6, 7, 8, 9, 10]);
    expect(body.detailViewAdditionalParameters.input.page).toEqual({ offset: 5, limit: 5, sort: { field: 'n', direction: 'asc' } });
    expectError(await dataCall(echo._id, 'range=[5,1]', 'admin'), 400, 'range');
    expectError(await dataCall(echo._id, 'sort=name', 'admin'), 400, 'sort');
    expectError(await dataCall(echo._id, 'site=a&site=b', 'admin'), 400, 'site');
    // A filter named like an Object.prototype member reaches the script as a value of its own.
    const proto = ok<Doc>(await dataCall(echo._id, '__proto__=x&constructor=y', 'admin'));
    expect(proto.detailViewAdditionalParameters.input).toEqual(JSON.parse('{"__proto__": "x", "constructor": "y"}'));

    const self = await tableWith('Test self-paging table', `const p = input.page;
return { name: 'Paged', fields: [{ heading: 'I', dataField: 'i' }], data: [{ i: p.offset }], total: 1000 };`);
    const selfPaged = await dataCall(self._id, `range=${encodeURIComponent('[100,109]')}`, 'admin');
    expect(ok<Doc>(selfPaged)).toMatchObject({ data: [{ i: 100 }], total: 1000 });
    expect(selfPaged.headers['content-range']).toBe('table 100-100/1000');
  });

  it('answers 422 naming the problem of a malformed definition, 422 for a script error', async () => {
    const malformed = await tableWith('Test malformed table', `return { name: 'Bad', fields: [{ heading: 'A', dataField: 'a' }, { heading: 'B' }], data: [] };`);
    const refused = expectError(await dataCall(malformed._id, '', 'admin'), 422, 'script');
    expect(refused.message).toBe('The table script returned an invalid table definition: fields[1].dataField must be a non-blank string');
    const noData = await tableWith('Test no data table', `return { name: 'Bad', fields: [] };`);
    expect(expectError(await dataCall(noData._id, '', 'admin'), 422).message).toContain('data is required');
    const broken = await tableWith('Test broken table', `const x = null;\nreturn x.name;`);
    const failed = expectError(await dataCall(broken._id, '', 'admin'), 422);
    expect(failed.message).toMatch(/TypeError.*\(line 2\)/);
    expect(failed.errors?.script).toBe(failed.message);
  });

  it('answers 404 for an unknown table, 400 naming script for a table without one, 403 without read-table', async () => {
    expect(expectError(await dataCall('no-such-table'), 404).message).toBe('Table not found');
    const bare = await api.create('table', { name: 'Test bare table', type: 'alert' });
    expectError(await dataCall(bare._id, '', 'admin'), 400, 'script');
    expectError(await dataCall(idOf('Alerts'), '', 'technician'), 403);
    expectError(await dataCall(idOf('Alerts'), '', 'onsite'), 403);
    // The record read and the data call do not clash.
    expect(ok<Doc>(await api.get(`/table/id/${idOf('Assets')}`))).toMatchObject({ _id: idOf('Assets'), name: 'Assets' });
    expect(expectError(await dataCall('id'), 404).message).toBe('Table not found');
  });
});

describe('table definition validation', () => {
  const problem = (value: unknown) => {
    const checked = validateTableDefinition(value);
    return checked.ok ? null : checked.problem;
  };
  it('accepts a full definition and names the first problem of a bad one', () => {
    const good = { name: 'T', keyField: '_id', type: 'alert', fields: [{ heading: 'A', dataField: 'a' }], filters: [{ name: 'd', type: 'dateRange' }], data: [{ a: 1 }], sort: { a: 'desc' }, hidePagination: false, bulkActions: [], customActions: [{ name: 'Go', functionBody: '' }] };
    expect(problem(good)).toBeNull();
    expect(problem([])).toMatch(/must return an object/);
    expect(problem({ ...good, colour: 'red' })).toBe('colour is not allowed');
    expect(problem({ ...good, name: ' ' })).toBe('name must be a non-blank string');
    expect(problem({ ...good, type: 'widget' })).toMatch(/^type must be one of/);
    expect(problem({ ...good, fields: 'a' })).toBe('fields must be an array, not a string');
    expect(problem({ ...good, filters: [{ name: 'x', type: 'text' }] })).toMatch(/^filters\[0\]\.type must be one of/);
    expect(problem({ ...good, data: [1] })).toBe('data[0] must be an object, not a number');
    expect(problem({ ...good, sort: { a: 'up' } })).toBe('sort.a must be asc or desc');
    expect(problem({ ...good, excelExport: 'yes' })).toBe('excelExport must be true or false');
    expect(problem({ ...good, customActions: [{}] })).toBe('customActions[0].name must be a non-blank string');
    expect(problem({ ...good, total: -1 })).toMatch(/^total must be/);
  });
});
