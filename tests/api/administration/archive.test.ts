import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../helpers/testApp';
import { adminApi, expectError, ok, type Doc } from './adminApi';
import { breachingSubmission } from '../../helpers/breachingSubmission';
import { alerts, inspections } from '../../../server/db/schema';

/*
 * Issue 16 §8: inspections are records of what was measured and must read the same forever. A
 * checklist, attribute or asset that history names is archived, not deleted; one nothing names is
 * deleted as before. Runs on the demo data (90 days of inspections behind "AHU monthly check").
 */

let t: TestApp;
let api: ReturnType<typeof adminApi>;
beforeAll(async () => {
  t = await createTestApp();
  api = adminApi(t);
});
afterAll(() => t.close());

const idOf = async (entity: string, name: string): Promise<string> => {
  const rows = await api.list(entity, { fields: 'name', archived: 'include' });
  const found = rows.find((row) => row.name === name);
  if (!found) throw new Error(`demo data has no ${entity} "${name}"`);
  return found._id;
};
const names = async (entity: string, query: Record<string, string> = {}) => (await api.list(entity, { fields: 'name', ...query })).map((row) => row.name as string);

/** Every read a user has of these inspections: the detail, its alerts and each alert's detail. */
async function historyOf(inspectionIds: readonly string[]): Promise<unknown[]> {
  const reads: unknown[] = [];
  for (const id of inspectionIds) {
    reads.push(ok(await api.get(`/inspection/${id}`, 'engineer')));
    const raised = ok<Doc[]>(await api.get(`/inspection/${id}/alert`, 'engineer'));
    reads.push(raised);
    for (const alert of raised) reads.push(ok(await api.get(`/alert/${alert._id}`, 'engineer')));
  }
  return reads;
}

/** The rows of one of the engineer's demo tables (their scripts read through the query API). */
async function engineerTable(type: string, query = ''): Promise<Doc[]> {
  const [table] = ok<Doc[]>(await api.get(`/table?limitToRole=true&type=${type}`, 'engineer'));
  if (!table) throw new Error(`demo data has no ${type} table`);
  return ok<Doc>(await api.get(`/table/${table._id}${query}`, 'engineer')).data;
}

/** The engineer's Inspections table over the whole seeded period. */
function inspectionsTable(): Promise<Doc[]> {
  const period = `${Date.now() - 120 * 86_400_000}|${Date.now()}`;
  return engineerTable('inspection', `?dateRange=${encodeURIComponent(period)}&range=${encodeURIComponent('[0,9999]')}`);
}

describe('deleting a checklist and an attribute that history names', () => {
  let checklistId: string;
  let beltId: string;
  let inspectionIds: string[];
  let ahuAssets: string[];
  let before: unknown[];
  let previousBefore: unknown[];
  let tableBefore: Doc[];

  beforeAll(async () => {
    checklistId = await idOf('checklist', 'AHU monthly check');
    beltId = await idOf('attribute', 'Belt condition');
    const db = t.app.services.db;
    inspectionIds = (await db.select({ _id: inspections._id }).from(inspections).where(eq(inspections.checklist, checklistId))).map((row) => row._id);
    ahuAssets = [await idOf('asset', 'Air handling unit 1'), await idOf('asset', 'Air handling unit 2')];
    before = await historyOf(inspectionIds);
    previousBefore = await Promise.all(ahuAssets.map(async (id) => ok(await api.get(`/asset/${id}/previousInspections`, 'technician'))));
    tableBefore = (await inspectionsTable()).filter((row) => row.checklist === checklistId);
  });

  it('has history to lose: inspections with alerts, naming the checklist and Belt condition', () => {
    expect(inspectionIds.length).toBeGreaterThan(10);
    const details = before.filter((read): read is Doc => !Array.isArray(read) && (read as Doc).attributes !== undefined);
    expect(details.every((detail) => detail.checklistName === 'AHU monthly check')).toBe(true);
    expect(details.some((detail) => detail.attributes.some((a: Doc) => a.name === 'Belt condition'))).toBe(true);
    expect(tableBefore.length).toBeGreaterThan(0);
    expect(tableBefore.every((row) => row.checklistName === 'AHU monthly check')).toBe(true);
  });

  it('the confirmation can count what refers to the checklist', async () => {
    const references = ok<Doc>(await api.get(`/checklist/${checklistId}/references`));
    expect(references.archives).toBe(true);
    expect(references.references.inspection).toBe(inspectionIds.length);
    const [raised] = await t.app.services.db.select({ n: alerts._id }).from(alerts).where(eq(alerts.checklist, checklistId)).limit(1);
    if (raised) expect(references.references.alert).toBeGreaterThan(0);
  });

  it('DELETE archives the checklist: hidden from lists and new work, every past inspection reads as before', async () => {
    const answer = ok<Doc>(await api.del(`/checklist/${checklistId}`));
    expect(answer).toMatchObject({ _id: checklistId, archived: true, message: 'Checklist archived' });

    expect(await historyOf(inspectionIds)).toEqual(before);
    const previousAfter = await Promise.all(ahuAssets.map(async (id) => ok(await api.get(`/asset/${id}/previousInspections`, 'technician'))));
    expect(previousAfter).toEqual(previousBefore);
    expect((await inspectionsTable()).filter((row) => row.checklist === checklistId)).toEqual(tableBefore);

    // Pickers and new work read the default list; administrators ask for the archived too.
    expect(await names('checklist')).not.toContain('AHU monthly check');
    expect(await names('checklist', { archived: 'include' })).toEqual(expect.arrayContaining(['AHU monthly check', 'Chiller monthly inspection']));
    expect(await names('checklist', { archived: 'only' })).toEqual(['AHU monthly check']);
    // The Checklists table lists what is current; the Inspections table above still names it.
    expect((await engineerTable('checklist')).map((row) => row.name)).not.toContain('AHU monthly check');
    const stored = ok<Doc>(await api.get(`/checklist/${checklistId}`));
    expect(stored.name).toBe('AHU monthly check');
    expect(typeof stored.archivedAt).toBe('number');
  });

  it('the assets keep it, but technicians are not offered it and a submit of it is refused', async () => {
    const asset = ok<Doc>(await api.get(`/asset/${ahuAssets[0]}`));
    expect(asset.checklists).toContain(checklistId);
    const [offered] = ok<Doc[]>(await api.get('/asset/identification/group/AHU-001?expand=checklists', 'technician'));
    expect(offered!.checklists).not.toContain(checklistId);
    expect(offered!.checklistDetails.map((c: Doc) => c._id)).not.toContain(checklistId);

    const submission = await breachingSubmissionAsArchived();
    const refused = await t.request({ as: 'technician', method: 'POST', url: submission.url, payload: submission.body });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toContain('AHU monthly check');
    expect(refused.json().message).toContain('archived');
    const count = await t.app.services.db.select({ _id: inspections._id }).from(inspections).where(eq(inspections.checklist, checklistId));
    expect(count.length).toBe(inspectionIds.length);
  });

  it('its name stays taken: a new "AHU monthly check" is refused, pointing at the archived one', async () => {
    const refused = expectError(await api.post('/checklist', { name: 'AHU monthly check' }), 409, 'name');
    expect(refused.message).toContain('archived');
  });

  it('then deleting Belt condition archives it too, and the inspections still show its name and values', async () => {
    const references = ok<Doc>(await api.get(`/attribute/${beltId}/references`));
    expect(references.archives).toBe(true);
    expect(references.references.checklist).toBe(1);
    const answer = ok<Doc>(await api.del(`/attribute/${beltId}`));
    expect(answer).toMatchObject({ archived: true, message: 'Attribute archived' });

    expect(await historyOf(inspectionIds)).toEqual(before);
    expect(await names('attribute')).not.toContain('Belt condition');
    expect(ok<Doc>(await api.get(`/attribute/${beltId}`)).name).toBe('Belt condition');
  });

  it('a checklist may not take an archived attribute as a new item', async () => {
    const refused = expectError(await api.post('/checklist', { name: 'Test belts', checklistItems: [{ attribute: beltId, sequenceId: 1 }] }), 400, 'checklistItems[0].attribute');
    expect(refused.message).toContain('Belt condition');
  });

  it('restoring the checklist waits for its archived attribute; restored, it is offered again', async () => {
    const refused = expectError(await t.request({ as: 'admin', method: 'POST', url: `/api/checklist/${checklistId}/restore` }), 409);
    expect(refused.message).toContain('Belt condition');

    expectError(await t.request({ as: 'engineer', method: 'POST', url: `/api/attribute/${beltId}/restore` }), 403);
    expect(ok<Doc>(await t.request({ as: 'admin', method: 'POST', url: `/api/attribute/${beltId}/restore` })).archivedAt).toBeNull();
    expect(ok<Doc>(await t.request({ as: 'admin', method: 'POST', url: `/api/checklist/${checklistId}/restore` })).archivedAt).toBeNull();

    expect(await names('checklist')).toContain('AHU monthly check');
    const [offered] = ok<Doc[]>(await api.get('/asset/identification/group/AHU-001?expand=checklists', 'technician'));
    expect(offered!.checklistDetails.map((c: Doc) => c._id)).toContain(checklistId);
    const history = ok<Doc[]>(await api.get(`/checklist/${checklistId}/history`));
    expect(history.map((entry) => entry.action).slice(0, 2)).toEqual(['restore', 'archive']);
    expect(await historyOf(inspectionIds)).toEqual(before);
  });
});

/** The demo's breaching AHU submission, found as an administrator (the engineer's lists hide archived checklists). */
async function breachingSubmissionAsArchived() {
  return breachingSubmission(async (path) => {
    const archivedToo = path.includes('?') ? `${path}&archived=include` : `${path}?archived=include`;
    return ok(await api.get(archivedToo));
  });
}

describe('deleting an asset that history names', () => {
  let assetId: string;
  let inspectionIds: string[];
  let before: unknown[];

  beforeAll(async () => {
    assetId = await idOf('asset', 'Main distribution board');
    inspectionIds = (await t.app.services.db.select({ _id: inspections._id }).from(inspections).where(eq(inspections.asset, assetId))).map((row) => row._id);
    before = await historyOf(inspectionIds);
  });

  it('archives it: its inspections and alerts read as before, technicians no longer find it', async () => {
    expect(inspectionIds.length).toBeGreaterThan(0);
    expect(ok<Doc>(await api.get(`/asset/${assetId}/references`)).references.inspection).toBe(inspectionIds.length);
    expect(ok<Doc>(await api.del(`/asset/${assetId}`))).toMatchObject({ archived: true, message: 'Asset archived' });

    expect(await historyOf(inspectionIds)).toEqual(before);
    expect(ok<Doc[]>(await api.get(`/alert?assetId=${assetId}`, 'engineer')).every((alert) => alert.assetName === 'Main distribution board')).toBe(true);
    expect(await names('asset')).not.toContain('Main distribution board');
    expect((await api.get('/asset/identification/PNL-001', 'technician')).statusCode).toBe(404);
    expect(ok<Doc[]>(await api.get('/asset/identification/group/PNL-001', 'technician'))).toEqual([]);
    const refused = await t.request({ as: 'technician', method: 'POST', url: `/api/inspection?assetId=${assetId}`, payload: { inspectionData: {} } });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toContain('Main distribution board');
  });

  it('a second DELETE changes nothing; restore brings it back to technicians', async () => {
    const archivedAt = ok<Doc>(await api.get(`/asset/${assetId}`)).archivedAt;
    expect(ok<Doc>(await api.del(`/asset/${assetId}`))).toMatchObject({ archived: true });
    expect(ok<Doc>(await api.get(`/asset/${assetId}`)).archivedAt).toBe(archivedAt);

    ok(await t.request({ as: 'admin', method: 'POST', url: `/api/asset/${assetId}/restore` }));
    expect(ok<Doc>(await api.get('/asset/identification/PNL-001', 'technician'))._id).toBe(assetId);
    expect(await names('asset')).toContain('Main distribution board');
  });
});

describe('an asset holding an archived checklist', () => {
  it('is saved back whole with it, but cannot take an archived checklist it did not have', async () => {
    const checklist = await api.create('checklist', { name: 'Test archived offer' });
    const holder = await api.create('asset', { name: 'Test holder', identification: 'TST-HOLD', checklists: [checklist._id] });
    // History for the checklist, so DELETE archives it.
    await t.app.services.db.insert(inspections).values({ _id: 'test-archive-inspection', timestamp: Date.now() - 1000, user: 'nobody', checklist: checklist._id, asset: holder._id });
    expect(ok<Doc>(await api.del(`/checklist/${checklist._id}`)).archived).toBe(true);

    const stored = ok<Doc>(await api.get(`/asset/${holder._id}`));
    ok(await api.put(`/asset/${holder._id}`, { ...stored, message: 'saved back' }));
    expect(ok<Doc>(await api.get(`/asset/${holder._id}`)).checklists).toEqual([checklist._id]);

    const other = await api.create('asset', { name: 'Test newcomer', identification: 'TST-NEW' });
    const refused = expectError(await api.put(`/asset/${other._id}`, { checklists: [checklist._id] }), 400, 'checklists');
    expect(refused.message).toContain('Test archived offer');
    expectError(await api.post('/asset', { name: 'Test newcomer 2', identification: 'TST-NEW-2', checklistOptions: [{ name: 'Quick', btnName: 'Quick', checklistIds: [checklist._id] }] }), 400, 'checklistOptions.checklistIds');
  });
});

describe('records nothing refers to', () => {
  it('are deleted as before: 404 afterwards', async () => {
    const attribute = await api.create('attribute', { name: 'Test never measured', type: 'number' });
    const checklist = await api.create('checklist', { name: 'Test never used' });
    const asset = await api.create('asset', { name: 'Test never inspected', identification: 'TST-NEVER', checklists: [checklist._id] });
    for (const [entity, record] of [['asset', asset], ['checklist', checklist], ['attribute', attribute]] as const) {
      expect(ok<Doc>(await api.get(`/${entity}/${record._id}/references`))).toMatchObject({ archives: false });
      const answer = ok<Doc>(await api.del(`/${entity}/${record._id}`));
      expect(answer).toMatchObject({ archived: false, message: `${entity[0]!.toUpperCase()}${entity.slice(1)} deleted` });
      expectError(await api.get(`/${entity}/${record._id}`), 404);
      expect(await names(entity, { archived: 'include' })).not.toContain(record.name);
    }
  });

  it('an attribute a current checklist uses is still refused, archived or not', async () => {
    const used = await api.create('attribute', { name: 'Test in use', type: 'number' });
    await api.create('checklist', { name: 'Test current user', checklistItems: [{ attribute: used._id, sequenceId: 1 }] });
    const refused = expectError(await api.del(`/attribute/${used._id}`), 409);
    expect(refused.message).toContain('Test current user');
  });

  it('unknown ids answer 404; archived-only calls need the manage permission', async () => {
    expectError(await api.get('/checklist/unknown/references'), 404);
    expectError(await t.request({ as: 'admin', method: 'POST', url: '/api/asset/unknown/restore' }), 404);
    expectError(await api.get(`/checklist/${await idOf('checklist', 'AHU monthly check')}/references`, 'engineer'), 403);
    expectError(await api.get('/checklist?archived=maybe'), 400, 'archived');
  });
});
