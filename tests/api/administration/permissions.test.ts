import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/testApp';
import { ALL_PERMISSIONS } from '../../../common/permissions';
import { adminApi, expectError, idsBy, ok, orderOf, type Doc } from './adminApi';

let t: TestApp;
let api: ReturnType<typeof adminApi>;
let permissionIds: Record<string, string>;
let roleIds: Record<string, string>;
let userIds: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp();
  api = adminApi(t);
  permissionIds = idsBy(await api.list('permission'));
  roleIds = idsBy(await api.list('role'));
  userIds = idsBy(await api.list('user'), 'username');
});
afterAll(() => t.close());

const names = async () => (await api.list('permission')).map((p) => p.name as string);

describe('permission list', () => {
  it('holds every built-in permission, sorted by name by default', async () => {
    const list = await names();
    for (const name of ALL_PERMISSIONS) expect(list).toContain(name);
    const mine = ['zz-archive', 'Aa-export', 'mm-Import'];
    for (const name of mine) await api.create('permission', { name });
    const after = await api.list('permission');
    expect(orderOf(after, mine)).toEqual(['Aa-export', 'mm-Import', 'zz-archive']);
  });

  it('sorts descending with orderBy=-name', async () => {
    const list = await api.list('permission', { orderBy: '-name' });
    expect(orderOf(list, ['zz-archive', 'Aa-export', 'mm-Import'])).toEqual(['zz-archive', 'mm-Import', 'Aa-export']);
    expect(list[0]!.name).toBe('zz-archive');
    const builtIns = orderOf(list, ['view-technician', 'manage-asset', 'approve-thermography-note']);
    expect(builtIns).toEqual(['view-technician', 'manage-asset', 'approve-thermography-note']);
  });

  it('projects fields=name to _id and name only', async () => {
    const list = await api.list('permission', { fields: 'name' });
    expect(list.length).toBeGreaterThanOrEqual(ALL_PERMISSIONS.length);
    for (const row of list) expect(Object.keys(row).sort()).toEqual(['_id', 'name']);
  });
});

describe('POST /permission', () => {
  it('creates a permission, readable by id', async () => {
    const created = await api.create('permission', { name: 'export-data' });
    expect(created).toMatchObject({ name: 'export-data' });
    expect(created._id).toEqual(expect.any(String));
    expect(await api.read('permission', created._id)).toMatchObject({ _id: created._id, name: 'export-data' });
  });

  it('refuses a name already taken, ignoring case, with 409', async () => {
    await api.create('permission', { name: 'print-labels' });
    const before = (await names()).length;
    const dup = expectError(await api.post('/permission', { name: 'PRINT-Labels' }), 409);
    expect(dup.message).toBe('Permission with the name "PRINT-Labels" already exists');
    const builtIn = expectError(await api.post('/permission', { name: 'Manage-Asset' }), 409);
    expect(builtIn.message).toBe('Permission with the name "Manage-Asset" already exists');
    expect((await names()).length).toBe(before);
  });

  it.each([
    [{}, 'name'],
    [{ name: '   ' }, 'name'],
    [{ name: 7 }, 'name'],
    [{ name: 'x'.repeat(201) }, 'name'],
    [{ name: 'fine-name', scope: 'all' }, 'scope'],
  ])('answers 400 naming the field for %j and writes nothing', async (payload, field) => {
    const before = await names();
    expectError(await api.post('/permission', payload), 400, field);
    expect(await names()).toEqual(before);
  });

  it('answers 403 to a user without manage-permission and creates nothing', async () => {
    expectError(await api.post('/permission', { name: 'sneaky' }, 'engineer'), 403);
    expectError(await api.post('/permission', { name: 'sneaky' }, 'technician'), 403);
    expectError(await api.get('/permission', 'engineer'), 403);
    expect(await names()).not.toContain('sneaky');
  });

  it('answers 401 without a token', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/permission', payload: { name: 'anon' } });
    expect(response.statusCode).toBe(401);
    expect(await names()).not.toContain('anon');
  });
});

describe('no PUT for permissions', () => {
  it('has no update call: the name stays', async () => {
    const created = await api.create('permission', { name: 'rename-me' });
    const response = await api.put(`/permission/${created._id}`, { name: 'renamed' });
    expect(response.statusCode).toBe(404);
    expect((await api.read('permission', created._id)).name).toBe('rename-me');
  });
});

describe('DELETE /permission/{id}', () => {
  it('refuses to delete a built-in permission with 409 and keeps it on the roles', async () => {
    const id = permissionIds['manage-permission']!;
    const refused = expectError(await api.del(`/permission/${id}`), 409);
    expect(refused.message).toContain('manage-permission');
    expect(await names()).toContain('manage-permission');
    const superuser = await api.read('role', roleIds.ROLE_SUPERUSER!);
    expect(superuser.permissions).toContain(id);
    // …and the administrator can still manage permissions.
    expect((await api.post('/permission', { name: 'still-works' })).statusCode).toBe(200);
  });

  it('removes a custom permission from the roles and users holding it', async () => {
    const custom = await api.create('permission', { name: 'export-reports' });
    const other = await api.create('permission', { name: 'export-invoices' });
    const engineerRole = await api.read('role', roleIds.ROLE_ENGINEER!);
    const rolePermissions = [...(engineerRole.permissions as string[]), custom._id, other._id];
    ok(await api.put(`/role/${engineerRole._id}`, { permissions: rolePermissions }));
    ok(await api.put(`/user/updateByUserAdministration/${userIds.technician}`, { permissions: [custom._id, other._id] }));

    ok(await api.del(`/permission/${custom._id}`));

    expect((await api.get(`/permission/${custom._id}`)).statusCode).toBe(404);
    const role = await api.read('role', engineerRole._id);
    expect(role.permissions).toEqual(rolePermissions.filter((id) => id !== custom._id));
    const technician = ok<Doc>(await api.get(`/user/${userIds.technician}`));
    expect(technician.permissions).toEqual([other._id]);
  });

  it('answers 404 for an unknown id and 403 without manage-permission', async () => {
    expectError(await api.del('/permission/nope'), 404);
    const custom = await api.create('permission', { name: 'keep-me' });
    expectError(await api.del(`/permission/${custom._id}`, 'thermo.manager'), 403);
    expect(await names()).toContain('keep-me');
  });
});
