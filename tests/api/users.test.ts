import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from './helpers/testApp';
import { users } from '../../server/db/schema';
import { loadConfig } from '../../server/config';

let t: TestApp;
let ids: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp();
  const rows = await t.app.services.db.select({ _id: users._id, username: users.username }).from(users);
  ids = Object.fromEntries(rows.map((r) => [r.username, r._id]));
});
afterAll(() => t.close());

describe('GET /user/{id}', () => {
  it('lets any signed-in user read another user\'s name only', async () => {
    const name = await t.request({ method: 'GET', url: `/api/user/${ids.engineer}?fields=name`, as: 'technician' });
    expect(name.statusCode).toBe(200);
    expect(name.json()).toEqual({ _id: ids.engineer, name: 'Eric Engineer' });
    const full = await t.request({ method: 'GET', url: `/api/user/${ids.engineer}`, as: 'technician' });
    expect(full.statusCode).toBe(403);
    const more = await t.request({ method: 'GET', url: `/api/user/${ids.engineer}?fields=name,email`, as: 'technician' });
    expect(more.statusCode).toBe(403);
  });

  it('gives the whole record, without any password, to its owner and to manage-user', async () => {
    for (const as of ['engineer', 'admin']) {
      const response = await t.request({ method: 'GET', url: `/api/user/${ids.engineer}`, as });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ _id: ids.engineer, username: 'engineer', email: 'engineer@facilityops.example', status: 'active' });
      expect(response.body).not.toMatch(/password|argon2|tokenVersion/i);
    }
  });

  it('answers 404 for an unknown id', async () => {
    const response = await t.request({ method: 'GET', url: '/api/user/does-not-exist', as: 'admin' });
    expect(response.statusCode).toBe(404);
    expect(response.json().response).toBe('error');
  });
});

describe('PUT /user/{id} (profile)', () => {
  it('updates one\'s own email', async () => {
    const response = await t.request({ method: 'PUT', url: `/api/user/${ids['thermo.engineer']}`, as: 'thermo.engineer', payload: { email: 'theo@plant.example' } });
    expect(response.statusCode).toBe(200);
    expect(response.json().email).toBe('theo@plant.example');
    const [row] = await t.app.services.db.select().from(users).where(eq(users._id, ids['thermo.engineer']!));
    expect(row!.email).toBe('theo@plant.example');
  });

  it('refuses to update anybody else\'s profile, even for an administrator', async () => {
    const response = await t.request({ method: 'PUT', url: `/api/user/${ids.engineer}`, as: 'admin', payload: { email: 'x@y.zz' } });
    expect(response.statusCode).toBe(403);
    const [row] = await t.app.services.db.select().from(users).where(eq(users._id, ids.engineer!));
    expect(row!.email).toBe('engineer@facilityops.example');
  });

  it.each([
    [{}, 'email'],
    [{ email: 12 }, 'email'],
    [{ email: 'not-an-email' }, 'email'],
    [{ email: 'a@b.cd', password: 'ab' }, 'password'],
    [{ email: 'a@b.cd', role: 'ROLE_SUPERUSER' }, 'role'],
  ])('answers 400 naming the field for %j and changes nothing', async (payload, field) => {
    const response = await t.request({ method: 'PUT', url: `/api/user/${ids.onsite}`, as: 'onsite', payload });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain(field);
    const [row] = await t.app.services.db.select().from(users).where(eq(users._id, ids.onsite!));
    expect(row!.email).toBe('onsite@facilityops.example');
  });

  it('changes the password, invalidates earlier tokens and answers a fresh one', async () => {
    const oldToken = await t.login('thermo.manager');
    const response = await t.app.inject({
      method: 'PUT', url: `/api/user/${ids['thermo.manager']}`, headers: { 'x-auth': oldToken },
      payload: { email: 'mia@plant.example', password: 'new-secret-10', currentPassword: 'demo' },
    });
    expect(response.statusCode).toBe(200);
    const freshToken = response.headers['x-auth'] as string;
    expect(freshToken).toBeTruthy();
    const withOld = await t.app.inject({ method: 'GET', url: '/api/token/init', headers: { 'x-auth': oldToken } });
    expect(withOld.statusCode).toBe(401);
    const withFresh = await t.app.inject({ method: 'GET', url: '/api/token/init', headers: { 'x-auth': freshToken } });
    expect(withFresh.statusCode).toBe(200);
    const oldPassword = await t.app.inject({ method: 'POST', url: '/api/token/login', payload: { username: 'thermo.manager', password: 'demo' } });
    expect(oldPassword.statusCode).toBe(401);
    await expect(t.login('thermo.manager', 'new-secret-10')).resolves.toBeTruthy();
  });
});

describe('PUT /user/{id}: changing one\'s own password (DESIGN §4, OWASP ASVS V2.1.6)', () => {
  const put = (username: string, token: string, payload: object) =>
    t.app.inject({ method: 'PUT', url: `/api/user/${ids[username]}`, headers: { 'x-auth': token }, payload });
  const signIn = (username: string, password: string) =>
    t.app.inject({ method: 'POST', url: '/api/token/login', payload: { username, password } });

  /** The refusal changed nothing: the old password and the old token still work, the email is as it was. */
  async function expectUnchanged(username: string, token: string, email: string) {
    expect((await signIn(username, 'demo')).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/token/init', headers: { 'x-auth': token } })).statusCode).toBe(200);
    const [row] = await t.app.services.db.select().from(users).where(eq(users._id, ids[username]!));
    expect(row!.email).toBe(email);
  }

  it('asks for the current password: without it, 400 naming currentPassword', async () => {
    const token = await t.login('engineer');
    const response = await put('engineer', token, { email: 'eric@plant.example', password: 'a-long-new-secret' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ response: 'error', message: expect.stringContaining('currentPassword') });
    expect(Object.keys(response.json().errors)).toEqual(['currentPassword']);
    await expectUnchanged('engineer', token, 'engineer@facilityops.example');
  });

  it('refuses a wrong current password with 400, not 401, and keeps the session', async () => {
    const token = await t.login('engineer');
    const response = await put('engineer', token, { email: 'eric@plant.example', password: 'a-long-new-secret', currentPassword: 'not-it' });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain('currentPassword');
    expect(Object.keys(response.json().errors)).toEqual(['currentPassword']);
    await expectUnchanged('engineer', token, 'engineer@facilityops.example');
  });

  it('wants at least 10 characters: 9 answer 400 naming password, 10 are accepted', async () => {
    const token = await t.login('technician');
    const short = await put('technician', token, { email: 'technician@facilityops.example', password: '123456789', currentPassword: 'demo' });
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toContain('password');
    expect(short.json().message).toContain('10');
    expect(Object.keys(short.json().errors)).toEqual(['password']);
    await expectUnchanged('technician', token, 'technician@facilityops.example');

    const ok = await put('technician', token, { email: 'technician@facilityops.example', password: '1234567890', currentPassword: 'demo' });
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['x-auth']).toBeTruthy();
    expect((await signIn('technician', '1234567890')).statusCode).toBe(200);
  });

  it('needs no current password to change the email alone', async () => {
    const token = await t.login('thermo.tech');
    const response = await put('thermo.tech', token, { email: 'tara@plant.example' });
    expect(response.statusCode).toBe(200);
    expect(response.json().email).toBe('tara@plant.example');
    expect(response.headers['x-auth']).toBeUndefined();
  });

  it('counts wrong current passwords against the sign-in limit of 10, so the form is no way around it', async () => {
    const token = await t.login('onsite');
    for (let i = 0; i < 10; i++) {
      expect((await put('onsite', token, { email: 'onsite@facilityops.example', password: 'a-long-new-secret', currentPassword: `guess-${i}` })).statusCode).toBe(400);
    }
    const eleventh = await put('onsite', token, { email: 'onsite@facilityops.example', password: 'a-long-new-secret', currentPassword: 'demo' });
    expect(eleventh.statusCode).toBe(429);
    expect((await signIn('onsite', 'demo')).statusCode).toBe(429);
  });
});

describe('ADMIN_PASSWORD (the production superuser\'s password)', () => {
  it('must be at least 10 characters', () => {
    expect(() => loadConfig({ ADMIN_PASSWORD: '123456789' })).toThrow(/ADMIN_PASSWORD must be at least 10 characters/);
    expect(loadConfig({ ADMIN_PASSWORD: '1234567890' }).adminPassword).toBe('1234567890');
  });
});
