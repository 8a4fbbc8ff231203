import { describe, expect, it } from 'vitest';
import { createTestApp } from './helpers/testApp';
import { permissions, roles, users } from '../../server/db/schema';
import { ROLE_NAMES } from '../../common/permissions';
import { knownPermissions } from '../../server/crud/registry';
import { DEMO_USERNAMES } from './helpers/demo';

describe('seeding', () => {
  it('seeds every permission, the seven roles and one demo user per role on the embedded default', async () => {
    const t = await createTestApp();
    try {
      const { db } = t.app.services;
      // Every permission the code defines (DESIGN §4): the listed ones and each declared resource's write permission.
      expect((await db.select().from(permissions)).map((p) => p.name).sort()).toEqual(knownPermissions().sort());
      expect((await db.select().from(roles)).map((r) => r.name).sort()).toEqual(Object.values(ROLE_NAMES).sort());
      expect((await db.select().from(users)).map((u) => u.username).sort()).toEqual([...DEMO_USERNAMES].sort());
      for (const username of DEMO_USERNAMES) await expect(t.login(username)).resolves.toBeTruthy();
    } finally {
      await t.close();
    }
  });

  it('refuses a production start without ADMIN_PASSWORD', async () => {
    await expect(createTestApp({ seed: 'production', adminPassword: null })).rejects.toThrow(/ADMIN_PASSWORD/);
  });

  it('seeds only the superuser on a production start', async () => {
    const t = await createTestApp({ seed: 'production', adminPassword: 'a-strong-password' });
    try {
      const rows = await t.app.services.db.select().from(users);
      expect(rows.map((u) => u.username)).toEqual(['admin']);
      const token = await t.login('admin', 'a-strong-password');
      const me = (await t.app.inject({ method: 'GET', url: '/api/token/init', headers: { 'x-auth': token } })).json();
      expect(me.roleName).toBe('ROLE_SUPERUSER');
      expect(me.permissions).toContain('manage-user');
      await expect(t.login('admin', 'demo')).rejects.toThrow(/401/);
    } finally {
      await t.close();
    }
  });
});
