import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crudResources } from '../../../server/resources/registry';
import { vendorResource } from '../../fixtures/recipe/vendor.server';
import { describeCrudResource } from '../../helpers/describeCrudResource';
import { createTestApp, type TestApp } from '../helpers/testApp';

// The README recipe's Vendor registered into a test app with its generated migration: its API is
// the one every declared resource has (issue 22: name required and unique, email checked).
describeCrudResource(
  vendorResource,
  {
    body: { name: 'Acme Pumps', phone: '+41 44 000 00 00', email: 'orders@acme.example', notes: 'Net 30', active: true },
    change: { phone: '+41 44 000 00 01', active: false },
    invalid: { body: { name: 'Bad Mail Ltd', email: 'not an address' }, field: 'email' },
  },
  { resources: [...crudResources, vendorResource], migrations: [readFileSync(new URL('../../fixtures/recipe/0013_vendor.sql', import.meta.url), 'utf8')] },
);

describe('the permission a declaration names', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({}, undefined, { resources: [...crudResources, vendorResource] });
  });
  afterAll(() => t.close());

  it('is built in like the listed ones: deleting manage-vendor is refused (409)', async () => {
    const list = await t.request({ as: 'admin', method: 'GET', url: '/api/permission' });
    const vendorPermission = (list.json() as { _id: string; name: string }[]).find((permission) => permission.name === 'manage-vendor');
    expect(vendorPermission).toBeDefined();
    const refused = await t.request({ as: 'admin', method: 'DELETE', url: `/api/permission/${vendorPermission!._id}` });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('Permission "manage-vendor" is built into the application and cannot be deleted');
  });
});
