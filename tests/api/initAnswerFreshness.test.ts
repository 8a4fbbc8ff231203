import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/testApp';
import { adminApi, idsBy, ok, type Doc } from './administration/adminApi';

/**
 * GET /token/init is answered from copies kept per signed-in user (docs/decisions.md "The hot
 * path"): an administrator's change must show in the very next answer through the same token,
 * never one served from before it. Each case asks twice first, so the copy is there to go stale.
 */
let t: TestApp;
let api: ReturnType<typeof adminApi>;
let engineerToken: string;
let engineerId: string;
let roleIds: Record<string, string>;
let permissionIds: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp();
  api = adminApi(t);
  engineerId = idsBy(await api.list('user'), 'username').engineer!;
  roleIds = idsBy(await api.list('role'));
  permissionIds = idsBy(await api.list('permission'));
  engineerToken = await t.login('engineer');
});
afterAll(() => t.close());

const init = async (): Promise<Doc> => ok<Doc>(await t.app.inject({ method: 'GET', url: '/api/token/init', headers: { 'x-auth': engineerToken } }));
const warm = async () => {
  await init();
  return init();
};
const updateEngineer = async (change: Record<string, unknown>) => ok(await api.put(`/user/updateByUserAdministration/${engineerId}`, change));

describe('GET /token/init after an administrator changes the signed-in user', () => {
  it('shows a new name', async () => {
    expect((await warm()).name).toBe('Eric Engineer');
    await updateEngineer({ name: 'Erica Engineer' });
    expect((await init()).name).toBe('Erica Engineer');
  });

  it('shows a new role with its permissions, and back', async () => {
    const before = await warm();
    expect(before.roleName).toBe('ROLE_ENGINEER');
    expect(before.permissions).toContain('view-engineer');
    await updateEngineer({ role: roleIds.ROLE_TECHNICIAN });
    const moved = await init();
    expect(moved.roleName).toBe('ROLE_TECHNICIAN');
    expect(moved.permissions).toContain('view-technician');
    expect(moved.permissions).not.toContain('view-engineer');
    await updateEngineer({ role: roleIds.ROLE_ENGINEER });
    expect((await init()).roleName).toBe('ROLE_ENGINEER');
  });

  it("shows a permission added to or taken from the user's role, and lets the same token use it at once", async () => {
    const role = ok<Doc>(await api.get(`/role/${roleIds.ROLE_ENGINEER}`));
    const original = role.permissions as string[];
    const usersList = () => t.app.inject({ method: 'GET', url: '/api/user', headers: { 'x-auth': engineerToken } });
    expect((await warm()).permissions).not.toContain('manage-user');
    expect((await usersList()).statusCode).toBe(403);
    ok(await api.put(`/role/${role._id}`, { permissions: [...original, permissionIds['manage-user']] }));
    expect((await init()).permissions).toContain('manage-user');
    expect((await usersList()).statusCode).toBe(200);
    ok(await api.put(`/role/${role._id}`, { permissions: original }));
    expect((await init()).permissions).not.toContain('manage-user');
    expect((await usersList()).statusCode).toBe(403);
  });

  it('drops a direct permission the administrator deletes', async () => {
    const custom = ok<Doc>(await api.post('/permission', { name: 'read-plant-notes' }));
    await updateEngineer({ permissions: [custom._id] });
    expect((await warm()).permissions).toContain('read-plant-notes');
    ok(await api.del(`/permission/${custom._id}`));
    expect((await init()).permissions).not.toContain('read-plant-notes');
  });

  it('shows a new banner', async () => {
    await warm();
    await updateEngineer({ banner: { color: '#b71c1c', message: 'Boiler room closed today' } });
    expect((await init()).banner).toEqual({ color: '#b71c1c', message: 'Boiler room closed today' });
  });
});
