import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/testApp';
import { adminApi, ok, type Doc } from '../administration/adminApi';
import { createFixture, submit, type Fixture } from './inspectionFixture';

/**
 * GET /api/inspection/offlineCatalogue (docs/offline.md): what a technician's phone keeps to
 * inspect with no network. Each asset is compared with what the group call answers for it.
 */
let t: TestApp;
let fx: Fixture;
beforeAll(async () => {
  t = await createTestApp();
  fx = await createFixture(t);
});
afterAll(() => t?.close());

const URL = '/api/inspection/offlineCatalogue';
const catalogueAs = async (as: string) => ok(await t.request({ as, method: 'GET', url: URL }));
const groupOf = async (identification: string, as = 'technician'): Promise<Doc[]> =>
  ok(await t.request({ as, method: 'GET', url: `/api/asset/identification/group/${encodeURIComponent(identification)}?expand=checklists` }));

describe('GET /api/inspection/offlineCatalogue', () => {
  it('answers 401 without a token', async () => {
    const response = await t.app.inject({ method: 'GET', url: URL });
    expect(response.statusCode).toBe(401);
  });

  it('holds the demo assets with checklists, each exactly as the group call with expand=checklists gives it', async () => {
    const before = Date.now();
    const catalogue = await catalogueAs('technician');
    expect(catalogue.generatedAt).toBeGreaterThanOrEqual(before);
    expect(catalogue.generatedAt).toBeLessThanOrEqual(Date.now());
    const assets: Doc[] = catalogue.assets;
    // The demo catalogue's assets that list checklists, and the test's own.
    const listed: Doc[] = await adminApi(t).list('asset');
    const inspectable = listed.filter((a) => a.checklists.length > 0);
    expect(inspectable.length).toBeGreaterThan(1);
    expect(assets.map((a) => a._id).sort()).toEqual(inspectable.map((a) => a._id).sort());
    for (const identification of new Set(assets.map((a) => a.identification as string))) {
      const group = await groupOf(identification);
      for (const asset of assets.filter((a) => a.identification === identification)) {
        expect(asset).toEqual(group.find((g) => g._id === asset._id));
        expect(asset.checklistDetails.length).toBeGreaterThan(0);
        for (const checklist of asset.checklistDetails) expect(checklist.attributes.length).toBeGreaterThan(0);
      }
    }
  });

  it('adds a new asset with checklists, and leaves out assets without any and archived ones', async () => {
    const api = adminApi(t);
    const added = await api.create('asset', { name: 'Offline chiller', identification: 'OFF-CH-1', checklists: [fx.second._id] });
    const bare = await api.create('asset', { name: 'Offline cupboard', identification: 'OFF-CB-1' });
    const archived = await api.create('asset', { name: 'Offline old pump', identification: 'OFF-OP-1', checklists: [fx.second._id] });
    // Inspected, so deleting it archives it (docs/administration.md, "Archived records").
    ok(await submit(t, archived._id, { [fx.second._id]: { [fx.attributes.pressure!._id]: 3 } }));
    ok(await t.request({ as: 'admin', method: 'DELETE', url: `/api/asset/${archived._id}` }));
    expect((await adminApi(t).get(`/asset/${archived._id}`)).json().archivedAt).toEqual(expect.any(Number));
    const ids = (await catalogueAs('technician')).assets.map((a: Doc) => a._id);
    expect(ids).toContain(added._id);
    expect(ids).not.toContain(bare._id);
    expect(ids).not.toContain(archived._id);
    const entry = (await catalogueAs('technician')).assets.find((a: Doc) => a._id === added._id);
    expect(entry.checklistDetails.map((c: Doc) => c._id)).toEqual([fx.second._id]);
    expect(entry.checklistDetails[0].attributes.map((a: Doc) => a._id)).toEqual([fx.attributes.pressure!._id]);
  });

  it('carries the previous values of an asset after a submit, as GET /asset/:id/previousInspections', async () => {
    const fresh = await catalogueAs('technician');
    expect(fresh.previousInspections[fx.asset._id]).toEqual([]);
    ok(await submit(t, fx.asset._id, { [fx.second._id]: { [fx.attributes.pressure!._id]: 3.5 } }));
    ok(await submit(t, fx.asset._id, { [fx.checklist._id]: { [fx.attributes.number!._id]: 61 } }));
    ok(await submit(t, fx.asset._id, { [fx.second._id]: { [fx.attributes.pressure!._id]: 4.5 } }));
    const catalogue = await catalogueAs('technician');
    const previous: Doc[] = catalogue.previousInspections[fx.asset._id];
    expect(previous).toEqual(ok(await t.request({ as: 'technician', method: 'GET', url: `/api/asset/${fx.asset._id}/previousInspections` })));
    // One per checklist, the latest, newest first.
    expect(previous.map((p) => p.checklist)).toEqual([fx.second._id, fx.checklist._id]);
    expect(previous[0]!.attributeData).toEqual([{ attribute: fx.attributes.pressure!._id, value: 4.5 }]);
    // Every asset of the catalogue has an entry.
    expect(Object.keys(catalogue.previousInspections).sort()).toEqual(catalogue.assets.map((a: Doc) => a._id).sort());
  });

  it('gives no previous values to a user without read-inspection, and the same assets', async () => {
    // thermo.tech: read-asset, not read-inspection (docs/permissions.md).
    expect((await t.request({ as: 'thermo.tech', method: 'GET', url: `/api/asset/${fx.asset._id}/previousInspections` })).statusCode).toBe(403);
    const catalogue = await catalogueAs('thermo.tech');
    expect(catalogue.previousInspections).toEqual({});
    expect(catalogue.assets.map((a: Doc) => a._id)).toEqual((await catalogueAs('technician')).assets.map((a: Doc) => a._id));
  });

  it('carries every spare part as GET /workOrder/parts offers it, for those who record work on orders only', async () => {
    const api = adminApi(t);
    const seal = await api.create('sparePart', { partNumber: 'OFF-SK-2', name: 'Offline seal kit', quantityOnHand: 4, location: 'Store B' });
    const belt = await api.create('sparePart', { partNumber: 'off-vb-1', name: 'Offline V-belt' });
    const parts: Doc[] = (await catalogueAs('technician')).parts;
    const choice = async (search: string): Promise<Doc[]> => ok(await t.request({ as: 'technician', method: 'GET', url: `/api/workOrder/parts?search=${search}` }));
    expect(parts.find((p) => p._id === seal._id)).toEqual({ _id: seal._id, partNumber: 'OFF-SK-2', name: 'Offline seal kit', quantityOnHand: 4, location: 'Store B' });
    expect(parts.find((p) => p._id === seal._id)).toEqual((await choice('OFF-SK-2'))[0]);
    expect(parts.find((p) => p._id === belt._id)).toEqual((await choice('off-vb-1'))[0]);
    // By part number, whatever its case.
    const numbers = parts.map((p) => String(p.partNumber).toLowerCase());
    expect(numbers).toEqual([...numbers].sort());
    // thermo.engineer reads assets but records no work on orders (docs/permissions.md).
    expect((await catalogueAs('thermo.engineer')).parts).toEqual([]);
  });
});
