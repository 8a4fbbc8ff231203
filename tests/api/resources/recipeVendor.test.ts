import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crudResources } from '../../../server/crud/registry';
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

describe('what the server derives for a declaration without defaultOrder, searchFields or read', () => {
  let t: TestApp;
  const migration = readFileSync(new URL('../../fixtures/recipe/0013_vendor.sql', import.meta.url), 'utf8');
  beforeAll(async () => {
    t = await createTestApp({}, undefined, { resources: [...crudResources, vendorResource], migrations: [migration] });
    for (const body of [
      { name: 'Zeta Valves', phone: '+41 44 111', email: 'zeta@valves.example', notes: 'pumps wanted' },
      { name: 'acme Pumps', phone: '+41 44 222', email: 'orders@acme.example', notes: '' },
      { name: 'Beta Filters', phone: '+41 44 333', email: 'beta@filters.example', notes: '' },
    ]) expect((await t.request({ as: 'admin', method: 'POST', url: '/api/vendor', payload: body })).statusCode).toBe(200);
  });
  afterAll(() => t.close());

  const names = async (url: string, as = 'admin') => {
    const response = await t.request({ as, method: 'GET', url });
    return response.statusCode === 200 ? (response.json() as { name: string }[]).map((vendor) => vendor.name) : response.statusCode;
  };

  it('lists by name, ignoring case (spec §2.9)', async () => {
    expect(await names('/api/vendor')).toEqual(['acme Pumps', 'Beta Filters', 'Zeta Valves']);
  });

  it('searches the text and email fields (name, phone, email), not the long-text notes', async () => {
    const q = (text: string) => `/api/vendor?filter=${encodeURIComponent(JSON.stringify({ q: text }))}`;
    expect(await names(q('pumps'))).toEqual(['acme Pumps']);
    expect(await names(q('44 333'))).toEqual(['Beta Filters']);
    expect(await names(q('zeta@'))).toEqual(['Zeta Valves']);
  });

  it('lets only holders of the write permission read', async () => {
    expect(await names('/api/vendor', 'technician')).toBe(403);
  });
});
