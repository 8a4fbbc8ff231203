import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/testApp';
import { adminApi, ok } from '../administration/adminApi';
import { createFixture, submit, type Fixture } from './inspectionFixture';
import { alerts } from '../../../server/db/schema';

/* eslint-disable @typescript-eslint/no-explicit-any -- response bodies are untyped JSON in these tests */

let t: TestApp;
let fx: Fixture;
let api: ReturnType<typeof adminApi>;
beforeAll(async () => {
  t = await createTestApp();
  fx = await createFixture(t);
  api = adminApi(t);
});
afterAll(() => t?.close());

describe('assets by identification', () => {
  it('GET /asset/identification/:identification answers the asset; 404 for none', async () => {
    const asset = ok(await api.get(`/asset/identification/${encodeURIComponent(fx.asset.identification)}`, 'technician'));
    expect(asset._id).toBe(fx.asset._id);
    const missing = await api.get('/asset/identification/NOPE-404', 'technician');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toContain('NOPE-404');
  });

  it('the group call answers every asset sharing the identification (the demo SKD-001 has three)', async () => {
    const group = ok(await api.get('/asset/identification/group/SKD-001', 'technician'));
    expect(group.length).toBe(3);
    expect(group.every((a: any) => a.identification === 'SKD-001')).toBe(true);
    expect(ok(await api.get('/asset/identification/group/NOPE-404', 'technician'))).toEqual([]);
  });

  it('expand=checklists carries each checklist with its items and their attributes', async () => {
    const [asset] = ok(await api.get(`/asset/identification/group/${fx.asset.identification}?expand=checklists`, 'technician'));
    expect(asset.checklistDetails.map((c: any) => c._id)).toEqual([fx.checklist._id, fx.second._id]);
    const detail = asset.checklistDetails[0];
    expect(detail.checklistItems).toHaveLength(11);
    expect(detail.groups).toEqual([{ name: 'Readings', attributes: [fx.attributes.number!._id] }]);
    const select = detail.attributes.find((a: any) => a._id === fx.attributes.select!._id);
    expect(fx.attributes.select!.technicalName.trim()).not.toBe('');
    expect(select).toEqual({
      _id: fx.attributes.select!._id,
      name: fx.attributes.select!.name,
      // The fixture sends none: the stored one is derived from the name (docs/administration.md).
      technicalName: fx.attributes.select!.technicalName,
      description: '',
      type: 'select',
      options: { values: ['Quiet', 'Loud'] },
      isMandatory: false,
      allowComment: false,
    });
  });

  it('is open to every role holding read-asset (on-site, thermography)', async () => {
    expect((await api.get('/asset/identification/group/SKD-001', 'onsite')).statusCode).toBe(200);
    const other = await t.request({ as: 'thermo.engineer', method: 'GET', url: '/api/asset/identification/SKD-001' });
    expect(other.statusCode).toBe(200);
  });

  it('GET /asset?fields=id,name is open to any signed-in user; other fields are not', async () => {
    // thermo.tech holds read-asset; the manager role below has no asset permission at all.
    const role = await api.create('role', { name: `Nothing ${Math.random()}` });
    const user = ok(await api.post('/user', { username: `nobody${Date.now()}` }));
    ok(await api.put(`/user/updateByUserAdministration/${user._id}`, { role: role._id }));
    const { password } = ok(await api.post(`/user/${user._id}/resetPassword`, {}));
    const token = await t.login(user.username, password);
    const get = (url: string) => t.app.inject({ method: 'GET', url, headers: { 'x-auth': token } });
    const names = await get('/api/asset?fields=id,name');
    expect(names.statusCode).toBe(200);
    expect(Object.keys(names.json()[0]).sort()).toEqual(['_id', 'name']);
    expect((await get('/api/asset?fields=name,identification')).statusCode).toBe(403);
    expect((await get('/api/asset')).statusCode).toBe(403);
    expect((await get(`/api/asset/${fx.asset._id}?fields=name`)).statusCode).toBe(403);
    expect((await get(`/api/asset/identification/group/SKD-001?fields=name`)).statusCode).toBe(403);
  });
});

describe('inspections of an asset', () => {
  let first: string;
  let latest: string;
  beforeAll(async () => {
    first = ok(await submit(t, fx.asset._id, { [fx.checklist._id]: { [fx.attributes.number!._id]: 60 } }, { timestamp: Date.now() - 60_000 })).inspections[0];
    ok(await submit(t, fx.asset._id, { [fx.second._id]: { [fx.attributes.pressure!._id]: 5 } }, { timestamp: Date.now() - 30_000 }));
    latest = ok(await submit(t, fx.asset._id, { [fx.checklist._id]: { [fx.attributes.number!._id]: 85 } }, { as: 'engineer' })).inspections[0];
  });

  it('previousInspections answers the latest inspection of each checklist, newest first', async () => {
    const previous = ok(await api.get(`/asset/${fx.asset._id}/previousInspections`, 'technician'));
    expect(previous.map((p: any) => p.checklist)).toEqual([fx.checklist._id, fx.second._id]);
    expect(previous[0]._id).toBe(latest);
    expect(previous[0].attributeData).toEqual([{ attribute: fx.attributes.number!._id, value: 85 }]);
    expect(previous[0].userName).toBe('Eric Engineer');
    expect((await api.get('/asset/ffffffffffffffffffffffff/previousInspections', 'technician')).statusCode).toBe(404);
  });

  it('GET /inspection?assetId answers them newest first, and pages with range', async () => {
    const list = ok(await api.get(`/inspection?assetId=${fx.asset._id}`, 'engineer'));
    expect(list).toHaveLength(3);
    expect(list[0]._id).toBe(latest);
    expect(list[2]._id).toBe(first);
    const page = await api.get(`/inspection?assetId=${fx.asset._id}&range=${encodeURIComponent('[1,1]')}`, 'engineer');
    expect(page.json().map((i: any) => i._id)).toEqual([list[1]._id]);
    expect(page.headers['content-range']).toBe('inspection 1-1/3');
    const all = ok(await api.get('/inspection', 'engineer'));
    expect(all.map((i: any) => i._id)).toEqual(expect.arrayContaining(list.map((i: any) => i._id)));
    expect(all[0].timestamp).toBeGreaterThanOrEqual(all[all.length - 1].timestamp);
    expect((await api.get(`/inspection?assetId=${fx.asset._id}&range=oops`, 'engineer')).statusCode).toBe(400);
  });

  it('GET /inspection/:id names asset, checklist, user and attributes; 404 for none', async () => {
    const inspection = ok(await api.get(`/inspection/${first}`, 'engineer'));
    expect(inspection).toMatchObject({ assetName: fx.asset.name, checklistName: fx.checklist.name, userName: 'Tom Technician' });
    expect(inspection.attributes).toEqual([{ _id: fx.attributes.number!._id, name: fx.attributes.number!.name, type: 'number', description: '' }]);
    expect((await api.get('/inspection/ffffffffffffffffffffffff', 'engineer')).statusCode).toBe(404);
    expect((await api.get(`/inspection/${first}`, 'onsite')).statusCode).toBe(403);
  });

  it("myRecentAssets lists the caller's assets, latest first", async () => {
    // The demo history has the technician inspecting demo assets through the day shift, up to the
    // second the seed ran: an inspection stamped now is the only one sure to be their latest.
    ok(await submit(t, fx.asset._id, { [fx.checklist._id]: { [fx.attributes.number!._id]: 60 } }));
    const recent = ok(await api.get('/inspection/myRecentAssets', 'technician'));
    expect(recent[0]).toMatchObject({ _id: fx.asset._id, name: fx.asset.name, identification: fx.asset.identification });
    expect(typeof recent[0].lastInspectedAt).toBe('number');
    const engineers = ok(await api.get('/inspection/myRecentAssets', 'engineer'));
    expect(engineers.map((a: any) => a._id)).toContain(fx.asset._id);
  });
});

describe('alerts', () => {
  let alertIds: string[];
  let inspectionId: string;
  beforeAll(async () => {
    const body = ok(await submit(t, fx.asset._id, { [fx.checklist._id]: { [fx.attributes.number!._id]: 99 }, [fx.second._id]: { [fx.attributes.pressure!._id]: 0.5 } }));
    alertIds = body.alerts.map((a: any) => a._id);
    inspectionId = body.alerts[0].inspection;
    // A thermography alert on the same asset (the thermography issue raises these).
    await t.app.services.db.insert(alerts).values({
      _id: 'bbbbbbbbbbbbbbbbbbbbbb01',
      inspection: inspectionId,
      asset: fx.asset._id,
      level: fx.levels[0]!._id,
      timestamp: Date.now(),
      severityLevel: { text: 'A', color: '#f00' },
      type: 'ThermographyAlert',
      record: 'rec1',
    });
  });

  it('GET /alert?assetId leaves thermography alerts out', async () => {
    const list = ok(await api.get(`/alert?assetId=${fx.asset._id}`, 'engineer'));
    expect(list.map((a: any) => a._id)).toEqual(expect.arrayContaining(alertIds));
    expect(list.map((a: any) => a._id)).not.toContain('bbbbbbbbbbbbbbbbbbbbbb01');
    expect(list.every((a: any) => a.assetName === fx.asset.name && a.levelName)).toBe(true);
  });

  it('GET inspection/:id/alert and the thermography record call', async () => {
    const ofInspection = ok(await api.get(`/inspection/${inspectionId}/alert`, 'engineer'));
    expect(ofInspection.map((a: any) => a._id)).toContain(alertIds[0]);
    const ofRecord = ok(await api.get(`/inspection/${inspectionId}/rec1/alert`, 'engineer'));
    expect(ofRecord.map((a: any) => a._id)).toEqual(['bbbbbbbbbbbbbbbbbbbbbb01']);
  });

  it("GET alert/:id carries what the alert detail shows: checklist, inspector and the inspection's typed values", async () => {
    const alert = ok(await api.get(`/alert/${alertIds[0]}`, 'engineer'));
    expect(alert).toMatchObject({ checklistName: fx.checklist.name, inspectedBy: 'Tom Technician' });
    expect(alert.attributeData).toContainEqual({ attribute: fx.attributes.number!._id, name: fx.attributes.number!.name, type: 'number', value: expect.anything() });
  });

  it('alert reads need read-alert', async () => {
    expect((await api.get(`/alert/${alertIds[0]}`, 'technician')).statusCode).toBe(403);
    expect((await api.get(`/alert?assetId=${fx.asset._id}`, 'technician')).statusCode).toBe(403);
    expect((await api.get('/alert/ffffffffffffffffffffffff', 'engineer')).statusCode).toBe(404);
  });

  it('resolve: refused without resolve-alert, remark required, unknown ids named', async () => {
    const resolve = (payload: unknown, as = 'engineer') => t.request({ as, method: 'POST', url: '/api/alert/resolve', payload: payload as object });
    expect((await resolve({ remark: 'done', ids: alertIds }, 'technician')).statusCode).toBe(403);
    const blank = await resolve({ remark: '   ', ids: alertIds });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().message).toMatch(/remark/);
    expect((await resolve({ ids: alertIds })).statusCode).toBe(400);
    expect((await resolve({ remark: 'x', ids: [] })).statusCode).toBe(400);
    const unknown = await resolve({ remark: 'x', ids: [alertIds[0], 'ffffffffffffffffffffffff'] });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toContain('ffffffffffffffffffffffff');
    const stillOpen = ok(await api.get(`/alert/${alertIds[0]}`, 'engineer'));
    expect(stillOpen.resolvedAt).toBeNull();
  });

  it('resolve stores remark, resolver and resolvedAt; a second resolve keeps the first', async () => {
    const resolve = (payload: unknown, as = 'engineer') => t.request({ as, method: 'POST', url: '/api/alert/resolve', payload: payload as object });
    const before = Date.now();
    const body = ok(await resolve({ remark: ' Replaced the seal ', ids: alertIds }));
    expect(body.alerts).toHaveLength(alertIds.length);
    const alert = ok(await api.get(`/alert/${alertIds[0]}`, 'engineer'));
    expect(alert).toMatchObject({ remark: 'Replaced the seal', resolvedByName: 'Eric Engineer' });
    expect(alert.resolvedAt).toBeGreaterThanOrEqual(before);
    ok(await resolve({ remark: 'again', ids: alertIds }, 'admin'));
    expect(ok(await api.get(`/alert/${alertIds[0]}`, 'engineer'))).toMatchObject({ remark: 'Replaced the seal', resolvedAt: alert.resolvedAt });
  });
});

describe("the on-site board's open alerts (GET /alert?open=true)", () => {
  const range = (first: number, last: number) => encodeURIComponent(JSON.stringify([first, last]));

  it('leave a resolved alert out, from the list and from its count', async () => {
    const own = await createFixture(t);
    const raised: string[] = ok(await submit(t, own.asset._id, { [own.checklist._id]: { [own.attributes.number!._id]: 95 }, [own.second._id]: { [own.attributes.pressure!._id]: 1 } })).alerts.map((a: any) => a._id);
    expect(raised).toHaveLength(2);
    const [resolved, open] = raised as [string, string];
    ok(await t.request({ as: 'engineer', method: 'POST', url: '/api/alert/resolve', payload: { remark: 'Fixed on site', ids: [resolved] } }));

    // The asset has both alerts; open, only the unresolved one, counted as one.
    const ofAsset = ok(await api.get(`/alert?assetId=${own.asset._id}`, 'onsite'));
    expect(ofAsset.map((a: any) => a._id).sort()).toEqual([...raised].sort());
    const openOfAsset = await api.get(`/alert?assetId=${own.asset._id}&open=true&range=${range(0, 29)}`, 'onsite');
    expect(ok(openOfAsset).map((a: any) => a._id)).toEqual([open]);
    expect(openOfAsset.headers['content-range']).toBe('alert 0-0/1');

    // The board's own call (the whole site, its first 30): the resolved alert is among the newest of
    // the site, so only the open filter keeps it off; the count is that of the unresolved alerts.
    const board = await api.get(`/alert?open=true&range=${range(0, 29)}`, 'onsite');
    const shown = ok(board);
    expect(shown.map((a: any) => a._id)).toContain(open);
    expect(shown.map((a: any) => a._id)).not.toContain(resolved);
    expect(shown.every((a: any) => a.resolvedAt === null)).toBe(true);
    const everyAlert = await api.get(`/alert?range=${range(0, 9999)}`, 'onsite');
    const all = ok(everyAlert);
    expect(everyAlert.headers['content-range']).toBe(`alert 0-${all.length - 1}/${all.length}`);
    const unresolved = all.filter((a: any) => a.resolvedAt === null).length;
    expect(unresolved).toBeLessThan(all.length);
    expect(board.headers['content-range']).toBe(`alert 0-${shown.length - 1}/${unresolved}`);
  });
});
