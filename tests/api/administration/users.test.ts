import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/testApp';
import { DEMO_USERNAMES } from '../helpers/demo';
import { ROLE_NAMES } from '../../../common/permissions';
import { adminApi, expectError, idsBy, ok, orderOf, type Doc } from './adminApi';

let t: TestApp;
let api: ReturnType<typeof adminApi>;
let userIds: Record<string, string>;
let roleIds: Record<string, string>;
let permissionIds: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp();
  api = adminApi(t);
  userIds = idsBy(await api.list('user'), 'username');
  roleIds = idsBy(await api.list('role'));
  permissionIds = idsBy(await api.list('permission'));
});
afterAll(() => t.close());

const usernames = async () => (await api.list('user')).map((u) => u.username as string);
const signIn = (username: string, password: string) => t.app.inject({ method: 'POST', url: '/api/token/login', payload: { username, password } });
const init = (token: string) => t.app.inject({ method: 'GET', url: '/api/token/init', headers: { 'x-auth': token } });
const userUrl = (username: string) => `/user/updateByUserAdministration/${userIds[username]}`;

describe('GET /user', () => {
  it('lists the demo users sorted by name, never with a password', async () => {
    const response = await api.get('/user');
    const list = ok<Doc[]>(response);
    for (const username of DEMO_USERNAMES) expect(list.map((u) => u.username)).toContain(username);
    expect(orderOf(list, ['Ada Admin', 'Eric Engineer', 'Olga Onsite', 'Tom Technician'])).toEqual(['Ada Admin', 'Eric Engineer', 'Olga Onsite', 'Tom Technician']);
    expect(response.body).not.toMatch(/password|argon2|tokenVersion/i);
  });

  it('sorts with orderBy=-username', async () => {
    const list = await api.list('user', { orderBy: '-username' });
    expect(orderOf(list, ['technician', 'admin', 'onsite'], 'username')).toEqual(['technician', 'onsite', 'admin']);
  });

  it('projects fields=name,role to _id, name and role', async () => {
    const list = await api.list('user', { fields: 'name,role' });
    for (const row of list) expect(Object.keys(row).sort()).toEqual(['_id', 'name', 'role']);
    expect(list.find((u) => u._id === userIds.engineer)).toEqual({ _id: userIds.engineer, name: 'Eric Engineer', role: roleIds[ROLE_NAMES.engineer] });
  });

  it.each(['passwordHash', 'name,tokenVersion'])('refuses fields=%s (never served) with 400', async (fields) => {
    expectError(await api.get(`/user?fields=${fields}`), 400, 'fields');
  });

  it('answers 403 to users without manage-user, manage-role or manage-permission', async () => {
    expectError(await api.get('/user', 'engineer'), 403);
    expectError(await api.get('/user', 'thermo.manager'), 403);
  });
});

describe('POST /user', () => {
  it('adds an active user by username, who cannot sign in until a password is reset', async () => {
    const created = ok<Doc>(await api.post('/user', { username: 'new.hire' }));
    expect(created).toMatchObject({ username: 'new.hire', name: 'new.hire', role: null, status: 'active', permissions: [] });
    expect(JSON.stringify(created)).not.toMatch(/password/i);
    expect(await usernames()).toContain('new.hire');
    expect((await signIn('new.hire', 'demo')).statusCode).toBe(401);
    expect((await signIn('new.hire', '')).statusCode).not.toBe(200);
  });

  it('takes a name and a role, and trims the username', async () => {
    const created = ok<Doc>(await api.post('/user', { username: '  second.hire ', name: 'Sam Second', role: roleIds[ROLE_NAMES.technician] }));
    expect(created).toMatchObject({ username: 'second.hire', name: 'Sam Second', role: roleIds[ROLE_NAMES.technician] });
  });

  it.each(['ENGINEER', ' engineer ', 'New.Hire'])('refuses the taken username %j with 409', async (username) => {
    const before = await usernames();
    const refused = expectError(await api.post('/user', { username }), 409);
    expect(refused.message).toContain(username.trim());
    expect(await usernames()).toEqual(before);
  });

  it.each([
    [{}, 'username'],
    [{ username: '   ' }, 'username'],
    [{ username: 42 }, 'username'],
    [{ username: 'x.y', role: 'no-such-role' }, 'role'],
    [{ username: 'x.y', password: 'secret' }, 'password'],
    [{ username: 'x.y', permissions: [] }, 'permissions'],
  ])('answers 400 naming the field for %j and writes nothing', async (payload, field) => {
    const before = await usernames();
    expectError(await api.post('/user', payload), 400, field);
    expect(await usernames()).toEqual(before);
  });

  it('answers 403 without manage-user and adds nobody', async () => {
    expectError(await api.post('/user', { username: 'sneaky' }, 'engineer'), 403);
    expectError(await api.post('/user', { username: 'sneaky' }, 'technician'), 403);
    expect(await usernames()).not.toContain('sneaky');
  });
});

describe('PUT /user/updateByUserAdministration/{id}', () => {
  it('updates the fields sent; the others keep their values', async () => {
    const saved = ok<Doc>(await api.put(userUrl('thermo.tech'), { customAttributes: { site: 'North', shift: 'Early' }, moduleWhitelist: ['technician'] }));
    expect(saved).toMatchObject({
      username: 'thermo.tech',
      name: 'Tara Thermography',
      email: 'thermo.tech@facilityops.example',
      role: roleIds[ROLE_NAMES.thermographyTechnician],
      status: 'active',
      customAttributes: { site: 'North', shift: 'Early' },
      moduleWhitelist: ['technician'],
    });
    const read = ok<Doc>(await api.get(`/user/${userIds['thermo.tech']}`));
    expect(read.customAttributes).toEqual({ site: 'North', shift: 'Early' });
    // The user can still sign in: the update did not touch the password.
    expect((await signIn('thermo.tech', 'demo')).statusCode).toBe(200);
  });

  it('changes the role, and with it what the user may do', async () => {
    const created = ok<Doc>(await api.post('/user', { username: 'role.change', role: roleIds[ROLE_NAMES.technician] }));
    const { password } = ok<{ password: string }>(await api.post(`/user/${created._id}/resetPassword`, {}));
    const token = (await signIn('role.change', password)).json().token as string;
    expect((await init(token)).json().permissions).not.toContain('view-engineer');
    ok(await api.put(`/user/updateByUserAdministration/${created._id}`, { role: roleIds[ROLE_NAMES.engineer] }));
    expect((await init(token)).json().permissions).toContain('view-engineer');
  });

  it('grants and withdraws direct permissions at once', async () => {
    expectError(await api.get('/config', 'technician'), 403);
    ok(await api.put(userUrl('technician'), { permissions: [permissionIds['manage-config']] }));
    expect((await api.get('/config', 'technician')).statusCode).toBe(200);
    ok(await api.put(userUrl('technician'), { permissions: [] }));
    expectError(await api.get('/config', 'technician'), 403);
  });

  it.each([
    [{ email: 'not-an-email' }, 'email'],
    [{ status: 'paused' }, 'status'],
    [{ role: 'no-such-role' }, 'role'],
    [{ permissions: ['no-such-permission'] }, 'permissions'],
    [{ dashboardId: 'no-such-dashboard' }, 'dashboardId'],
    [{ moduleWhitelist: ['reports'] }, 'moduleWhitelist[0]'],
    [{ customAttributes: { site: 5 } }, 'customAttributes'],
    [{ customAttributes: { ' ': 'x' } }, 'customAttributes'],
    [{ banner: { color: 'red', text: 'hi' } }, 'banner.text'],
    [{ username: '' }, 'username'],
    [{ tokenVersion: 0 }, 'tokenVersion'],
  ])('answers 400 naming the field for %j and changes nothing', async (payload, field) => {
    const before = ok<Doc>(await api.get(`/user/${userIds.onsite}`));
    expectError(await api.put(userUrl('onsite'), payload), 400, field);
    expect(ok<Doc>(await api.get(`/user/${userIds.onsite}`))).toEqual(before);
  });

  it('refuses a username another user has with 409', async () => {
    const refused = expectError(await api.put(userUrl('onsite'), { username: 'Technician' }), 409);
    expect(refused.message).toContain('Technician');
    expect(ok<Doc>(await api.get(`/user/${userIds.onsite}`)).username).toBe('onsite');
  });

  it('ignores a password sent here: the password changes only by reset', async () => {
    ok(await api.put(userUrl('thermo.engineer'), { name: 'Theo T.', password: 'chosen-by-admin' }));
    expect((await signIn('thermo.engineer', 'chosen-by-admin')).statusCode).toBe(401);
    expect((await signIn('thermo.engineer', 'demo')).statusCode).toBe(200);
  });

  it('deactivating a user ends their sessions and sign-ins; reactivating allows sign-in again', async () => {
    const created = ok<Doc>(await api.post('/user', { username: 'leaver', role: roleIds[ROLE_NAMES.technician] }));
    const { password } = ok<{ password: string }>(await api.post(`/user/${created._id}/resetPassword`, {}));
    const token = (await signIn('leaver', password)).json().token as string;
    expect((await init(token)).statusCode).toBe(200);

    expect(ok<Doc>(await api.put(`/user/updateByUserAdministration/${created._id}`, { status: 'inactive' })).status).toBe('inactive');
    expect((await init(token)).statusCode).toBe(401);
    expect((await signIn('leaver', password)).statusCode).toBe(401);

    ok(await api.put(`/user/updateByUserAdministration/${created._id}`, { status: 'active' }));
    expect((await init(token)).statusCode).toBe(401);
    expect((await signIn('leaver', password)).statusCode).toBe(200);
  });

  it('refuses to let administrators deactivate themselves, but lets them edit their other fields', async () => {
    const refused = expectError(await api.put(userUrl('admin'), { status: 'inactive' }), 409);
    expect(refused.message).toMatch(/own account/);
    expect(ok<Doc>(await api.get(`/user/${userIds.admin}`)).status).toBe('active');
    expect(ok<Doc>(await api.put(userUrl('admin'), { customAttributes: { desk: 'B2' } })).customAttributes).toEqual({ desk: 'B2' });
    expect((await api.get('/user')).statusCode).toBe(200);
  });

  it('answers 404 for an unknown id and 403 without manage-user', async () => {
    expectError(await api.put('/user/updateByUserAdministration/unknown', { name: 'x' }), 404);
    expectError(await api.put(userUrl('engineer'), { name: 'Hacked' }, 'engineer'), 403);
    expect(ok<Doc>(await api.get(`/user/${userIds.engineer}`)).name).toBe('Eric Engineer');
  });
});

describe('usernames and names (docs/administration.md)', () => {
  const BAD_USERNAMES = [
    ['a line break', 'night\r\nshift'],
    ['a line feed', 'night\nshift'],
    ['a tab', 'night\tshift'],
    ['a C1 control', 'night\u0085shift'],
    ['a line separator', 'night\u2028shift'],
    ['a right-to-left override', 'admin\u202Egpj.exe'],
    ['a left-to-right isolate', '\u2066admin'],
    ['a right-to-left mark', 'admin\u200F'],
    ['an Arabic letter mark', 'admin\u061C'],
    ['__proto__', '__proto__'],
    ['constructor', 'constructor'],
    ['toString in another case, padded', ' ToString '],
    ['hasOwnProperty', 'hasOwnProperty'],
  ] as const;
  const usersStored = async () => (await api.list('user')).map((u) => `${u._id} ${u.username} ${u.name}`);

  it.each(BAD_USERNAMES)('refuses a username with %s on POST /user with 400 naming it, adding nobody', async (_what, username) => {
    const before = await usersStored();
    expectError(await api.post('/user', { username }), 400, 'username');
    expect(await usersStored()).toEqual(before);
  });

  it.each(BAD_USERNAMES)('refuses a username with %s on PUT /user/updateByUserAdministration with 400 naming it, changing nothing', async (_what, username) => {
    const before = await usersStored();
    expectError(await api.put(userUrl('onsite'), { username }), 400, 'username');
    expect(await usersStored()).toEqual(before);
  });

  it.each(['', '   ', '\t'])('refuses the blank name %j on PUT /user/updateByUserAdministration with 400 naming it, changing nothing', async (name) => {
    const before = await usersStored();
    expectError(await api.put(userUrl('onsite'), { name }), 400, 'name');
    expect(await usersStored()).toEqual(before);
  });

  it.each(['', '   '])('refuses the blank name %j on POST /user with 400 naming it, adding nobody', async (name) => {
    const before = await usersStored();
    expectError(await api.post('/user', { username: 'blank.name', name }), 400, 'name');
    expect(await usersStored()).toEqual(before);
  });

  it('takes names and usernames in any script, with inner spaces and dots', async () => {
    const created = ok<Doc>(await api.post('/user', { username: 'jürgen.müller-2', name: 'Jürgen Müller' }));
    expect(ok<Doc>(await api.put(`/user/updateByUserAdministration/${created._id}`, { username: 'محمد.علي', name: 'محمد علي' }))).toMatchObject({ username: 'محمد.علي', name: 'محمد علي' });
  });
});

describe('POST /user/{id}/resetPassword', () => {
  it('answers a new password that signs in; the old password and earlier tokens stop working', async () => {
    const oldToken = await t.login('onsite');
    const { password } = ok<{ password: string }>(await api.post(`/user/${userIds.onsite}/resetPassword`, {}));
    expect(password).toMatch(/^\S{10,}$/);
    expect((await init(oldToken)).statusCode).toBe(401);
    expect((await signIn('onsite', 'demo')).statusCode).toBe(401);
    const fresh = await signIn('onsite', password);
    expect(fresh.statusCode).toBe(200);
    expect((await init(fresh.json().token as string)).json().username).toBe('onsite');
  });

  it('gives a new user a first password', async () => {
    const created = ok<Doc>(await api.post('/user', { username: 'first.login' }));
    const first = ok<{ password: string }>(await api.post(`/user/${created._id}/resetPassword`, {})).password;
    const second = ok<{ password: string }>(await api.post(`/user/${created._id}/resetPassword`, {})).password;
    expect(second).not.toBe(first);
    expect((await signIn('first.login', first)).statusCode).toBe(401);
    expect((await signIn('first.login', second)).statusCode).toBe(200);
  });

  it("refuses to reset the administrator's own password here", async () => {
    expectError(await api.post(`/user/${userIds.admin}/resetPassword`, {}), 409);
    expect((await signIn('admin', 'demo')).statusCode).toBe(200);
  });

  it('answers 404 for an unknown id and 403 without manage-user', async () => {
    expectError(await api.post('/user/unknown/resetPassword', {}), 404);
    expectError(await api.post(`/user/${userIds['thermo.manager']}/resetPassword`, {}, 'engineer'), 403);
    expect((await signIn('thermo.manager', 'demo')).statusCode).toBe(200);
  });
});

describe('DELETE /user/{id}', () => {
  it('deletes a user, whose token stops working', async () => {
    const created = ok<Doc>(await api.post('/user', { username: 'temp.worker', role: roleIds[ROLE_NAMES.technician] }));
    const { password } = ok<{ password: string }>(await api.post(`/user/${created._id}/resetPassword`, {}));
    const token = (await signIn('temp.worker', password)).json().token as string;
    ok(await api.del(`/user/${created._id}`));
    expectError(await api.get(`/user/${created._id}`), 404);
    expect(await usernames()).not.toContain('temp.worker');
    expect((await init(token)).statusCode).toBe(401);
    expect((await signIn('temp.worker', password)).statusCode).toBe(401);
  });

  it('refuses to let administrators delete themselves', async () => {
    const refused = expectError(await api.del(`/user/${userIds.admin}`), 409);
    expect(refused.message).toMatch(/own account/);
    expect(await usernames()).toContain('admin');
  });

  it('answers 404 for an unknown id and 403 without manage-user', async () => {
    expectError(await api.del('/user/unknown'), 404);
    expectError(await api.del(`/user/${userIds['thermo.manager']}`, 'engineer'), 403);
    expect(await usernames()).toContain('thermo.manager');
  });
});
