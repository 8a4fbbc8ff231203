import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/testApp';
import { ROLE_NAMES } from '../../../common/permissions';
import { TABLE_TYPES } from '../../../common/resources/table';
import { adminApi, copyBodyOf, expectError, idsBy, ok, orderOf, type Doc } from './adminApi';

let t: TestApp;
let api: ReturnType<typeof adminApi>;
let roleIds: Record<string, string>;
let userIds: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp();
  api = adminApi(t);
  roleIds = idsBy(await api.list('role'));
  userIds = idsBy(await api.list('user'), 'username');
});
afterAll(() => t.close());

const namesOf = async (entity: string) => (await api.list(entity)).map((row) => row.name as string);

describe('scripts', () => {
  it('creates a script with defaults, readable by id', async () => {
    const created = await api.create('script', { name: 'Test open alerts query' });
    expect(created).toMatchObject({ name: 'Test open alerts query', description: '', code: '' });
    expect(await api.read('script', created._id)).toMatchObject({ name: 'Test open alerts query' });
  });

  it('lists scripts sorted by name, projected with fields=name', async () => {
    for (const name of ['Test zz job', 'test AA report', 'Test mm widget']) await api.create('script', { name, code: 'return [];' });
    const list = await api.list('script', { fields: 'name' });
    for (const row of list) expect(Object.keys(row).sort()).toEqual(['_id', 'name']);
    expect(orderOf(list, ['Test zz job', 'test AA report', 'Test mm widget'])).toEqual(['test AA report', 'Test mm widget', 'Test zz job']);
    expect(orderOf(await api.list('script', { orderBy: '-name' }), ['Test zz job', 'test AA report'])).toEqual(['Test zz job', 'test AA report']);
  });

  it('updates the fields sent; the others keep their values', async () => {
    const created = await api.create('script', { name: 'Test kpi', description: 'KPIs', code: 'return 1;' });
    const saved = ok<Doc>(await api.put(`/script/${created._id}`, { code: 'return 2;' }));
    expect(saved).toMatchObject({ name: 'Test kpi', description: 'KPIs', code: 'return 2;' });
  });

  it('refuses a taken name (409) and bad input (400), writing nothing', async () => {
    const before = await namesOf('script');
    const refused = expectError(await api.post('/script', { name: 'TEST KPI' }), 409);
    expect(refused.message).toBe('Script with the name "TEST KPI" already exists');
    expectError(await api.post('/script', { name: 'Test bad', code: 42 }), 400, 'code');
    expectError(await api.post('/script', { name: 'Test bad', language: 'js' }), 400, 'language');
    expect(await namesOf('script')).toEqual(before);
  });

  it('refuses to delete a script a table or a checklist uses, naming them; deletes it once unused', async () => {
    const script = await api.create('script', { name: 'Test shared script' });
    const table = await api.create('table', { name: 'Test scripted table', script: script._id });
    const checklist = await api.create('checklist', { name: 'Test scripted checklist', scripts: [script._id] });
    const refused = expectError(await api.del(`/script/${script._id}`), 409);
    expect(refused.message).toContain('Test scripted table');
    expect(refused.message).toContain('Test scripted checklist');
    expect(await namesOf('script')).toContain('Test shared script');

    ok(await api.put(`/table/${table._id}`, { script: null }));
    expect(expectError(await api.del(`/script/${script._id}`), 409).message).not.toContain('Test scripted table');
    ok(await api.put(`/checklist/${checklist._id}`, { scripts: [] }));
    ok(await api.del(`/script/${script._id}`));
    expectError(await api.get(`/script/${script._id}`), 404);
  });

  it('answers 403 without manage-script and leaves scripts alone', async () => {
    const created = await api.create('script', { name: 'Test guarded script', code: 'a' });
    expectError(await api.get('/script', 'engineer'), 403);
    expectError(await api.post('/script', { name: 'Test sneaky script' }, 'engineer'), 403);
    expectError(await api.put(`/script/${created._id}`, { code: 'b' }, 'technician'), 403);
    expectError(await api.del(`/script/${created._id}`, 'technician'), 403);
    expect(await api.read('script', created._id)).toMatchObject({ code: 'a' });
    expect(await namesOf('script')).not.toContain('Test sneaky script');
  });
});

describe('tables', () => {
  it('creates a table from a name (type asset, no script), readable at /table/id/{id}', async () => {
    const created = await api.create('table', { name: 'Test plain table' });
    expect(created).toMatchObject({ name: 'Test plain table', type: 'asset', script: null });
    expect(await api.read('table', created._id)).toMatchObject({ _id: created._id, name: 'Test plain table' });
  });

  it.each(TABLE_TYPES)('accepts the type %s', async (type) => {
    expect((await api.create('table', { name: `Test ${type} table`, type })).type).toBe(type);
  });

  it('lists tables sorted by name, with fields and orderBy', async () => {
    const list = await api.list('table', { fields: 'name,type' });
    for (const row of list) expect(Object.keys(row).sort()).toEqual(['_id', 'name', 'type']);
    expect(orderOf(list, ['Test thermography table', 'Test alert table', 'Test report table'])).toEqual([
      'Test alert table',
      'Test report table',
      'Test thermography table',
    ]);
    const byType = await api.list('table', { orderBy: 'type,name' });
    const types = byType.map((row) => row.type as string);
    expect(types).toEqual([...types].sort());
  });

  it('updates the fields sent; the others keep their values', async () => {
    const script = await api.create('script', { name: 'Test table script' });
    const created = await api.create('table', { name: 'Test breakdowns', type: 'breakdown' });
    const saved = ok<Doc>(await api.put(`/table/${created._id}`, { script: script._id }));
    expect(saved).toMatchObject({ name: 'Test breakdowns', type: 'breakdown', script: script._id });
  });

  it.each([
    [{ name: 'Test bad type', type: 'pivot' }, 'type'],
    [{ name: 'Test bad script', script: 'no-such-script' }, 'script'],
    [{ name: 'Test bad script', script: 5 }, 'script'],
    [{ type: 'alert' }, 'name'],
    [{ name: 'Test extra', columns: [] }, 'columns'],
  ])('answers 400 naming the field for %j and writes nothing', async (payload, field) => {
    const before = await namesOf('table');
    expectError(await api.post('/table', payload), 400, field);
    expect(await namesOf('table')).toEqual(before);
  });

  it('refuses a taken name with 409', async () => {
    const refused = expectError(await api.post('/table', { name: 'test PLAIN table' }), 409);
    expect(refused.message).toBe('Table with the name "test PLAIN table" already exists');
  });

  it("takes a deleted table off the roles' table lists", async () => {
    const doomed = await api.create('table', { name: 'Test doomed table', type: 'alert' });
    const kept = await api.create('table', { name: 'Test kept table', type: 'inspection' });
    const role = await api.create('role', {
      name: 'Test table role',
      tables: [{ table: doomed._id, default: true }, { table: kept._id, default: false }],
    });
    const other = await api.create('role', { name: 'Test other table role', tables: [{ table: kept._id, default: true }] });

    ok(await api.del(`/table/${doomed._id}`));

    expectError(await api.get(`/table/id/${doomed._id}`), 404);
    expect((await api.read('role', role._id)).tables).toEqual([{ table: kept._id, default: false }]);
    expect((await api.read('role', other._id)).tables).toEqual([{ table: kept._id, default: true }]);
  });

  it('answers 403 without manage-table', async () => {
    const created = await api.create('table', { name: 'Test guarded table' });
    expectError(await api.post('/table', { name: 'Test sneaky table' }, 'engineer'), 403);
    expectError(await api.put(`/table/${created._id}`, { type: 'alert' }, 'engineer'), 403);
    expectError(await api.del(`/table/${created._id}`, 'technician'), 403);
    expect((await api.read('table', created._id)).type).toBe('asset');
    expect(await namesOf('table')).not.toContain('Test sneaky table');
  });
});

describe('dashboards', () => {
  it('creates a dashboard, lists it sorted by name with fields=name', async () => {
    for (const name of ['Test zz board', 'test AA board']) await api.create('dashboard', { name });
    const list = await api.list('dashboard', { fields: 'name' });
    for (const row of list) expect(Object.keys(row).sort()).toEqual(['_id', 'name']);
    expect(orderOf(list, ['Test zz board', 'test AA board'])).toEqual(['test AA board', 'Test zz board']);
    expect(orderOf(await api.list('dashboard', { orderBy: '-name' }), ['Test zz board', 'test AA board'])).toEqual(['Test zz board', 'test AA board']);
  });

  it('creates a copy under a new name and renames with PUT', async () => {
    const original = await api.read('dashboard', (await api.create('dashboard', { name: 'Test energy' }))._id);
    const copy = await api.create('dashboard', copyBodyOf(original, 'Test energy (copy)'));
    expect(copy._id).not.toBe(original._id);
    expect(ok<Doc>(await api.put(`/dashboard/${copy._id}`, { name: 'Test energy 2' })).name).toBe('Test energy 2');
    expect((await api.read('dashboard', original._id)).name).toBe('Test energy');
  });

  it('refuses a taken name (409) and bad input (400), writing nothing', async () => {
    const before = await namesOf('dashboard');
    expectError(await api.post('/dashboard', { name: 'TEST ENERGY' }), 409);
    expectError(await api.post('/dashboard', { name: '' }), 400, 'name');
    expectError(await api.post('/dashboard', { name: 'Test widgets', layout: 'grid' }), 400, 'layout');
    expect(await namesOf('dashboard')).toEqual(before);
  });

  it('unlinks a deleted dashboard from the roles and users that showed it', async () => {
    const doomed = await api.create('dashboard', { name: 'Test doomed board' });
    const kept = await api.create('dashboard', { name: 'Test kept board' });
    const role = await api.create('role', { name: 'Test board role', dashboard: doomed._id });
    const otherRole = await api.create('role', { name: 'Test kept board role', dashboard: kept._id });
    ok(await api.put(`/user/updateByUserAdministration/${userIds.onsite}`, { dashboardId: doomed._id }));
    ok(await api.put(`/user/updateByUserAdministration/${userIds.technician}`, { dashboardId: kept._id }));

    ok(await api.del(`/dashboard/${doomed._id}`));

    expectError(await api.get(`/dashboard/${doomed._id}`), 404);
    expect((await api.read('role', role._id)).dashboard).toBeNull();
    expect((await api.read('role', otherRole._id)).dashboard).toBe(kept._id);
    expect(ok<Doc>(await api.get(`/user/${userIds.onsite}`)).dashboardId).toBeNull();
    expect(ok<Doc>(await api.get(`/user/${userIds.technician}`)).dashboardId).toBe(kept._id);
    // The role still saves: it no longer refers to a missing dashboard.
    ok(await api.put(`/role/${role._id}`, { name: 'Test board role renamed' }));
  });

  it('answers 403 without manage-dashboard', async () => {
    const created = await api.create('dashboard', { name: 'Test guarded board' });
    expectError(await api.post('/dashboard', { name: 'Test sneaky board' }, 'engineer'), 403);
    expectError(await api.put(`/dashboard/${created._id}`, { name: 'Hacked' }, 'technician'), 403);
    expectError(await api.del(`/dashboard/${created._id}`, 'onsite'), 403);
    expect((await api.read('dashboard', created._id)).name).toBe('Test guarded board');
    expect(await namesOf('dashboard')).not.toContain('Test sneaky board');
  });

  it('is readable by role managers for the role editor', async () => {
    // manage-role alone (no manage-dashboard) is enough to list dashboards.
    const role = roleIds[ROLE_NAMES.engineer]!;
    const permissions = idsBy(await api.list('permission'));
    const engineerRole = await api.read('role', role);
    expectError(await api.get('/dashboard', 'engineer'), 403);
    ok(await api.put(`/role/${role}`, { permissions: [...(engineerRole.permissions as string[]), permissions['manage-role']] }));
    expect((await api.list('dashboard', { fields: 'name' }, 'engineer')).map((d) => d.name)).toContain('Test guarded board');
    ok(await api.put(`/role/${role}`, { permissions: engineerRole.permissions }));
  });
});
