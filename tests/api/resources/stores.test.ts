import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sparePartResource } from '../../../server/modules/spareParts/sparePart.resource';
import { vendorResource } from '../../../server/modules/spareParts/vendor.resource';
import { describeCrudResource } from '../../helpers/describeCrudResource';
import { adminApi, expectError, ok, userHolding, type Doc } from '../administration/adminApi';
import { createTestApp, type TestApp } from '../helpers/testApp';

/*
 * Issue 42 §4: vendors and spare parts are the product's own, declared with field kinds. Expected
 * values come from the declarations' labels and limits (common/resources/vendor.ts, sparePart.ts)
 * and from the demo stores' table in server/seed/demoStores.ts, kept by hand.
 */

describeCrudResource(vendorResource, {
  body: { name: 'Suite vendor', phone: '+1 555 0100', email: 'parts@suite.example', active: true },
  change: { contactName: 'Dana Ruiz', active: false },
  invalid: { body: { name: 'Bad mail', email: 'not-an-address' }, field: 'email' },
});

describeCrudResource(sparePartResource, {
  body: { partNumber: 'SUITE-1', name: 'Suite part', quantityOnHand: 4, reorderLevel: 2, unitCost: 12.5, criticality: 'medium' },
  change: { quantityOnHand: 1, location: 'Store Z' },
  invalid: { body: { partNumber: 'SUITE-BAD', name: 'Bad count', quantityOnHand: -1 }, field: 'quantityOnHand' },
});

describe('the stores: spare parts and their vendors (issue 42)', () => {
  let t: TestApp;
  let api: ReturnType<typeof adminApi>;
  beforeAll(async () => {
    t = await createTestApp();
    api = adminApi(t);
  });
  afterAll(() => t.close());

  const userHoldingOnly = (username: string, names: readonly string[]) => userHolding(t, username, names);

  /** GET with a user's token. */
  const getAs = (token: string, url: string) => t.app.inject({ method: 'GET', url: `/api${url}`, headers: { 'x-auth': token } });
  const postAs = (token: string, url: string, payload: object) => t.app.inject({ method: 'POST', url: `/api${url}`, headers: { 'x-auth': token }, payload });

  it('seeds the demo stores: four vendors, nine parts by part number, each naming its vendor and the assets it fits', async () => {
    const vendors = await api.list('vendor');
    expect(vendors.map((vendor) => vendor.name).sort()).toEqual(['AirFlow Filters Ltd', 'Coldline Chiller Parts', 'Nordic Pump Service', 'Volt Electrical Supplies']);
    const parts = await api.list('sparePart');
    expect(parts.map((part) => part.partNumber)).toEqual(['AFL-F7-592', 'AFL-G4-PANEL', 'AFL-VB-SPA1250', 'CCP-OF-220', 'NPS-BRG-6306', 'NPS-IMP-150', 'NPS-MS-35', 'VES-CT-40A', 'VES-FU-32GG']);
    const seal = parts.find((part) => part.partNumber === 'NPS-MS-35')!;
    expect(seal).toMatchObject({ name: 'Mechanical seal 35 mm', quantityOnHand: 1, reorderLevel: 3, unitCost: 96.8, criticality: 'high' });
    expect(seal.vendor).toBe(vendors.find((vendor) => vendor.name === 'Nordic Pump Service')!._id);
    const assets = await api.list('asset', { fields: 'id,name,identification' });
    const fitted = assets.filter((asset) => (seal.assets as string[]).includes(asset._id)).map((asset) => asset.identification as string);
    expect(fitted.sort()).toEqual(['PMP-001', 'PMP-002', 'PMP-003']);
  });

  it('lets engineers keep the stores: the seeded engineer holds both permissions', async () => {
    const session = ok<{ permissions: string[] }>(await api.get('/token/init', 'engineer'));
    expect(session.permissions).toEqual(expect.arrayContaining(['manage-vendor', 'manage-sparepart']));
    ok(await api.post('/sparePart', { partNumber: 'ENG-1', name: 'Engineer part' }, 'engineer'));
    expectError(await api.post('/sparePart', { partNumber: 'TECH-1', name: 'Technician part' }, 'technician'), 403);
  });

  it('stores numbers as numbers and answers 400 naming the field for a value its column cannot hold', async () => {
    const part = ok<Doc>(await api.post('/sparePart', { partNumber: 'RANGE-1', name: 'Range part', quantityOnHand: 2147483647, unitCost: 9999999999999.99 }));
    expect(part).toMatchObject({ quantityOnHand: 2147483647, unitCost: 9999999999999.99 });
    const cases: [Record<string, unknown>, string, string][] = [
      [{ quantityOnHand: 3e9 }, 'quantityOnHand', 'Quantity on hand must be at most 2147483647'],
      [{ quantityOnHand: 1.5 }, 'quantityOnHand', 'Quantity on hand must be a whole number'],
      [{ reorderLevel: -1 }, 'reorderLevel', 'Reorder level must be at least 0'],
      [{ unitCost: 1e13 }, 'unitCost', 'Unit cost must be at most 9999999999999.99'],
      [{ unitCost: 0.125 }, 'unitCost', 'Unit cost must have at most 2 decimal places'],
      // The seeded entry choices.sparePart.criticality holds the declared first value.
      [{ criticality: 'urgent' }, 'criticality', 'Criticality must be one of: low, medium, high'],
    ];
    for (const [change, field, message] of cases) {
      const refused = expectError(await api.post('/sparePart', { partNumber: `RANGE-${field}`, name: 'Out of range', ...change }), 400, field);
      expect(refused.errors?.[field], field).toBe(message);
    }
    expect((await api.list('sparePart')).filter((one) => String(one.partNumber).startsWith('RANGE-'))).toHaveLength(1);
  });

  it('keeps part numbers unique whatever their case, with a 409 naming the part number', async () => {
    ok(await api.post('/sparePart', { partNumber: 'UNQ-7', name: 'Impeller' }));
    // The same name is another part's too (two vendors' impellers): only the part number is unique.
    ok(await api.post('/sparePart', { partNumber: 'UNQ-8', name: 'Impeller' }));
    const taken = expectError(await api.post('/sparePart', { partNumber: 'unq-7', name: 'Other' }), 409);
    expect(taken.message).toBe('Spare part with the part number "unq-7" already exists');
    expect(taken.errors).toEqual({ partNumber: taken.message });
  });

  it('refuses ids that name no record, naming the field, and writes nothing', async () => {
    expectError(await api.post('/sparePart', { partNumber: 'REF-1', name: 'No vendor', vendor: 'no-such-vendor' }), 400, 'vendor');
    expectError(await api.post('/sparePart', { partNumber: 'REF-2', name: 'No asset', assets: ['no-such-asset'] }), 400, 'assets');
    expect((await api.list('sparePart')).filter((part) => String(part.partNumber).startsWith('REF-'))).toEqual([]);
  });

  it('ignores the computed stock level a client sends back with the record', async () => {
    const part = ok<Doc>(await api.post('/sparePart', { partNumber: 'STK-1', name: 'Stock part', quantityOnHand: 1, reorderLevel: 2 }));
    const saved = ok<Doc>(await api.put(`/sparePart/${part._id}`, { ...part, stock: 'In stock', quantityOnHand: 5 }));
    expect(saved.quantityOnHand).toBe(5);
    expect(saved).not.toHaveProperty('stock');
  });

  it("refuses to delete a vendor parts name (409 naming them); deleting an asset drops it from parts' lists", async () => {
    const vendor = ok<Doc>(await api.post('/vendor', { name: 'Vendor in use' }));
    const asset = ok<Doc>(await api.post('/asset', { name: 'Pump for parts', identification: 'PRT-001' }));
    const part = ok<Doc>(await api.post('/sparePart', { partNumber: 'USE-1', name: 'Seal in use', vendor: vendor._id, assets: [asset._id] }));
    const refused = expectError(await api.del(`/vendor/${vendor._id}`), 409);
    expect(refused.message).toBe('Vendor "Vendor in use" is used by spare parts "Seal in use"');
    ok(await api.get(`/vendor/${vendor._id}`));
    ok(await api.del(`/asset/${asset._id}`));
    expect((await api.read('sparePart', part._id)).assets).toEqual([]);
    ok(await api.put(`/sparePart/${part._id}`, { vendor: null }));
    ok(await api.del(`/vendor/${vendor._id}`));
  });

  it('lets a user who may keep parts read vendor names, and nothing else of vendors (DESIGN §15)', async () => {
    const keeper = await userHoldingOnly('parts.keeper', ['manage-sparepart']);
    const names = ok<Doc[]>(await getAs(keeper, '/vendor?fields=id,name'));
    expect(names.map((vendor) => vendor.name)).toContain('Nordic Pump Service');
    expect(names.every((vendor) => Object.keys(vendor).every((key) => key === '_id' || key === 'name'))).toBe(true);
    // The picker's server search, names only.
    const found = ok<Doc[]>(await getAs(keeper, `/vendor?fields=name&range=[0,24]&sort=${encodeURIComponent('["name","ASC"]')}&filter=${encodeURIComponent('{"q":"pump"}')}`));
    expect(found.map((vendor) => vendor.name)).toEqual(['Nordic Pump Service']);
    const vendorId = names[0]!._id;
    expectError(await getAs(keeper, '/vendor'), 403);
    expectError(await getAs(keeper, `/vendor/${vendorId}`), 403);
    expectError(await postAs(keeper, '/vendor', { name: 'Not theirs' }), 403);
    // A user holding neither may not read vendor names.
    const other = await userHoldingOnly('no.stores', ['read-asset']);
    expectError(await getAs(other, '/vendor?fields=id,name'), 403);
  });

  it("takes a part's criticality from its config entry: changed in Configuration, checked on save, offered to the part's users", async () => {
    const entry = (await api.list('config')).find((one) => one.key === 'choices.sparePart.criticality')!;
    expect(JSON.parse(entry.value as string)).toEqual(['low', 'medium', 'high']);
    const keeper = await userHoldingOnly('choices.keeper', ['manage-sparepart']);
    expect(ok(await getAs(keeper, '/config/choices/choices.sparePart.criticality'))).toEqual(['low', 'medium', 'high']);
    const held = ok<Doc>(await api.post('/sparePart', { partNumber: 'CRIT-1', name: 'Held criticality', criticality: 'medium' }));
    // Configuration refuses a value that is not a list of options, naming value.
    expectError(await api.put(`/config/${entry._id}`, { value: 'A, B, C' }), 400, 'value');
    ok(await api.put(`/config/${entry._id}`, { value: '["A","B","C"]' }));
    expect(ok(await getAs(keeper, '/config/choices/choices.sparePart.criticality'))).toEqual(['A', 'B', 'C']);
    ok(await api.post('/sparePart', { partNumber: 'CRIT-2', name: 'New scale', criticality: 'B' }));
    const refused = expectError(await api.post('/sparePart', { partNumber: 'CRIT-3', name: 'Old scale', criticality: 'low' }), 400, 'criticality');
    expect(refused.errors?.criticality).toBe('Criticality must be one of: A, B, C');
    // A part keeps the option it held when the list changed, until it is changed.
    ok(await api.put(`/sparePart/${held._id}`, { ...held, location: 'Store A' }));
    expectError(await api.put(`/sparePart/${held._id}`, { criticality: 'high' }), 400, 'criticality');
    // Whoever may not use a resource declaring the entry may not read it; a key no field names is no one's.
    const other = await userHoldingOnly('choices.other', ['read-asset']);
    expectError(await getAs(other, '/config/choices/choices.sparePart.criticality'), 403);
    expectError(await getAs(keeper, '/config/choices/choices.nothing.here'), 403);
    expectError(await api.get('/config/choices/choices.nothing.here'), 404);
    ok(await api.put(`/config/${entry._id}`, { value: '["low","medium","high"]' }));
  });
});
