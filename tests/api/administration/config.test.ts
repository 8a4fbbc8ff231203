import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/testApp';
import { adminApi, expectError, ok, orderOf, sortedIgnoringCase, type Doc } from './adminApi';

let t: TestApp;
let api: ReturnType<typeof adminApi>;
let seeded: Record<string, Doc>;

beforeAll(async () => {
  t = await createTestApp();
  api = adminApi(t);
  seeded = Object.fromEntries((await api.list('config')).map((row) => [row.key as string, row]));
});
afterAll(() => t.close());

const keys = async (query = {}) => (await api.list('config', query)).map((row) => row.key as string);

describe('config list', () => {
  it('starts with the seeded entries', () => {
    expect(seeded.applicationName).toMatchObject({ value: 'FacilityOps' });
    expect(seeded.companyLogoURL).toMatchObject({ value: '/logo.svg' });
  });

  it('sorts by key by default, ignoring case, and descending with orderBy=-key', async () => {
    for (const key of ['zzTimeout', 'Alpha', 'mailHost']) await api.create('config', { key, value: key.length.toString() });
    const list = await keys();
    expect(list).toEqual([
      'Alpha', 'applicationName', 'calendar.config', 'calendar.entryTypes',
      // The spare parts' criticality options (docs/spare-parts.md).
      'choices.sparePart.criticality',
      // The KPIs' ready backlog (docs/kpis.md).
      'companyLogoURL', 'kpi.backlog', 'mailHost', 'thermography.infoUrl', 'thermography.severityAlertLevels', 'thermography.siteSeverityCriterion',
      // The work order entries (docs/work-orders.md, "Config entries").
      'workOrder.autoCreate', 'workOrder.fields', 'workOrder.filters', 'workOrder.priorityValues', 'workOrder.sort', 'workOrder.statusValues',
      'zzTimeout',
    ]);
    expect(list).toEqual(sortedIgnoringCase(list));
    expect(await keys({ orderBy: '-key' })).toEqual([...list].reverse());
  });

  it('sorts by another field with orderBy', async () => {
    const rows = await api.list('config', { orderBy: 'value' });
    const values = rows.map((row) => row.value as string);
    expect(values).toEqual(sortedIgnoringCase(values));
    expect(orderOf(rows, ['zzTimeout', 'mailHost'], 'key')).toEqual(['mailHost', 'zzTimeout']);
  });

  it('projects fields=key,value to _id, key and value', async () => {
    const rows = await api.list('config', { fields: 'key,value' });
    expect(rows.length).toBeGreaterThanOrEqual(2);
    for (const row of rows) expect(Object.keys(row).sort()).toEqual(['_id', 'key', 'value']);
    expect(rows.find((row) => row.key === 'applicationName')).toEqual({ _id: seeded.applicationName!._id, key: 'applicationName', value: 'FacilityOps' });
  });
});

describe('POST /config', () => {
  it('creates an entry with empty defaults, readable by id', async () => {
    const created = await api.create('config', { key: 'supportEmail' });
    expect(created).toMatchObject({ key: 'supportEmail', description: '', value: '' });
    expect(await api.read('config', created._id)).toMatchObject({ _id: created._id, key: 'supportEmail' });
  });

  it.each(['applicationName', 'APPLICATIONNAME', '  applicationName '])(
    "refuses the taken key %j with spec §5's message",
    async (key) => {
      const before = await keys();
      const refused = expectError(await api.post('/config', { key, value: 'x' }), 409);
      expect(refused.message).toBe('Config with the same key already exists');
      expect(await keys()).toEqual(before);
    },
  );

  it.each([
    [{}, 'key'],
    [{ key: '' }, 'key'],
    [{ key: '  ', value: 'x' }, 'key'],
    [{ key: 'retries', value: 5 }, 'value'],
    [{ key: 'retries', description: ['a'] }, 'description'],
    [{ key: 'retries', secret: true }, 'secret'],
  ])('answers 400 naming the field for %j and writes nothing', async (payload, field) => {
    const before = await keys();
    expectError(await api.post('/config', payload), 400, field);
    expect(await keys()).toEqual(before);
  });

  it('answers 403 to users without manage-config, for reads and writes', async () => {
    expectError(await api.get('/config', 'engineer'), 403);
    expectError(await api.get(`/config/${seeded.applicationName!._id}`, 'technician'), 403);
    expectError(await api.post('/config', { key: 'hack' }, 'engineer'), 403);
    expectError(await api.put(`/config/${seeded.applicationName!._id}`, { value: 'Hacked' }, 'thermo.manager'), 403);
    expect(await keys()).not.toContain('hack');
    expect((await api.read('config', seeded.applicationName!._id)).value).toBe('FacilityOps');
  });
});

describe('PUT /config/{id}', () => {
  it('answers the saved entry with a message; fields not sent keep their values', async () => {
    const created = await api.create('config', { key: 'pageSize', description: 'Rows per page', value: '25' });
    const body = ok<Doc>(await api.put(`/config/${created._id}`, { value: '50' }));
    expect(body).toMatchObject({ _id: created._id, key: 'pageSize', description: 'Rows per page', value: '50' });
    expect(body.message).toEqual(expect.any(String));
    expect(body.message.length).toBeGreaterThan(0);
    expect(await api.read('config', created._id)).toMatchObject({ key: 'pageSize', description: 'Rows per page', value: '50' });
  });

  it('changes what the application serves (applicationName)', async () => {
    ok(await api.put(`/config/${seeded.applicationName!._id}`, { value: 'Plant Ops' }));
    const info = await t.app.inject({ method: 'GET', url: '/api/init/applicationInfo' });
    expect(info.json()).toMatchObject({ applicationName: 'Plant Ops' });
  });

  it('keeps its own key, even in other letter case', async () => {
    const created = await api.create('config', { key: 'theme', value: 'light' });
    const body = ok<Doc>(await api.put(`/config/${created._id}`, { key: 'Theme', value: 'dark' }));
    expect(body).toMatchObject({ key: 'Theme', value: 'dark' });
  });

  it("refuses another entry's key with spec §5's message and changes nothing", async () => {
    const created = await api.create('config', { key: 'locale', value: 'en' });
    const refused = expectError(await api.put(`/config/${created._id}`, { key: 'companylogourl', value: 'de' }), 409);
    expect(refused.message).toBe('Config with the same key already exists');
    expect(await api.read('config', created._id)).toMatchObject({ key: 'locale', value: 'en' });
  });

  it('answers 400 naming the field and changes nothing', async () => {
    const created = await api.create('config', { key: 'maxUpload', value: '1MB' });
    expectError(await api.put(`/config/${created._id}`, { value: 2 }), 400, 'value');
    expectError(await api.put(`/config/${created._id}`, { key: '' }), 400, 'key');
    expectError(await api.put(`/config/${created._id}`, { value: '2MB', colour: 'red' }), 400, 'colour');
    expect(await api.read('config', created._id)).toMatchObject({ key: 'maxUpload', value: '1MB' });
  });

  it('answers 404 for an unknown id', async () => {
    expectError(await api.put('/config/unknown', { value: 'x' }), 404);
  });
});

describe('no DELETE for config', () => {
  it('has no delete call: the entry stays', async () => {
    const response = await api.del(`/config/${seeded.companyLogoURL!._id}`);
    expect(response.statusCode).toBe(404);
    expect(await keys()).toContain('companyLogoURL');
  });
});
