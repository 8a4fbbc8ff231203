import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/testApp';
import { adminApi, expectError, ok, type Doc } from '../administration/adminApi';
import { copyBody } from '../../../common/resources/schemaParts';

let t: TestApp;
let api: ReturnType<typeof adminApi>;
let alertTable: string;
let inspectionTable: string;

beforeAll(async () => {
  t = await createTestApp();
  api = adminApi(t);
  const tables = await api.list('table');
  alertTable = tables.find((table) => table.name === 'Alerts')!._id;
  inspectionTable = tables.find((table) => table.name === 'Inspections')!._id;
});
afterAll(() => t.close());

const board = (widget: string) => ({
  name: 'Test board',
  filters: [
    { name: 'period', type: 'date-range', options: { label: 'Period', defaultValue: '7', values: '1,7,30' } },
    { name: 'site', type: 'select', options: { label: 'Site', defaultValue: 'North', values: 'North,South' } },
  ],
  sections: [{ title: 'Main', sequenceId: 1, filters: ['period'], items: [{ widget, width: 6, height: 300, sequenceId: 1 }] }],
});

describe('widgets CRUD', () => {
  it('creates from a name with the defaults, keeps options and navigation, copies, lists with fields', async () => {
    const created = await api.create('widget', { name: 'Test gauge' });
    expect(created).toMatchObject({ name: 'Test gauge', type: 'string', script: null, options: {}, navigation: null });
    const saved = ok<Doc>(
      await api.put(`/widget/${created._id}`, { type: 'chart', options: { color: '#00ff00', stacked: true, max: 10 }, navigation: { type: 'alert', table: alertTable } }),
    );
    expect(saved).toMatchObject({ type: 'chart', options: { color: '#00ff00', stacked: true, max: 10 }, navigation: { type: 'alert', table: alertTable } });
    const copy = await api.create('widget', copyBody(ok<Doc>(await api.get(`/widget/id/${created._id}`)), 'Test gauge copy'));
    expect(copy).toMatchObject({ name: 'Test gauge copy', type: 'chart', options: { color: '#00ff00' }, navigation: { type: 'alert', table: alertTable } });
    const list = await api.list('widget', { fields: 'name,type,script' });
    expect(list.find((w) => w._id === copy._id)).toEqual({ _id: copy._id, name: 'Test gauge copy', type: 'chart', script: null });
  });

  it('refuses bad input naming the field and changes nothing', async () => {
    const widget = await api.create('widget', { name: 'Test strict widget' });
    expectError(await api.put(`/widget/${widget._id}`, { type: 'gauge' }), 400, 'type');
    expectError(await api.put(`/widget/${widget._id}`, { options: { ' ': 'x' } }), 400, 'options');
    expectError(await api.put(`/widget/${widget._id}`, { options: { color: { r: 1 } } }), 400, 'options');
    expectError(await api.put(`/widget/${widget._id}`, { navigation: { type: 'alert', table: inspectionTable } }), 400, 'navigation.table');
    expectError(await api.put(`/widget/${widget._id}`, { navigation: { type: 'workorder', table: null } }), 400, 'navigation.type');
    expectError(await api.put(`/widget/${widget._id}`, { script: 'no-such-script' }), 400, 'script');
    expectError(await api.post('/widget', { name: 'TEST STRICT WIDGET' }), 409, 'name');
    expect(ok<Doc>(await api.get(`/widget/id/${widget._id}`))).toMatchObject({ type: 'string', options: {}, navigation: null, script: null });
  });

  it('is managed with manage-widget only; dashboard managers read the list', async () => {
    expectError(await api.post('/widget', { name: 'Test sneaky' }, 'engineer'), 403);
    expectError(await api.get('/widget', 'engineer'), 403);
    const widget = await api.create('widget', { name: 'Test guarded' });
    expectError(await api.put(`/widget/${widget._id}`, { type: 'html' }, 'engineer'), 403);
    expectError(await api.del(`/widget/${widget._id}`, 'technician'), 403);
    expect((await api.list('widget')).some((w) => w._id === widget._id)).toBe(true);
  });

  it('deleting a widget takes it off the dashboards that show it; its script cannot be deleted while used', async () => {
    const script = await api.create('script', { name: 'Test used script', code: 'return 1;' });
    const doomed = await api.create('widget', { name: 'Test doomed widget', script: script._id });
    const kept = await api.create('widget', { name: 'Test kept widget' });
    const dashboard = await api.create('dashboard', {
      ...board(doomed._id),
      name: 'Test holder',
      sections: [{ title: 'A', sequenceId: 1, filters: [], items: [{ widget: doomed._id, sequenceId: 1 }, { widget: kept._id, sequenceId: 2 }] }],
    });
    expectError(await api.del(`/script/${script._id}`), 409);
    ok(await api.del(`/widget/${doomed._id}`));
    const after = ok<Doc>(await api.get(`/dashboard/${dashboard._id}`));
    expect(after.sections[0].items.map((item: Doc) => item.widget)).toEqual([kept._id]);
    ok(await api.del(`/script/${script._id}`));
  });
});

describe('dashboards CRUD', () => {
  it('saves filters, sections and items; items get ids; a copy keeps them', async () => {
    const widget = await api.create('widget', { name: 'Test board widget' });
    const created = await api.create('dashboard', board(widget._id));
    expect(created.filters).toEqual(board(widget._id).filters);
    const [item] = created.sections[0].items as Doc[];
    expect(item).toMatchObject({ widget: widget._id, width: 6, height: 300, sequenceId: 1, _id: expect.any(String) });
    const copy = await api.create('dashboard', copyBody(created, 'Test board copy'));
    expect(copy.sections[0].items[0].widget).toBe(widget._id);
    expect(copy.filters).toEqual(created.filters);
    // The item's id is kept on a save that sends it back.
    const saved = ok<Doc>(await api.put(`/dashboard/${created._id}`, { sections: created.sections }));
    expect(saved.sections[0].items[0]._id).toBe(item!._id);
  });

  it('refuses unknown widgets, unknown section filters, duplicate filters, blank option names and bad sizes', async () => {
    const widget = await api.create('widget', { name: 'Test checked widget' });
    const created = await api.create('dashboard', { ...board(widget._id), name: 'Test checked board' });
    const with_ = (patch: Record<string, unknown>) => api.put(`/dashboard/${created._id}`, patch);
    expectError(await with_({ sections: [{ title: 'x', sequenceId: 1, filters: [], items: [{ widget: 'nope', sequenceId: 1 }] }] }), 400, 'sections[0].items');
    expectError(await with_({ sections: [{ title: 'x', sequenceId: 1, filters: ['nope'], items: [] }] }), 400, 'sections[0].filters');
    const filters = board(widget._id).filters;
    expectError(await with_({ filters: [filters[0], { ...filters[1], name: 'period' }], sections: [] }), 400, 'filters[1].name');
    expectError(await with_({ filters: [{ ...filters[0], options: { '  ': '1' } }], sections: [] }), 400, 'filters[0].options');
    expectError(await with_({ filters: [{ ...filters[0], type: 'date' }], sections: [] }), 400, 'filters[0].type');
    expectError(await with_({ sections: [{ title: 'x', sequenceId: 1, filters: [], items: [{ widget: widget._id, width: 13, sequenceId: 1 }] }] }), 400, 'sections[0].items[0].width');
    expect(ok<Doc>(await api.get(`/dashboard/${created._id}`))).toMatchObject({ filters: created.filters, sections: created.sections });
  });

  it('is read with read-dashboard and written with manage-dashboard only', async () => {
    const created = await api.create('dashboard', { name: 'Test readable board' });
    expect(ok<Doc>(await api.get(`/dashboard/${created._id}`, 'technician')).name).toBe('Test readable board');
    expect(ok<Doc>(await api.get(`/dashboard/${created._id}`, 'onsite')).name).toBe('Test readable board');
    expectError(await api.put(`/dashboard/${created._id}`, { name: 'Hijacked' }, 'engineer'), 403);
    expectError(await api.post('/dashboard', { name: 'Test sneaky board' }, 'onsite'), 403);
    expectError(await api.del(`/dashboard/${created._id}`, 'technician'), 403);
  });

  it("a role's dashboard becomes its users' session dashboard; the user's own one wins", async () => {
    const mine = await api.create('dashboard', { name: 'Test own board' });
    const roleBoard = ok<Doc>(await api.get('/token/init', 'technician')).dashboardId;
    expect(roleBoard).toBeTruthy();
    const user = ok<Doc[]>(await api.get('/user')).find((u) => u.username === 'technician')!;
    ok(await api.put(`/user/updateByUserAdministration/${user._id}`, { dashboardId: mine._id }));
    expect(ok<Doc>(await api.get('/token/init', 'technician')).dashboardId).toBe(mine._id);
    ok(await api.put(`/user/updateByUserAdministration/${user._id}`, { dashboardId: null }));
    expect(ok<Doc>(await api.get('/token/init', 'technician')).dashboardId).toBe(roleBoard);
  });
});
