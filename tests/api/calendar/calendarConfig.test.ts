import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../helpers/testApp';
import { ok, type Doc } from '../administration/adminApi';
import { configEntries } from '../../../server/db/schema';
import { configEntry, saveConfig, TEST_CALENDAR_CONFIG, TEST_ENTRY_TYPES } from './calendarFixture';

/**
 * GET /calendarEntry/calendarConfig and GET /calendarEntryType (DESIGN §12): served from the
 * config entries calendar.config and calendar.entryTypes, checked when an administrator saves
 * them, and never a 500 for one that went wrong in the database.
 */
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ jobsEnabled: false });
});
afterAll(() => t?.close());

const get = (url: string, as = 'engineer') => t.request({ method: 'GET', url: `/api${url}`, as });

describe('the demo calendar', () => {
  it('has the entry types Shutdown, Contractor visit, Permit to work and Training', async () => {
    const types = ok<Doc[]>(await get('/calendarEntryType'));
    expect(types.map((type) => type.name)).toEqual(['Shutdown', 'Contractor visit', 'Permit to work', 'Training']);
    for (const type of types) expect(Object.keys(type).sort()).toEqual(['_id', 'color', 'name']);
  });

  it('filters by site (Main campus by default) and type, with Site → Building → Room, a multi-select, a number and one action', async () => {
    const config = ok<Doc>(await get('/calendarEntry/calendarConfig'));
    expect(config.filters).toEqual([
      { key: 'site', label: 'Site', values: ['Main campus', 'Riverside depot'], defaultValue: 'Main campus' },
      { key: 'type', label: 'Type', values: ['Shutdown', 'Contractor visit', 'Permit to work', 'Training'], defaultValue: '' },
    ]);
    const definitions = new Map((config.customFields.definitions as Doc[]).map((d) => [d.key, d]));
    expect(definitions.get('building')).toMatchObject({ dependsOn: 'site', dependentMappings: { 'Main campus': ['Building A', 'Building B'] } });
    expect(definitions.get('room')).toMatchObject({ dependsOn: 'building' });
    expect(definitions.get('room')!.dependentMappings['Building A']).toContain('Chiller hall');
    expect(definitions.get('disciplines')).toMatchObject({ multiSelect: true });
    expect(definitions.get('crewSize')).toMatchObject({ type: 'number' });
    expect(config.actionButtons).toHaveLength(1);
    expect(config.actionButtons[0]).toMatchObject({ label: expect.any(String), clickFunctionName: expect.any(String), functionBody: expect.stringContaining('notify(') });
    // No legend of its own: the entry types with their colours.
    expect(config.legend.map((item: Doc) => item.label)).toEqual(['Shutdown', 'Contractor visit', 'Permit to work', 'Training']);
  });

  it('holds entries over the demo period, some that cannot be deleted', async () => {
    const now = Date.now();
    const { data } = ok<{ data: Doc[] }>(await get(`/calendarEntry?start=${now - 90 * 86_400_000}&end=${now + 60 * 86_400_000}`));
    expect(data.length).toBeGreaterThan(30);
    expect(new Set(data.map((e) => e.type))).toEqual(new Set(['shutdown', 'contractor-visit', 'permit-to-work', 'training']));
    expect(data.some((e) => e.disableDelete)).toBe(true);
    expect(data.some((e) => e.start > now)).toBe(true);
    expect(data.some((e) => e.customAttributes.site === 'Riverside depot')).toBe(true);
  });

  it('is read by those who read the calendar only', async () => {
    expect((await get('/calendarEntry/calendarConfig', 'technician')).statusCode).toBe(403);
    expect((await get('/calendarEntryType', 'onsite')).statusCode).toBe(403);
    expect((await get('/calendarEntryType', 'admin')).statusCode).toBe(200);
  });
});

describe('saving the calendar config entries in Configuration', () => {
  const refusedBecause = async (key: string, value: unknown, words: string) => {
    const before = (await configEntry(t, key)).value;
    const response = await saveConfig(t, key, value);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().errors).toEqual({ value: expect.stringContaining(words) });
    expect(response.json().message).toContain(words);
    expect((await configEntry(t, key)).value).toBe(before);
  };
  const definitions = TEST_CALENDAR_CONFIG.customFields.definitions;
  const withDefinitions = (changed: unknown[]) => ({ ...TEST_CALENDAR_CONFIG, customFields: { ...TEST_CALENDAR_CONFIG.customFields, definitions: changed } });

  it('refuses a config that is not JSON or not the spec’s shape, naming where', async () => {
    await refusedBecause('calendar.config', '{"filters": [', 'must be JSON');
    await refusedBecause('calendar.config', [], 'must be an object');
    await refusedBecause('calendar.config', { ...TEST_CALENDAR_CONFIG, colours: [] }, 'colours is not allowed');
    await refusedBecause('calendar.config', { ...TEST_CALENDAR_CONFIG, filters: [{ key: 'colour', label: 'Colour' }] }, 'filters.0.key');
    await refusedBecause('calendar.config', { ...TEST_CALENDAR_CONFIG, filters: [{ key: 'region', label: 'Region', values: ['North'], defaultValue: 'East' }] }, 'filters.0.defaultValue');
    await refusedBecause('calendar.config', { ...TEST_CALENDAR_CONFIG, legend: [{ label: 'Outage', color: 'red;background-image:url(http://x)' }] }, 'legend.0.color');
    await refusedBecause('calendar.config', { ...TEST_CALENDAR_CONFIG, actionButtons: [{ label: 'Count' }] }, 'actionButtons.0.functionBody');
  });

  it('refuses field definitions that cannot work: duplicate or reserved keys, bad types, dependencies on nothing, in a circle or on options that do not exist', async () => {
    await refusedBecause('calendar.config', withDefinitions([...definitions, { key: 'crew', label: 'Again' }]), 'crew');
    await refusedBecause('calendar.config', withDefinitions([{ key: 'start', label: 'Start' }]), 'customFields.definitions.0.key');
    await refusedBecause('calendar.config', withDefinitions([{ key: 'size', label: 'Size', type: 'float' }]), 'customFields.definitions.0.type');
    await refusedBecause('calendar.config', withDefinitions([{ key: 'size', label: 'Size', type: 'number', values: ['1'] }]), 'customFields.definitions.0.type');
    await refusedBecause('calendar.config', withDefinitions([{ key: 'room', label: 'Room', dependsOn: 'floor', dependentMappings: {} }]), 'customFields.definitions.0.dependsOn');
    await refusedBecause(
      'calendar.config',
      withDefinitions([
        { key: 'a', label: 'A', dependsOn: 'b', dependentMappings: {} },
        { key: 'b', label: 'B', dependsOn: 'a', dependentMappings: {} },
      ]),
      'circle',
    );
    await refusedBecause(
      'calendar.config',
      withDefinitions([definitions[0], { key: 'building', label: 'Building', dependsOn: 'region', dependentMappings: { East: ['E1'] } }]),
      'customFields.definitions.1.dependentMappings.East',
    );
    await refusedBecause('calendar.config', { ...TEST_CALENDAR_CONFIG, customFields: { definitions, updateReadOnlyFields: ['colour'] } }, 'customFields.updateReadOnlyFields.0');
  });

  it('refuses entry types without unique ids and names or with a colour that is not one', async () => {
    await refusedBecause('calendar.entryTypes', { _id: 'a', name: 'A' }, 'must be a list');
    await refusedBecause('calendar.entryTypes', [{ _id: 'a', name: 'A' }, { _id: 'a', name: 'B' }], '"a" twice');
    await refusedBecause('calendar.entryTypes', [{ _id: 'a', name: 'A' }, { _id: 'b', name: 'a' }], 'twice');
    await refusedBecause('calendar.entryTypes', [{ _id: 'a', name: '' }], '0.name');
    await refusedBecause('calendar.entryTypes', [{ _id: 'a', name: 'A', color: 'url(x)' }], '0.color');
  });

  it('serves a saved config at once, a filter without values offering its field’s options', async () => {
    ok(await saveConfig(t, 'calendar.entryTypes', TEST_ENTRY_TYPES));
    ok(await saveConfig(t, 'calendar.config', TEST_CALENDAR_CONFIG));
    expect(ok(await get('/calendarEntryType'))).toEqual(TEST_ENTRY_TYPES);
    const served = ok<Doc>(await get('/calendarEntry/calendarConfig'));
    expect(served.filters).toEqual([
      { key: 'region', label: 'Region', values: ['North', 'South'], defaultValue: 'North' },
      { key: 'type', label: 'Kind', values: ['Outage', 'Visit'], defaultValue: '' },
    ]);
    expect(served.legend).toEqual([{ label: 'Outage', color: '#ff0000' }]);
    expect(served.actionButtons).toEqual(TEST_CALENDAR_CONFIG.actionButtons);
    expect(served.customFields.updateReadOnlyFields).toEqual(['permit']);
    expect(served.customFields.definitions.find((d: Doc) => d.key === 'room')).toEqual({ key: 'room', label: 'Room', type: 'text', dependsOn: 'building', dependentMappings: { N1: ['N1-a', 'N1-b'], N2: ['N2-a'], S1: ['S1-a'] } });
  });
});

describe('a config entry gone wrong in the database', () => {
  it('answers 409 naming the entry on every calendar read, never a 500, until it is corrected', async () => {
    const { db } = t.app.services;
    const good = (await configEntry(t, 'calendar.config')).value as string;
    await db.update(configEntries).set({ value: '{"filters": 5}' }).where(eq(configEntries.key, 'calendar.config'));
    for (const url of ['/calendarEntry/calendarConfig', '/calendarEntry']) {
      const response = await get(url);
      expect(response.statusCode, response.body).toBe(409);
      expect(response.json().message).toContain('calendar.config');
    }
    const created = await t.request({ method: 'POST', url: '/api/calendarEntry', as: 'engineer', payload: { type: 'outage', start: 1, end: 2 } });
    expect(created.statusCode).toBe(409);
    await db.update(configEntries).set({ value: 'not json' }).where(eq(configEntries.key, 'calendar.entryTypes'));
    expect((await get('/calendarEntryType')).statusCode).toBe(409);

    // Corrected in Configuration: served again.
    ok(await saveConfig(t, 'calendar.config', good));
    ok(await saveConfig(t, 'calendar.entryTypes', TEST_ENTRY_TYPES));
    expect((await get('/calendarEntry/calendarConfig')).statusCode).toBe(200);
  });

  it('serves an empty config and no types when the entries are missing', async () => {
    const { db } = t.app.services;
    const saved = await db.select().from(configEntries).where(eq(configEntries.key, 'calendar.config'));
    await db.delete(configEntries).where(eq(configEntries.key, 'calendar.config'));
    expect(ok(await get('/calendarEntry/calendarConfig'))).toEqual({ filters: [], actionButtons: [], legend: [{ label: 'Outage', color: '#ff0000' }], customFields: { definitions: [], updateReadOnlyFields: [] } });
    await db.insert(configEntries).values(saved);
  });
});
