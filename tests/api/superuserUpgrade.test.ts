import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/testApp';
import { permissions, roles } from '../../server/db/schema';
import { seedDatabase } from '../../server/seed/seed';
import { crudResources, knownPermissions } from '../../server/crud/registry';
import type { CrudResource } from '../../server/crud/crudResource';
import { toolResource } from '../fixtures/recipe/tool.server';

/** A declaration this version does not have (the recipe's Tool under another name: a developer may have added the Tool itself). */
const newResource: CrudResource = { ...toolResource, entity: 'upgradeProbe', write: 'manage-upgrade-probe' };

/**
 * DESIGN §4: ROLE_SUPERUSER holds every permission the code defines but the view-* area ones, on
 * every start — also those a new version adds — so an upgrade never locks the administrator out of
 * a new screen (issue 22: admin got 403 and no drawer entry until someone ticked the new one).
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ jobsEnabled: false });
});
afterAll(() => t?.close());

const adminGet = async (url: string) => t.app.inject({ method: 'GET', url, headers: { 'x-auth': await t.login('admin') } });
const adminPermissions = async () => ((await adminGet('/api/token/init')).json() as { permissions: string[] }).permissions;

/** The superuser role as a database seeded by a version without `names` left it. */
async function superuserWithout(names: string[]) {
  const { db } = t.app.services;
  const ids = (await db.select().from(permissions).where(inArray(permissions.name, names))).map((row) => row._id);
  expect(ids).toHaveLength(names.length);
  const [role] = await db.select().from(roles).where(eq(roles.name, 'ROLE_SUPERUSER'));
  await db.update(roles).set({ permissions: role!.permissions.filter((id) => !ids.includes(id)) }).where(eq(roles._id, role!._id));
  t.app.services.sessions.invalidate();
}

async function restart() {
  await seedDatabase(t.app.services.db, t.config);
  t.app.services.sessions.invalidate();
}

describe('the superuser on an existing database', () => {
  it("gets a newly declared resource's write permission on the next start (issue 22: the recipe's resource)", async () => {
    expect(await adminPermissions()).not.toContain('manage-upgrade-probe');
    await seedDatabase(t.app.services.db, t.config, knownPermissions([...crudResources, newResource]));
    t.app.services.sessions.invalidate();
    expect(await adminPermissions()).toContain('manage-upgrade-probe');
  });

  it('gets a permission a new version adds on the next start, and opens its screen', async () => {
    await superuserWithout(['manage-workorder', 'create-thermography-note']);
    expect(await adminPermissions()).not.toContain('manage-workorder');
    expect((await adminGet('/api/workOrder')).statusCode).toBe(403);

    await restart();
    const held = await adminPermissions();
    expect(held).toContain('manage-workorder');
    expect(held).toContain('create-thermography-note');
    expect((await adminGet('/api/workOrder')).statusCode).toBe(200);
  });

  it('gets it back on every start, also after it was taken away', async () => {
    await superuserWithout(['manage-user']);
    await restart();
    await restart();
    expect(await adminPermissions()).toContain('manage-user');
  });

  it('is never given an area permission by itself: those decide the home screen', async () => {
    expect(await adminPermissions()).not.toContain('view-technician');
    expect(await adminPermissions()).not.toContain('view-onsite');
    await superuserWithout(['view-engineer']);
    await restart();
    expect(await adminPermissions()).not.toContain('view-engineer');
  });
});
