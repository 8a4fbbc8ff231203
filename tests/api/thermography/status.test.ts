import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../helpers/testApp';
import { adminApi, expectError, ok, type Doc } from '../administration/adminApi';
import { alertLevels, configEntries } from '../../../server/db/schema';
import { PLAIN_JPEG, TINY_PNG, fixtureJpeg, thermographyApi, thermographyState } from './thermographyApi';

/** Spec §5 status rules, to the letter, in the spec's order. */
const SEVERITY = 'Severity Level is not defined';
const REAL = 'Real image is not uploaded';
const THERMAL = 'Thermal image is not uploaded';

let t: TestApp;
let api: ReturnType<typeof thermographyApi>;
let admin: ReturnType<typeof adminApi>;
beforeAll(async () => {
  t = await createTestApp({ jobsEnabled: false });
  api = thermographyApi(t);
  admin = adminApi(t);
});
afterAll(() => t?.close());

const alertsOf = async (inspection: string, record: string, as = 'thermo.engineer') =>
  ok<Doc[]>(await t.request({ as, method: 'GET', url: `/api/inspection/${inspection}/${record}/alert` }));

describe('PUT /thermographyNote/{id}/status: what a note needs', () => {
  it('refuses pending approval and approval of an incomplete note: errors lists every missing piece, message is the last', async () => {
    const [id] = await api.notes([{ imageNumber: '1' }]);
    for (const [target, as] of [['pendingApproval', 'thermo.engineer'], ['approved', 'thermo.manager']] as const) {
      const nothing = expectError(await api.status(id!, target, as), 400);
      expect(nothing.errors).toEqual({ severityLevel: SEVERITY, realImage: REAL, thermalImage: THERMAL });
      expect(nothing.message).toBe(THERMAL);
    }
    ok(await api.put(id!, { severityLevel: 'C' }));
    const noImages = expectError(await api.status(id!, 'pendingApproval'), 400);
    expect(noImages.errors).toEqual({ realImage: REAL, thermalImage: THERMAL });
    expect(noImages.message).toBe(THERMAL);
    // A JPEG without FLIR data: a thermal image, still no real image.
    ok(await api.upload(id!, PLAIN_JPEG, { extract: false }));
    const noReal = expectError(await api.status(id!, 'pendingApproval'), 400);
    expect(noReal.errors).toEqual({ realImage: REAL });
    expect(noReal.message).toBe(REAL);
    ok(await api.put(id!, { severityLevel: null }));
    const noSeverity = expectError(await api.status(id!, 'approved', 'thermo.manager'), 400);
    expect(noSeverity.errors).toEqual({ severityLevel: SEVERITY, realImage: REAL });
    expect(noSeverity.message).toBe(REAL);
    expect(ok<Doc>(await api.get(id!)).status).toBe('draft');
  });

  it('deletes an incomplete note: deleting needs nothing', async () => {
    const [id] = await api.notes([{ imageNumber: '2' }]);
    expect(ok<Doc>(await api.status(id!, 'deleted')).status).toBe('deleted');
  });

  it('takes only the statuses a note moves to', async () => {
    const [id] = await api.notes([{ imageNumber: '3' }]);
    expectError(await api.status(id!, 'draft'), 400, 'status');
    expectError(await api.status(id!, 'closed'), 400, 'status');
    expectError(await api.status('000000000000000000000000', 'deleted'), 404);
  });
});

describe('who may move a note where (spec §6, DESIGN §8)', () => {
  it('pending approval and deleted need update-thermography-note; approved needs approve-thermography-note', async () => {
    const note = await api.completeNote();
    expectError(await api.status(note._id, 'approved', 'thermo.engineer'), 403);
    for (const as of ['thermo.tech', 'engineer', 'technician', 'onsite']) expectError(await api.status(note._id, 'pendingApproval', as), 403);
    expect(ok<Doc>(await api.status(note._id, 'pendingApproval', 'thermo.engineer')).status).toBe('pendingApproval');
    expect(ok<Doc>(await api.status(note._id, 'approved', 'thermo.manager')).status).toBe('approved');

    const other = await api.completeNote();
    expect(ok<Doc>(await api.status(other._id, 'deleted', 'thermo.manager')).status).toBe('deleted');
    // The administrator holds both.
    const third = await api.completeNote();
    expect(ok<Doc>(await api.status(third._id, 'approved', 'admin')).status).toBe('approved');
  });
});

describe('approval', () => {
  it('raises one ThermographyAlert for the record at the level its severity maps to, kept out of the asset alert list', async () => {
    const note = await api.completeNote('flir-one', 'A', 20);
    const publish = vi.spyOn(t.app.services.pushes, 'publish');
    let approved: Doc;
    try {
      approved = ok<Doc>(await api.status(note._id, 'approved', 'thermo.manager'));
      const [alert] = await alertsOf(note.inspection, note._id);
      expect(publish).toHaveBeenCalledWith('new-alert', expect.objectContaining({ _id: alert!._id, asset: note.asset, inspection: note.inspection, levelName: 'Critical' }));
      expect(publish).toHaveBeenCalledWith('update-detail', { type: 'thermographyNote', _id: note._id });
    } finally {
      publish.mockRestore();
    }
    expect(approved.status).toBe('approved');
    const raised = await alertsOf(note.inspection, note._id);
    expect(raised).toHaveLength(1);
    // The seeded mapping: A → Critical (config entry thermography.severityAlertLevels).
    expect(raised[0]).toMatchObject({ type: 'ThermographyAlert', record: note._id, asset: note.asset, levelName: 'Critical', severityLevel: { text: 'Critical' }, resolvedAt: null });
    expect(raised[0]!.message).toContain('Feeder Q1');
    expect(raised[0]!.message).toContain('62.2 °C');
    const assetAlerts = ok<Doc[]>(await t.request({ as: 'thermo.engineer', method: 'GET', url: `/api/alert?assetId=${note.asset}` }));
    expect(assetAlerts.map((a) => a._id)).not.toContain(raised[0]!._id);
    // The inspection's own alert call lists it.
    const ofInspection = ok<Doc[]>(await t.request({ as: 'thermo.engineer', method: 'GET', url: `/api/inspection/${note.inspection}/alert` }));
    expect(ofInspection.map((a) => a._id)).toEqual([raised[0]!._id]);
  });

  it('follows the mapping an administrator configures', async () => {
    const [entry] = await t.app.services.db.select().from(configEntries).where(eq(configEntries.key, 'thermography.severityAlertLevels'));
    ok(await admin.put(`/config/${entry!._id}`, { key: entry!.key, description: entry!.description, value: JSON.stringify({ A: 'low', B: 'low', C: 'low', D: 'low' }) }));
    try {
      const note = await api.completeNote('flir-ax8', 'A');
      ok(await api.status(note._id, 'approved', 'thermo.manager'));
      expect((await alertsOf(note.inspection, note._id)).map((a) => a.levelName)).toEqual(['Low']);
    } finally {
      ok(await admin.put(`/config/${entry!._id}`, { key: entry!.key, description: entry!.description, value: entry!.value }));
    }
  });

  it('a severity the mapping names no level for, or a deleted one, falls back to the level of its rank (A the most severe)', async () => {
    const { db } = t.app.services;
    const [entry] = await db.select().from(configEntries).where(eq(configEntries.key, 'thermography.severityAlertLevels'));
    // An administrator's own level, named for A and C, then deleted; B and D are not named at all.
    await db.insert(alertLevels).values({ _id: 'level-urgent-since-deleted', name: 'Urgent', technicalName: 'urgent', color: '#ff00ff', rank: 5 });
    ok(await admin.put(`/config/${entry!._id}`, { key: entry!.key, description: entry!.description, value: JSON.stringify({ A: 'urgent', C: 'urgent' }) }));
    await db.delete(alertLevels).where(eq(alertLevels._id, 'level-urgent-since-deleted'));
    // The seeded levels by rank (docs/thermography.md): Critical, High, Medium, Low.
    const byRank = { A: 'Critical', B: 'High', C: 'Medium', D: 'Low' };
    try {
      const config = ok<Doc>(await t.request({ as: 'thermo.engineer', method: 'GET', url: '/api/thermography/config' }));
      expect(Object.fromEntries(Object.entries(config.severityLevels as Record<string, Doc | null>).map(([severity, level]) => [severity, level?.name]))).toEqual(byRank);
      for (const [severity, levelName] of Object.entries(byRank)) {
        const note = await api.completeNote('flir-ax8', severity);
        ok(await api.status(note._id, 'approved', 'thermo.manager'));
        expect((await alertsOf(note.inspection, note._id)).map((a) => a.levelName), severity).toEqual([levelName]);
      }
    } finally {
      ok(await admin.put(`/config/${entry!._id}`, { key: entry!.key, description: entry!.description, value: entry!.value }));
    }
  });

  it('leaves an approved note read-only: PUT, status and both images answer 409 and nothing changes', async () => {
    const note = await api.completeNote('flir-ax8', 'D');
    const approved = ok<Doc>(await api.status(note._id, 'approved', 'thermo.manager'));
    const before = await thermographyState(t);
    expectError(await api.put(note._id, { note: 'too late' }), 409);
    expectError(await api.status(note._id, 'approved', 'thermo.manager'), 409);
    expectError(await api.status(note._id, 'deleted'), 409);
    expectError(await api.status(note._id, 'pendingApproval'), 409);
    expectError(await api.upload(note._id, fixtureJpeg('flir-i7'), { extract: true }), 409);
    expectError(await api.realImage(note._id, { filepath: approved.realImage, dataURL: `data:image/png;base64,${TINY_PNG.toString('base64')}` }), 409);
    expect(await thermographyState(t)).toEqual(before);
    expect(ok<Doc>(await api.get(note._id))).toEqual(approved);
    expect(await alertsOf(note.inspection, note._id)).toHaveLength(1);
  });

  it('approves a note once when two managers press at the same time', async () => {
    const note = await api.completeNote('flir-ax8', 'C');
    const answers = await Promise.all([api.status(note._id, 'approved', 'thermo.manager'), api.status(note._id, 'approved', 'admin')]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect(await alertsOf(note.inspection, note._id)).toHaveLength(1);
  });
});
