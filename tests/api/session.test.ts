import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SignJWT } from 'jose';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from './helpers/testApp';
import { users, loginAttempts } from '../../server/db/schema';
import { knownPermissions } from '../../server/crud/registry';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const login = (payload: unknown, remoteAddress = '10.0.0.1') =>
  t.app.inject({ method: 'POST', url: '/api/token/login', payload: payload as object, remoteAddress });

/** An administration change to a user, through the repository as the server's own calls make it. */
async function setUser(username: string, patch: Partial<typeof users.$inferSelect>) {
  const [row] = await t.app.services.db.select().from(users).where(eq(users.username, username));
  await t.app.services.users.update(row!._id, patch);
}

async function usersSnapshot() {
  return t.app.services.db.select().from(users).orderBy(users._id);
}

describe('POST /token/login', () => {
  it('answers a token for a demo user, matching the username case-insensitively', async () => {
    const response = await login({ username: 'Admin', password: 'demo' });
    expect(response.statusCode).toBe(200);
    expect(response.json().token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
  });

  it('refuses a wrong password and an unknown user with the same error body', async () => {
    const wrong = await login({ username: 'engineer', password: 'nope' }, '10.0.0.2');
    const unknown = await login({ username: 'ghost', password: 'demo' }, '10.0.0.2');
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ response: 'error', message: 'Invalid username or password' });
    expect(unknown.json()).toEqual(wrong.json());
    await t.app.services.db.delete(loginAttempts);
  });

  it.each([
    [{ password: 'demo' }, 'username'],
    [{ username: 'admin' }, 'password'],
    [{ username: 42, password: 'demo' }, 'username'],
    [{ username: 'admin', password: ['demo'] }, 'password'],
    [{ username: '   ', password: 'demo' }, 'username'],
    [{ username: 'admin', password: 'demo', role: 'x' }, 'role'],
  ])('answers 400 naming the field for %j', async (payload, field) => {
    const response = await login(payload, '10.0.0.3');
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.response).toBe('error');
    expect(body.message).toContain(field);
    expect(Object.keys(body.errors)).toContain(field);
  });

  it('answers 400 to malformed JSON and 413 to a body over 1 MB, changing nothing', async () => {
    const before = await usersSnapshot();
    const malformed = await t.app.inject({
      method: 'POST', url: '/api/token/login', headers: { 'content-type': 'application/json' }, payload: '{"username": "admin",',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ response: 'error', message: expect.stringContaining('JSON') });
    const hugeLogin = await t.app.inject({
      method: 'POST', url: '/api/token/login', headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ username: 'admin', password: 'x'.repeat(1_100_000) }),
    });
    expect(hugeLogin.statusCode).toBe(413);
    expect(hugeLogin.json().response).toBe('error');
    const admin = before.find((u) => u.username === 'admin')!;
    const hugeProfile = await t.request({
      method: 'PUT', url: `/api/user/${admin._id}`, as: 'admin', headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'a@b.cd', password: 'x'.repeat(1_100_000) }),
    });
    expect(hugeProfile.statusCode).toBe(413);
    expect(await usersSnapshot()).toEqual(before);
  });

  it('refuses an inactive user even with the right password', async () => {
    await setUser('thermo.tech', { status: 'inactive' });
    const response = await login({ username: 'thermo.tech', password: 'demo' }, '10.0.0.4');
    expect(response.statusCode).toBe(401);
    expect(response.json().message).toBe('This account is inactive');
    await setUser('thermo.tech', { status: 'active' });
  });

  // The limits themselves (10 per username, 50 per address, bursts, a plant's NAT): loginRateLimit.test.ts.
});

describe('GET /token/init', () => {
  it('answers the user with permission strings and never a password or hash', async () => {
    const response = await t.request({ method: 'GET', url: '/api/token/init', as: 'admin' });
    expect(response.statusCode).toBe(200);
    const user = response.json();
    expect(user).toMatchObject({ username: 'admin', roleName: 'ROLE_SUPERUSER', status: 'active' });
    expect(user.permissions).toEqual(expect.arrayContaining(['view-engineer', 'manage-user', 'nav-home']));
    // Every one the code defines: the listed ones and each declared resource's (a README-recipe resource's too).
    expect(user.permissions.every((p: string) => knownPermissions().includes(p))).toBe(true);
    expect(response.body).not.toMatch(/password|argon2|hash|tokenVersion/i);
  });

  it('unites the role permissions with direct permissions', async () => {
    const [permission] = await t.app.services.db.execute<{ id: string }>(
      // raw lookup keeps this test independent of the permission repository
      (await import('drizzle-orm')).sql`select id from permissions where name = 'manage-asset'`,
    ).then((r) => (Array.isArray(r) ? r : (r as { rows: { id: string }[] }).rows));
    await setUser('technician', { permissions: [permission!.id] });
    const response = await t.request({ method: 'GET', url: '/api/token/init', as: 'technician' });
    expect(response.json().permissions).toEqual(expect.arrayContaining(['view-technician', 'update-inspection', 'manage-asset']));
    expect(response.json().permissions).not.toContain('manage-user');
  });

  it('drops the permissions of areas missing from a non-empty module whitelist', async () => {
    await setUser('admin', { moduleWhitelist: ['engineer'] });
    const token = await t.login('admin');
    const permissions: string[] = (await t.app.inject({ method: 'GET', url: '/api/token/init', headers: { 'x-auth': token } })).json().permissions;
    expect(permissions).toContain('view-engineer');
    expect(permissions).not.toContain('manage-user');
    const forbidden = await t.app.inject({ method: 'GET', url: '/api/user/someone', headers: { 'x-auth': token } });
    expect(forbidden.statusCode).toBe(403);
    await setUser('admin', { moduleWhitelist: [] });
  });

  it('leaves no manage-* permission outside the whitelist: an engineer whitelisted to technician', async () => {
    await setUser('engineer', { moduleWhitelist: ['technician'] });
    const token = await t.login('engineer');
    const permissions: string[] = (await t.app.inject({ method: 'GET', url: '/api/token/init', headers: { 'x-auth': token } })).json().permissions;
    expect(permissions.filter((p) => p.startsWith('manage-'))).toEqual([]);
    for (const gone of ['manage-calendar', 'manage-inspection-schedule', 'manage-workorder', 'view-engineer', 'nav-home']) {
      expect(permissions).not.toContain(gone);
    }
    // What the technician area itself uses stays.
    expect(permissions).toEqual(expect.arrayContaining(['read-asset', 'update-inspection', 'read-workorder']));
    await setUser('engineer', { moduleWhitelist: [] });
  });

  it('keeps the engineer screens\' manage-* for a superuser whitelisted to engineer, and drops administration\'s', async () => {
    await setUser('admin', { moduleWhitelist: ['engineer'] });
    const token = await t.login('admin');
    const permissions: string[] = (await t.app.inject({ method: 'GET', url: '/api/token/init', headers: { 'x-auth': token } })).json().permissions;
    // The engineer area's own screens (common/session.ts): schedules, calendar, work orders, and the stores (issue 42).
    expect(permissions.filter((p) => p.startsWith('manage-')).sort()).toEqual(['manage-calendar', 'manage-inspection-schedule', 'manage-sparepart', 'manage-vendor', 'manage-workorder']);
    expect(permissions).not.toContain('view-superuser');
    await setUser('admin', { moduleWhitelist: [] });
  });

  it('counts a manage-* permission made up by an administrator as administration', async () => {
    const adminToken = await t.login('admin');
    const created = await t.app.inject({
      method: 'POST', url: '/api/permission', headers: { 'x-auth': adminToken }, payload: { name: 'manage-plant-settings' },
    });
    expect(created.statusCode).toBe(200);
    await setUser('technician', { permissions: [created.json()._id], moduleWhitelist: ['technician'] });
    const technician = await t.login('technician');
    const permissions: string[] = (await t.app.inject({ method: 'GET', url: '/api/token/init', headers: { 'x-auth': technician } })).json().permissions;
    expect(permissions).toContain('view-technician');
    expect(permissions).not.toContain('manage-plant-settings');
    await setUser('technician', { permissions: [], moduleWhitelist: [] });
  });

  it.each([
    ['no token', undefined],
    ['garbage', 'not-a-jwt'],
  ])('answers 401 for %s', async (_label, token) => {
    const response = await t.app.inject({ method: 'GET', url: '/api/token/init', headers: token ? { 'x-auth': token } : {} });
    expect(response.statusCode).toBe(401);
    expect(response.json().response).toBe('error');
  });

  it('answers 401 for a tampered, an unsigned, a foreign-key and an expired token', async () => {
    const token = await t.login('engineer');
    const [header, payload, signature] = token.split('.') as [string, string, string];
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
    const forged = Buffer.from(JSON.stringify({ ...claims, sub: 'someone-else' })).toString('base64url');
    const unsignedHeader = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
    const otherKey = await new SignJWT({ tv: 0 }).setProtectedHeader({ alg: 'HS256' }).setSubject(claims.sub)
      .setExpirationTime('1h').sign(new TextEncoder().encode('some-other-secret-of-enough-length'));
    const secret = await (await import('../../server/auth/jwtSecret')).resolveJwtSecret(t.app.services.db, t.config.jwtSecret);
    const expired = await new SignJWT({ tv: claims.tv }).setProtectedHeader({ alg: 'HS256' }).setSubject(claims.sub)
      .setIssuedAt(Math.floor(Date.now() / 1000) - 7200).setExpirationTime(Math.floor(Date.now() / 1000) - 60)
      .sign(new TextEncoder().encode(secret));
    const stillValid = await new SignJWT({ tv: claims.tv }).setProtectedHeader({ alg: 'HS256' }).setSubject(claims.sub)
      .setExpirationTime('1h').sign(new TextEncoder().encode(secret));
    for (const bad of [`${header}.${forged}.${signature}`, `${unsignedHeader}.${payload}.`, otherKey, expired]) {
      const response = await t.app.inject({ method: 'GET', url: '/api/token/init', headers: { 'x-auth': bad } });
      expect(response.statusCode).toBe(401);
    }
    const control = await t.app.inject({ method: 'GET', url: '/api/token/init', headers: { 'x-auth': stillValid } });
    expect(control.statusCode).toBe(200);
  });

  it('stops accepting a token once its user is deactivated', async () => {
    const token = await t.login('onsite');
    const ok = await t.app.inject({ method: 'GET', url: '/api/token/init', headers: { 'x-auth': token } });
    expect(ok.statusCode).toBe(200);
    await setUser('onsite', { status: 'inactive' });
    const after = await t.app.inject({ method: 'GET', url: '/api/token/init', headers: { 'x-auth': token } });
    expect(after.statusCode).toBe(401);
    await setUser('onsite', { status: 'active' });
  });

  // The token check answers at once from what it holds (a token verified before, a user just read):
  // the same rules must hold there as on a first look.
  it('keeps refusing a deactivated user, and a token from before a password change, on every later call', async () => {
    const token = await t.login('thermo.engineer');
    const init = (bearer: string) => t.app.inject({ method: 'GET', url: '/api/token/init', headers: { 'x-auth': bearer } });
    expect((await init(token)).statusCode).toBe(200);
    await setUser('thermo.engineer', { status: 'inactive' });
    for (let call = 1; call <= 3; call++) expect((await init(token)).statusCode, `call ${call}`).toBe(401);
    await setUser('thermo.engineer', { status: 'active' });

    const before = await t.login('thermo.tech');
    expect((await init(before)).statusCode).toBe(200);
    const [row] = await t.app.services.db.select().from(users).where(eq(users.username, 'thermo.tech'));
    const changed = await t.app.inject({
      method: 'PUT', url: `/api/user/${row!._id}`, headers: { 'x-auth': before },
      payload: { email: 'tara@plant.example', password: 'new-secret-10', currentPassword: 'demo' },
    });
    expect(changed.statusCode).toBe(200);
    const fresh = changed.headers['x-auth'] as string;
    for (let call = 1; call <= 3; call++) {
      expect((await init(fresh)).statusCode, `fresh, call ${call}`).toBe(200);
      expect((await init(before)).statusCode, `earlier, call ${call}`).toBe(401);
    }
  });
});

describe('GET /init/applicationInfo', () => {
  it('is public and reads the name and logo from config entries', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/init/applicationInfo' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ applicationName: 'FacilityOps', companyLogoURL: '/logo.svg' });
    const { configEntries } = await import('../../server/db/schema');
    await t.app.services.db.update(configEntries).set({ value: 'Plant North' }).where(eq(configEntries.key, 'applicationName'));
    const renamed = await t.app.inject({ method: 'GET', url: '/api/init/applicationInfo' });
    expect(renamed.json().applicationName).toBe('Plant North');
  });
});
