import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/testApp';
import { ROLE_NAMES } from '../../../common/permissions';
import { adminApi, copyBodyOf, expectError, idsBy, ok, orderOf, type Doc } from './adminApi';

let t: TestApp;
let api: ReturnType<typeof adminApi>;
let permissionIds: Record<string, string>;
let roleIds: Record<string, string>;
let alertTable: Doc;
let otherAlertTable: Doc;
let assetTable: Doc;
let dashboard: Doc;

beforeAll(async () => {
  t = await createTestApp();
  api = adminApi(t);
  permissionIds = idsBy(await api.list('permission'));
  roleIds = idsBy(await api.list('role'));
  alertTable = await api.create('table', { name: 'Test open alerts', type: 'alert' });
  otherAlertTable = await api.create('table', { name: 'Test all alerts', type: 'alert' });
  assetTable = await api.create('table', { name: 'Test assets', type: 'asset' });
  dashboard = await api.create('dashboard', { name: 'Test operations' });
});
afterAll(() => t.close());

const roleNames = async () => (await api.list('role')).map((r) => r.name as string);

describe('role list', () => {
  it('holds the seeded roles, sorted by name by default', async () => {
    const list = await roleNames();
    for (const name of Object.values(ROLE_NAMES)) expect(list).toContain(name);
    for (const name of ['zeta auditors', 'Alpha Crew', 'mid shift']) await api.create('role', { name });
    const after = await api.list('role');
    expect(orderOf(after, ['zeta auditors', 'Alpha Crew', 'mid shift', 'ROLE_ENGINEER'])).toEqual([
      'Alpha Crew',
      'mid shift',
      'ROLE_ENGINEER',
      'zeta auditors',
    ]);
  });

  it('sorts descending with orderBy=-name', async () => {
    const list = await api.list('role', { orderBy: '-name' });
    expect(list[0]!.name).toBe('zeta auditors');
    expect(orderOf(list, ['Alpha Crew', 'mid shift', 'ROLE_TECHNICIAN'])).toEqual(['ROLE_TECHNICIAN', 'mid shift', 'Alpha Crew']);
  });

  it.each(['name,permissions', 'name,tables', 'name,dashboard'])('projects fields=%s to _id and those fields', async (fields) => {
    const rows = await api.list('role', { fields });
    expect(rows.length).toBeGreaterThanOrEqual(7);
    for (const row of rows) expect(Object.keys(row).sort()).toEqual(['_id', ...fields.split(',')].sort());
    const superuser = rows.find((row) => row.name === ROLE_NAMES.superuser)!;
    expect(superuser._id).toBe(roleIds[ROLE_NAMES.superuser]);
  });
});

describe('POST /role', () => {
  it('creates a role from a name, with empty defaults', async () => {
    const created = await api.create('role', { name: 'Auditor' });
    expect(created).toMatchObject({ name: 'Auditor', dashboard: null, permissions: [], tables: [] });
    expect(await api.read('role', created._id)).toMatchObject({ name: 'Auditor', permissions: [] });
  });

  it('creates a copy: same permissions, tables and dashboard under the new name', async () => {
    const original = await api.create('role', {
      name: 'Shift lead',
      dashboard: dashboard._id,
      permissions: [permissionIds['read-asset'], permissionIds['read-alert']],
      tables: [{ table: alertTable._id, default: true }, { table: assetTable._id, default: false }],
    });
    const copy = await api.create('role', copyBodyOf(original, 'Shift lead (night)'));
    expect(copy._id).not.toBe(original._id);
    expect(copy).toMatchObject({
      name: 'Shift lead (night)',
      dashboard: dashboard._id,
      permissions: original.permissions,
      tables: original.tables,
    });
    expect((await api.read('role', original._id)).name).toBe('Shift lead');
  });

  it.each(['rOLE_engineer', ' ROLE_ENGINEER '])('refuses the taken name %j with 409', async (name) => {
    const before = await roleNames();
    const refused = expectError(await api.post('/role', { name }), 409);
    expect(refused.message).toBe(`Role with the name "${name.trim()}" already exists`);
    expect(await roleNames()).toEqual(before);
  });

  it.each([
    [() => ({}), 'name'],
    [() => ({ name: '' }), 'name'],
    [() => ({ name: 'R', permissions: 'read-asset' }), 'permissions'],
    [() => ({ name: 'R', permissions: ['no-such-id'] }), 'permissions'],
    [() => ({ name: 'R', dashboard: 'no-such-dashboard' }), 'dashboard'],
    [() => ({ name: 'R', tables: [{ table: 'no-such-table', default: false }] }), 'tables'],
    [() => ({ name: 'R', tables: [{ table: alertTable._id }] }), 'tables[0].default'],
    [() => ({ name: 'R', tables: [{ table: alertTable._id, default: true }, { table: otherAlertTable._id, default: true }] }), 'tables'],
    [() => ({ name: 'R', users: [] }), 'users'],
  ])('answers 400 naming the field (case %#) and writes nothing', async (payload, field) => {
    const before = await roleNames();
    expectError(await api.post('/role', payload()), 400, field);
    expect(await roleNames()).toEqual(before);
  });

  it('allows one default table per type', async () => {
    const created = await api.create('role', {
      name: 'Two defaults of different types',
      tables: [{ table: alertTable._id, default: true }, { table: otherAlertTable._id, default: false }, { table: assetTable._id, default: true }],
    });
    expect(created.tables).toHaveLength(3);
  });

  it('answers 403 to users without manage-role and creates nothing', async () => {
    expectError(await api.post('/role', { name: 'Sneaky' }, 'engineer'), 403);
    expectError(await api.get('/role', 'technician'), 403);
    expect(await roleNames()).not.toContain('Sneaky');
  });
});

describe('PUT /role/{id}', () => {
  it('updates the fields sent; the others keep their values', async () => {
    const role = await api.create('role', {
      name: 'Contractor',
      dashboard: dashboard._id,
      permissions: [permissionIds['read-asset']],
      tables: [{ table: assetTable._id, default: true }],
    });
    const saved = ok<Doc>(await api.put(`/role/${role._id}`, { permissions: [permissionIds['read-alert'], permissionIds['read-asset']] }));
    expect(saved).toMatchObject({
      name: 'Contractor',
      dashboard: dashboard._id,
      permissions: [permissionIds['read-alert'], permissionIds['read-asset']],
      tables: [{ table: assetTable._id, default: true }],
    });
    expect(await api.read('role', role._id)).toMatchObject({ permissions: saved.permissions, tables: saved.tables });
  });

  it('refuses a rename to a taken name and bad input, changing nothing', async () => {
    const role = await api.create('role', { name: 'Visitor', permissions: [permissionIds['read-asset']] });
    expectError(await api.put(`/role/${role._id}`, { name: 'role_technician' }), 409);
    expectError(await api.put(`/role/${role._id}`, { permissions: ['missing'] }), 400, 'permissions');
    expectError(await api.put(`/role/${role._id}`, { dashboard: 42 }), 400, 'dashboard');
    expect(await api.read('role', role._id)).toMatchObject({ name: 'Visitor', permissions: [permissionIds['read-asset']], dashboard: null });
  });

  it("grants and withdraws permissions for the role's users at once", async () => {
    const engineerRole = await api.read('role', roleIds[ROLE_NAMES.engineer]!);
    const original = engineerRole.permissions as string[];
    expectError(await api.get('/config', 'engineer'), 403);
    ok(await api.put(`/role/${engineerRole._id}`, { permissions: [...original, permissionIds['manage-config']] }));
    expect((await api.get('/config', 'engineer')).statusCode).toBe(200);
    ok(await api.put(`/role/${engineerRole._id}`, { permissions: original }));
    expectError(await api.get('/config', 'engineer'), 403);
  });

  it('answers 403 without manage-role and leaves the role alone', async () => {
    const role = await api.create('role', { name: 'Guarded' });
    expectError(await api.put(`/role/${role._id}`, { name: 'Taken over' }, 'thermo.manager'), 403);
    expect((await api.read('role', role._id)).name).toBe('Guarded');
  });
});

describe('DELETE /role/{id}', () => {
  it('refuses to delete a role held by users, naming them', async () => {
    const refused = expectError(await api.del(`/role/${roleIds[ROLE_NAMES.engineer]}`), 409);
    expect(refused.message).toContain('Eric Engineer');
    expect(await roleNames()).toContain(ROLE_NAMES.engineer);
    // The holder can still sign in with the role's permissions.
    expect((await api.get('/asset', 'engineer')).statusCode).toBe(200);
  });

  it('deletes a role nobody holds', async () => {
    const role = await api.create('role', { name: 'Temporary' });
    const body = ok<Doc>(await api.del(`/role/${role._id}`));
    expect(body._id).toBe(role._id);
    expectError(await api.get(`/role/${role._id}`), 404);
    expect(await roleNames()).not.toContain('Temporary');
  });

  it('answers 404 for an unknown id and 403 without manage-role', async () => {
    expectError(await api.del('/role/unknown'), 404);
    const role = await api.create('role', { name: 'Protected' });
    expectError(await api.del(`/role/${role._id}`, 'engineer'), 403);
    expect(await roleNames()).toContain('Protected');
  });
});
