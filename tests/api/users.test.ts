import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from './helpers/testApp';
import { users } from '../../server/db/schema';

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
      payload: { email: 'mia@plant.example', password: 'new-secret' },
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
    await expect(t.login('thermo.manager', 'new-secret')).resolves.toBeTruthy();
  });
});
