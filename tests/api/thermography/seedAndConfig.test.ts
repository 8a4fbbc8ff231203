import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, like } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../helpers/testApp';
import { adminApi, ok, type Doc } from '../administration/adminApi';
import { dashboards, permissions, roles, serverSecrets, tableDefinitions, thermographyNotes } from '../../../server/db/schema';
import { seedDatabase } from '../../../server/seed/seed';
import { pdfTexts } from '../reports/pdfText';
import { thermographyApi } from './thermographyApi';

let t: TestApp;
let api: ReturnType<typeof adminApi>;
let notes: ReturnType<typeof thermographyApi>;
beforeAll(async () => {
  t = await createTestApp({ jobsEnabled: false });
  api = adminApi(t);
  notes = thermographyApi(t);
});
afterAll(() => t?.close());

/** The seeded alert levels (server/seed/alertLevels.ts) and DESIGN §8's mapping, A most severe. */
const LEVEL_OF = { A: ['Critical', '#d32f2f'], B: ['High', '#f57c00'], C: ['Medium', '#fbc02d'], D: ['Low', '#388e3c'] } as const;

async function thermographyTable(as: string): Promise<Doc> {
  const [listed] = ok<Doc[]>(await api.get('/table?limitToRole=true&type=thermography', as));
  return listed!;
}
const tableData = async (as: string, query = '') => ok<Doc>(await api.get(`/table/${(await thermographyTable('thermo.engineer'))._id}${query}`, as));

describe('the demo thermography notes', () => {
  it('are in every status, on electrical assets, read from the FLIR fixtures', async () => {
    const rows = await t.app.services.db.select().from(thermographyNotes);
    expect(new Set(rows.map((row) => row.status))).toEqual(new Set(['draft', 'pendingApproval', 'approved', 'deleted']));
    const hot = rows.find((row) => row.identification === 'Incomer phase L1' && row.severityLevel === 'A')!;
    const view = ok<Doc>(await notes.get(hot._id));
    // The T420 fixture: its README values.
    expect(view.measurements).toEqual([{ k: 'Min', v: '33.3 °C' }, { k: 'Max', v: '187.9 °C' }, { k: 'Center', v: '130.4 °C' }]);
    expect(view).toMatchObject({ assetName: 'Main distribution board', status: 'approved', radiometric: true, suggestedSeverityLevel: 'A' });
    for (const url of [view.thermalImage, view.realImage]) expect((await t.request({ as: 'thermo.manager', method: 'GET', url })).statusCode).toBe(200);
  });

  it('raise one ThermographyAlert per approved note', async () => {
    const approved = (await t.app.services.db.select().from(thermographyNotes)).filter((row) => row.status === 'approved');
    for (const note of approved) {
      const raised = ok<Doc[]>(await api.get(`/inspection/${note.inspection}/${note._id}/alert`, 'thermo.engineer'));
      expect(raised.map((a) => [a.type, a.levelName]), note.identification).toEqual([['ThermographyAlert', LEVEL_OF[note.severityLevel as 'A'][0]]]);
    }
  });

  it("give the main distribution board a trend: the hot incomer cooled after its repair", async () => {
    const [board] = ok<Doc[]>(await api.get('/asset?fields=name,identification', 'admin')).filter((a) => a.identification === 'PNL-001');
    const trend = ok<Doc[]>(await api.get(`/asset/${board!._id}/thermographyTrend`, 'thermo.engineer'));
    const incomer = trend.filter((point) => point.identification === 'Incomer phase L1').map((point) => point.maxTemperature);
    expect(incomer).toEqual([187.9, 25.5]);
  });
});

describe('the Thermography Notes table', () => {
  it('is the default thermography table of the three thermography roles, and of engineers and the administrator', async () => {
    for (const as of ['thermo.engineer', 'thermo.manager', 'engineer', 'admin']) expect(await thermographyTable(as)).toMatchObject({ name: 'Thermography Notes', type: 'thermography', default: true });
    const [techRole] = await t.app.services.db.select().from(roles).where(eq(roles.name, 'ROLE_THERMOGRAPHY_TECHNICIAN'));
    const [table] = await t.app.services.db.select().from(tableDefinitions).where(eq(tableDefinitions.name, 'Thermography Notes'));
    expect(techRole!.tables).toEqual([{ table: table!._id, default: true }]);
  });

  it('lists notes with status, a severity chip in the mapped level colour, images and a download; deleted ones only when asked', async () => {
    const all = `?status=all&dateRange=0|${Date.now()}`;
    const table = await tableData('thermo.engineer', all);
    expect(table.type).toBe('thermography');
    expect(table.fields.map((f: Doc) => f.dataField)).toEqual(['timestamp', 'imageNumber', 'assetName', 'identification', 'statusText', 'severityLevel', 'maxTemperature', 'thermalImage', 'realImage', 'download']);
    const hot = table.data.find((row: Doc) => row.identification === 'Incomer phase L1' && row.severityLevel?.text === 'A');
    expect(hot).toMatchObject({ assetName: 'Main distribution board', statusText: 'Approved', severityLevel: { text: 'A', color: LEVEL_OF.A[1] }, maxTemperature: '187.9 °C' });
    expect(hot.thermalImage).toMatch(/^\/api\/file\//);
    expect(hot.download).toBe(hot.thermalImage);
    expect(table.data.some((row: Doc) => row.status === 'deleted')).toBe(true);
    const current = await tableData('thermo.engineer', `?dateRange=0|${Date.now()}`);
    expect(current.data.length).toBe(table.data.length - table.data.filter((row: Doc) => row.status === 'deleted').length);
    const pending = await tableData('thermo.manager', `?status=pendingApproval&dateRange=0|${Date.now()}`);
    expect(pending.data.map((row: Doc) => row.statusText)).toEqual(['Pending approval']);
  });
});

describe('GET /thermography/config and the Thermography Info PDF', () => {
  it('answers the info address and each severity’s alert level to any signed-in user', async () => {
    for (const as of ['thermo.tech', 'onsite', 'engineer']) {
      const config = ok<Doc>(await api.get('/thermography/config', as));
      expect(config.infoUrl).toBe('/api/thermography/info.pdf');
      expect(Object.fromEntries(Object.entries(config.severityLevels).map(([k, v]) => [k, [(v as Doc).name, (v as Doc).color]]))).toEqual(LEVEL_OF);
    }
    expect((await t.request({ method: 'GET', url: '/api/thermography/config' })).statusCode).toBe(401);
  });

  it('serves the info PDF without a token (a new tab sends none)', async () => {
    const pdf = await t.request({ method: 'GET', url: '/api/thermography/info.pdf' });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it("prints ΔT as ΔT, not '?T': the paragraph, the table's title and two of its headings (issue 40)", async () => {
    const pdf = await t.request({ method: 'GET', url: '/api/thermography/info.pdf' });
    const texts = pdfTexts(pdf.rawPayload);
    const shown = texts.join(' ');
    expect(shown).not.toContain('?T');
    expect(shown.match(/ΔT/g)).toHaveLength(4);
    expect(texts).toContain('Severity from ΔT (NETA MTS)');
    expect(texts).toContain('ΔT over ambient air');
    expect(texts).toContain('ΔT over a similar component');
    expect(shown.replace(/\s+/g, ' ')).toContain('NETA Maintenance Testing Specifications ΔT criteria');
  });
});

describe('the Thermography overview dashboard', () => {
  it('opens with the notes: awaiting approval, by status, by severity and the hottest spots, each answering for the thermography engineers', async () => {
    const session = ok<Doc>(await api.get('/token/init', 'thermo.manager'));
    const dashboard = ok<Doc>(await api.get(`/dashboard/${session.dashboardId}`, 'thermo.manager'));
    const [first] = [...dashboard.sections].sort((a: Doc, b: Doc) => a.sequenceId - b.sequenceId);
    expect(first.title).toBe('Thermography notes');
    const now = Date.now();
    const shown = await Promise.all(first.items.map(async (item: Doc) => ok<Doc>(await api.get(`/widget/${item.widget}?period=${now - 90 * 86_400_000}|${now}`, 'thermo.engineer'))));
    expect(shown.map((w) => w.name)).toEqual(['Notes awaiting approval', 'Thermography notes by status', 'Approved notes by severity', 'Hottest spots']);
    expect(shown[0]!.data.value).toBe('1');
    expect(shown[1]!.data.chartData.labels).toEqual(['Draft', 'Pending approval', 'Approved']);
    expect(shown[2]!.data.chartData.datasets[0].backgroundColor).toEqual(['A', 'B', 'C', 'D'].map((s) => LEVEL_OF[s as 'A'][1]));
    expect(shown[3]!.data.data[0]).toMatchObject({ asset: 'Main distribution board', max: '187.9 °C', rise: '163.9 °C' });
  });
});

describe('an existing database on upgrade', () => {
  const reseed = async () => {
    await seedDatabase(t.app.services.db, t.config);
    t.app.services.sessions.invalidate();
  };
  const technicianPermissions = async () => ok<Doc>(await api.get('/token/init', 'thermo.tech')).permissions as string[];

  it('gives the thermography technician create-thermography-note once; an administrator who removes it keeps it removed', async () => {
    const { db } = t.app.services;
    const [create] = await db.select().from(permissions).where(eq(permissions.name, 'create-thermography-note'));
    const [role] = await db.select().from(roles).where(eq(roles.name, 'ROLE_THERMOGRAPHY_TECHNICIAN'));
    // As an earlier version left it: no such grant, no ledger.
    await db.update(roles).set({ permissions: role!.permissions.filter((id) => id !== create!._id) }).where(eq(roles._id, role!._id));
    await db.delete(serverSecrets).where(like(serverSecrets.key, 'granted-role-permission:%'));
    t.app.services.sessions.invalidate();
    expect(await technicianPermissions()).not.toContain('create-thermography-note');

    await reseed();
    expect(await technicianPermissions()).toContain('create-thermography-note');

    await db.update(roles).set({ permissions: role!.permissions.filter((id) => id !== create!._id) }).where(eq(roles._id, role!._id));
    await reseed();
    expect(await technicianPermissions()).not.toContain('create-thermography-note');
    await db.update(roles).set({ permissions: role!.permissions }).where(eq(roles._id, role!._id));
    t.app.services.sessions.invalidate();
  });

  it('gets the notes section of the Thermography overview once', async () => {
    const { db } = t.app.services;
    const named = async () => (await db.select().from(dashboards).where(eq(dashboards.name, 'Thermography overview')))[0]!;
    const titles = async () => [...(await named()).sections].sort((a, b) => a.sequenceId - b.sequenceId).map((section) => section.title);
    const withoutNotes = (await named()).sections.filter((section) => section.title !== 'Thermography notes');
    await db.update(dashboards).set({ sections: withoutNotes }).where(eq(dashboards._id, (await named())._id));
    await db.delete(serverSecrets).where(like(serverSecrets.key, 'seeded-demo-dashboard:Thermography overview:section:%'));
    await reseed();
    expect(await titles()).toEqual(['Thermography notes', 'Right now', 'Over the period']);
    await db.update(dashboards).set({ sections: withoutNotes }).where(eq(dashboards._id, (await named())._id));
    await reseed();
    expect(await titles()).toEqual(['Right now', 'Over the period']);
  });

  it('gets the Thermography Notes table once', async () => {
    const { db } = t.app.services;
    const [table] = await db.select().from(tableDefinitions).where(eq(tableDefinitions.name, 'Thermography Notes'));
    ok(await api.del(`/table/${table!._id}`));
    await db.delete(serverSecrets).where(and(like(serverSecrets.key, 'seeded-demo-table:%')));
    await reseed();
    const again = await thermographyTable('thermo.engineer');
    expect(again).toMatchObject({ name: 'Thermography Notes', default: true });
    // Deleted by an administrator after that: not brought back.
    ok(await api.del(`/table/${again._id}`));
    await reseed();
    expect(ok<Doc[]>(await api.get('/table?limitToRole=true&type=thermography', 'thermo.engineer'))).toEqual([]);
  });
});
