import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../helpers/testApp';
import { ok, type Doc } from '../administration/adminApi';
import { calendarEntries } from '../../../server/db/schema';
import { saveConfig, TEST_CALENDAR_CONFIG, TEST_ENTRY_TYPES, useTestCalendar } from './calendarFixture';

/**
 * GET/POST/PUT/DELETE /calendarEntry (spec §7, DESIGN §12) against a calendar configured in the
 * test (calendarFixture.ts): the period and its filters, spec §5's date rules in order, custom
 * attributes checked against the field definitions (dependsOn included), disableDelete, pushes.
 */
const DAY = 86_400_000;
const HOUR = 3_600_000;
/** Spec §5, word for word. */
const START_NOT_SET = 'Start date is not set';
const END_NOT_SET = 'End date is not set';
const END_BEFORE_START = 'End date should be the same or should be after the start date';

let t: TestApp;
const pushes: { event: string; payload: { type?: string; _id?: string } }[] = [];

beforeAll(async () => {
  t = await createTestApp({ jobsEnabled: false });
  await useTestCalendar(t);
  const publish = t.app.services.pushes.publish.bind(t.app.services.pushes);
  t.app.services.pushes.publish = (event, payload) => {
    pushes.push({ event, payload: payload as { type?: string; _id?: string } });
    publish(event, payload);
  };
});
afterAll(() => t?.close());

const create = (body: unknown, as = 'engineer') => t.request({ method: 'POST', url: '/api/calendarEntry', payload: body as object, as });
const update = (id: string, body: unknown, as = 'engineer') => t.request({ method: 'PUT', url: `/api/calendarEntry/${id}`, payload: body as object, as });
const remove = (id: string, as = 'engineer') => t.request({ method: 'DELETE', url: `/api/calendarEntry/${id}`, as });
const read = (query: string, as = 'engineer') => t.request({ method: 'GET', url: `/api/calendarEntry${query}`, as });
const entriesStored = async () => (await t.app.services.db.select({ n: count() }).from(calendarEntries))[0]?.n ?? 0;

async function entry(body: Record<string, unknown>): Promise<Doc> {
  return ok(await create({ type: 'outage', ...body }));
}

function refused(response: Awaited<ReturnType<typeof create>>, field: string, message?: string) {
  expect(response.statusCode, response.body).toBe(400);
  expect(Object.keys(response.json().errors)).toEqual([field]);
  if (message !== undefined) expect(response.json().message).toBe(message);
}

describe('GET /calendarEntry?start&end&<filter>=<value>', () => {
  const base = Date.UTC(2031, 4, 1);
  const period = `?start=${base}&end=${base + 31 * DAY - 1}`;
  let northOutage: Doc;
  let southVisit: Doc;
  let northVisit: Doc;
  let overStart: Doc;

  beforeAll(async () => {
    northOutage = await entry({ name: 'North outage', start: base + 2 * DAY, end: base + 3 * DAY - 1, customAttributes: { region: 'North', building: 'N1', trades: ['HVAC', 'Electrical'], crew: 4 } });
    southVisit = await entry({ name: 'South visit', type: 'visit', start: base + 5 * DAY + 9 * HOUR, end: base + 5 * DAY + 12 * HOUR, timed: true, customAttributes: { region: 'South', trades: ['Plumbing'], crew: 2 } });
    northVisit = await entry({ name: 'North visit', type: 'visit', start: base + 9 * DAY, end: base + 9 * DAY, customAttributes: { region: 'North', trades: ['Electrical'], crew: 4 } });
    overStart = await entry({ name: 'Long outage', start: base - 2 * DAY, end: base, customAttributes: {} });
    await entry({ name: 'Before', start: base - 2 * DAY, end: base - 1 });
    await entry({ name: 'After', start: base + 31 * DAY, end: base + 32 * DAY });
  });

  const names = async (query: string) => (ok<{ data: Doc[] }>(await read(query))).data.map((e) => e.name);

  it('answers {data} with the entries overlapping the period, by start', async () => {
    const answer = ok<{ data: Doc[] }>(await read(period));
    expect(Object.keys(answer)).toEqual(['data']);
    expect(answer.data.map((e) => e._id)).toEqual([overStart._id, northOutage._id, southVisit._id, northVisit._id]);
    expect(answer.data[2]).toEqual({
      _id: southVisit._id,
      name: 'South visit',
      type: 'visit',
      start: base + 5 * DAY + 9 * HOUR,
      end: base + 5 * DAY + 12 * HOUR,
      customAttributes: { region: 'South', trades: ['Plumbing'], crew: 2 },
      color: null,
      timed: true,
      disableDelete: false,
      createdAt: expect.any(Number),
      updatedAt: expect.any(Number),
    });
  });

  it('filters by type (id or name) and by custom attributes; a multi-select matches when it holds the value', async () => {
    expect(await names(`${period}&type=visit`)).toEqual(['South visit', 'North visit']);
    expect(await names(`${period}&type=Outage`)).toEqual(['Long outage', 'North outage']);
    expect(await names(`${period}&region=North`)).toEqual(['North outage', 'North visit']);
    expect(await names(`${period}&region=North&type=visit`)).toEqual(['North visit']);
    expect(await names(`${period}&trades=Electrical`)).toEqual(['North outage', 'North visit']);
    expect(await names(`${period}&crew=4`)).toEqual(['North outage', 'North visit']);
    expect(await names(`${period}&building=N1`)).toEqual(['North outage']);
    // Repeated: any of the values. Empty: no filter (a cleared dropdown).
    expect(await names(`${period}&trades=Plumbing&trades=HVAC`)).toEqual(['North outage', 'South visit']);
    expect(await names(`${period}&region=&type=`)).toEqual(['Long outage', 'North outage', 'South visit', 'North visit']);
    expect(await names(`${period}&region=East`)).toEqual([]);
  });

  it('refuses a parameter that is no filter, and a number filter that is no number', async () => {
    for (const [query, field] of [[`${period}&colour=red`, 'colour'], [`${period}&crew=four`, 'crew'], [`${period}&start=x`, 'start']] as const) {
      const response = await read(query);
      expect(response.statusCode, response.body).toBe(400);
      expect(Object.keys(response.json().errors)).toEqual([field]);
    }
  });

  it('pages with range and Content-Range', async () => {
    const page = await read(`${period}&range=[1,2]`);
    expect(ok<{ data: Doc[] }>(page).data.map((e) => e.name)).toEqual(['North outage', 'South visit']);
    expect(page.headers['content-range']).toBe('calendarEntry 1-2/4');
  });

  it('is read by those who read the calendar only', async () => {
    expect((await read(period, 'technician')).statusCode).toBe(403);
    expect((await read(period, 'admin')).statusCode).toBe(200);
  });
});

describe('POST /calendarEntry', () => {
  const start = Date.UTC(2031, 6, 1, 8);

  it("checks spec §5's date rules in its order and words, then the type and the other fields; saves nothing on failure", async () => {
    const before = await entriesStored();
    refused(await create({}), 'start', START_NOT_SET);
    refused(await create({ type: 'nope', start: null, end: null }), 'start', START_NOT_SET);
    refused(await create({ type: 'nope', start }), 'end', END_NOT_SET);
    refused(await create({ type: 'nope', start, end: start - 1 }), 'end', END_BEFORE_START);
    refused(await create({ start, end: start }), 'type');
    refused(await create({ type: 'nope', start, end: start }), 'type');
    refused(await create({ type: 'outage', start: '2031-07-01', end: start }), 'start');
    refused(await create({ type: 'outage', start, end: start, name: 7 }), 'name');
    refused(await create({ type: 'outage', start, end: start, color: 'red;background:url(x)' }), 'color');
    refused(await create({ type: 'outage', start, end: start, timed: 'yes' }), 'timed');
    refused(await create({ type: 'outage', start, end: start, disableDelete: 1 }), 'disableDelete');
    refused(await create({ type: 'outage', start, end: start, customAttributes: ['North'] }), 'customAttributes');
    refused(await create({ type: 'outage', start, end: start, owner: 'me' }), 'owner');
    expect(await entriesStored()).toBe(before);
  });

  it('stores an entry with defaults for what was left out, dropping empty attribute values', async () => {
    const made = await entry({ start, end: start + HOUR, customAttributes: { region: 'North', note: '', trades: [] } });
    expect(made).toMatchObject({ name: '', type: 'outage', start, end: start + HOUR, color: null, timed: false, disableDelete: false, customAttributes: { region: 'North' } });
    expect(await entry({ name: 'Same', start, end: start, color: '#00ff00', timed: true, disableDelete: true })).toMatchObject({ end: start, color: '#00ff00', timed: true, disableDelete: true });
  });
});

describe('custom attributes against the field definitions', () => {
  const start = Date.UTC(2031, 7, 1);
  const attributes = (customAttributes: Record<string, unknown>) => create({ type: 'visit', start, end: start + HOUR, customAttributes });

  it('takes values of each field’s type and options', async () => {
    const made = ok(await attributes({ region: 'South', building: 'S1', room: 'S1-a', trades: ['HVAC', 'Plumbing'], crew: 3.5, note: 'Bring ladders', due: Date.UTC(2031, 7, 3), permit: 'P-1' }));
    expect(made.customAttributes).toEqual({ region: 'South', building: 'S1', room: 'S1-a', trades: ['HVAC', 'Plumbing'], crew: 3.5, note: 'Bring ladders', due: Date.UTC(2031, 7, 3), permit: 'P-1' });
  });

  it('refuses unknown keys, wrong types and options not offered, naming customAttributes.<key>', async () => {
    const before = await entriesStored();
    const cases: [Record<string, unknown>, string][] = [
      [{ colour: 'red' }, 'customAttributes.colour'],
      [{ crew: 'three' }, 'customAttributes.crew'],
      [{ crew: [3] }, 'customAttributes.crew'],
      [{ due: '2031-08-03' }, 'customAttributes.due'],
      [{ note: 42 }, 'customAttributes.note'],
      [{ note: 'x'.repeat(2001) }, 'customAttributes.note'],
      [{ region: 'East' }, 'customAttributes.region'],
      [{ region: ['North'] }, 'customAttributes.region'],
      [{ trades: 'HVAC' }, 'customAttributes.trades'],
      [{ trades: ['HVAC', 'Carpentry'] }, 'customAttributes.trades'],
      [{ trades: ['HVAC', 'HVAC'] }, 'customAttributes.trades'],
    ];
    for (const [customAttributes, field] of cases) refused(await attributes(customAttributes), field);
    expect(await entriesStored()).toBe(before);
  });

  it('offers a dependent dropdown only the options mapped to the value it depends on', async () => {
    const before = await entriesStored();
    refused(await attributes({ region: 'South', building: 'N1' }), 'customAttributes.building');
    refused(await attributes({ building: 'N1' }), 'customAttributes.building');
    refused(await attributes({ region: 'North', building: 'N2', room: 'N1-a' }), 'customAttributes.room');
    refused(await attributes({ region: 'North', room: 'N1-a' }), 'customAttributes.room');
    // The refusal names the options the region offers.
    expect((await attributes({ region: 'North', building: 'S1' })).json().message).toContain('N1, N2');
    expect(await entriesStored()).toBe(before);
    expect(ok(await attributes({ region: 'North', building: 'N2', room: 'N2-a' })).customAttributes).toEqual({ region: 'North', building: 'N2', room: 'N2-a' });
  });
});

describe('PUT /calendarEntry/{id}', () => {
  const start = Date.UTC(2031, 8, 1, 9);

  it('moves an entry (a drag sends it whole), keeping optional fields it leaves out', async () => {
    const made = await entry({ name: 'Kept', start, end: start + 2 * HOUR, timed: true, disableDelete: true, color: '#123456', customAttributes: { region: 'North', permit: 'P-7' } });
    const moved = ok(await update(made._id, { ...made, start: start + DAY, end: start + DAY + 2 * HOUR }));
    expect(moved).toMatchObject({ _id: made._id, name: 'Kept', start: start + DAY, end: start + DAY + 2 * HOUR, timed: true, disableDelete: true, color: '#123456', customAttributes: { region: 'North', permit: 'P-7' } });
    const bare = ok(await update(made._id, { type: 'outage', start, end: start + HOUR }));
    expect(bare).toMatchObject({ name: 'Kept', disableDelete: true, timed: true, color: '#123456', customAttributes: { region: 'North', permit: 'P-7' } });
    refused(await update(made._id, { type: 'outage', start }), 'end', END_NOT_SET);
    expect((await update('no-such-entry', { type: 'outage', start, end: start })).statusCode).toBe(404);
  });

  it('refuses changing an updateReadOnlyFields attribute once the entry exists', async () => {
    const made = await entry({ start, end: start, customAttributes: { region: 'North', permit: 'P-9' } });
    refused(await update(made._id, { ...made, customAttributes: { region: 'North', permit: 'P-10' } }), 'customAttributes.permit');
    refused(await update(made._id, { ...made, customAttributes: { region: 'North' } }), 'customAttributes.permit');
    expect(ok(await update(made._id, { ...made, customAttributes: { region: 'South', permit: 'P-9' } })).customAttributes).toEqual({ region: 'South', permit: 'P-9' });
  });

  it("keeps accepting an entry's own values after the config changed under it, but not new ones", async () => {
    const made = await entry({ type: 'visit', start, end: start, customAttributes: { region: 'North', note: 'Old field' } });
    const config = { ...TEST_CALENDAR_CONFIG, customFields: { ...TEST_CALENDAR_CONFIG.customFields, definitions: TEST_CALENDAR_CONFIG.customFields.definitions.filter((d) => d.key !== 'note') } };
    ok(await saveConfig(t, 'calendar.config', config));
    ok(await saveConfig(t, 'calendar.entryTypes', TEST_ENTRY_TYPES.filter((type) => type._id !== 'visit')));
    try {
      expect(ok(await update(made._id, { ...made, start: start + DAY, end: start + DAY })).start).toBe(start + DAY);
      refused(await update(made._id, { ...made, customAttributes: { region: 'North', note: 'Changed' } }), 'customAttributes.note');
      refused(await create({ type: 'visit', start, end: start }), 'type');
    } finally {
      ok(await saveConfig(t, 'calendar.config', TEST_CALENDAR_CONFIG));
      ok(await saveConfig(t, 'calendar.entryTypes', TEST_ENTRY_TYPES));
    }
  });
});

describe('DELETE /calendarEntry/{id}', () => {
  const start = Date.UTC(2031, 9, 1);

  it('deletes an entry; one with disableDelete answers 409 and stays', async () => {
    const kept = await entry({ start, end: start, disableDelete: true });
    const locked = await remove(kept._id);
    expect(locked.statusCode, locked.body).toBe(409);
    expect(locked.json()).toMatchObject({ response: 'error', errors: { disableDelete: expect.any(String) } });
    expect(ok<{ data: Doc[] }>(await read(`?start=${start}&end=${start}`)).data.map((e) => e._id)).toContain(kept._id);

    const gone = await entry({ start, end: start });
    expect(ok(await remove(gone._id))).toMatchObject({ _id: gone._id });
    expect(ok<{ data: Doc[] }>(await read(`?start=${start}&end=${start}`)).data.map((e) => e._id)).not.toContain(gone._id);
    expect((await remove(gone._id)).statusCode).toBe(404);
  });

  it('is for those who manage the calendar', async () => {
    const made = await entry({ start, end: start });
    expect((await remove(made._id, 'technician')).statusCode).toBe(403);
    expect((await create({ type: 'outage', start, end: start }, 'technician')).statusCode).toBe(403);
    expect((await update(made._id, made, 'thermo.engineer')).statusCode).toBe(403);
    expect(ok<{ data: Doc[] }>(await read(`?start=${start}&end=${start}`)).data.map((e) => e._id)).toContain(made._id);
  });
});

describe('when an entry may lie (docs/schedules-calendar.md: bounds)', () => {
  // The written bounds: between 2000-01-01 and 2100-01-01 (UTC), at most 1,096 days long.
  const EARLIEST = Date.UTC(2000, 0, 1);
  const LATEST = Date.UTC(2100, 0, 1);
  const OUT_OF_RANGE = (field: string) => `${field} must lie between 2000-01-01 and 2100-01-01 (UTC)`;
  const TOO_LONG = 'end must be at most 1096 days after start';

  it.each([
    ['starting in 1969', Date.UTC(1969, 11, 31, 20), Date.UTC(1970, 0, 1), 'start', OUT_OF_RANGE('start')],
    ['starting a millisecond before 2000', EARLIEST - 1, EARLIEST + DAY, 'start', OUT_OF_RANGE('start')],
    ['ending after 2100', Date.UTC(2099, 11, 1), LATEST + 1, 'end', OUT_OF_RANGE('end')],
    ['spanning 56 years', Date.UTC(2000, 0, 1), Date.UTC(2056, 0, 1), 'end', TOO_LONG],
    ['a millisecond longer than 1,096 days', Date.UTC(2040, 0, 1), Date.UTC(2040, 0, 1) + 1096 * DAY + 1, 'end', TOO_LONG],
  ])('refuses an entry %s with 400 naming the field, on POST and PUT, storing nothing', async (_what, start, end, field, message) => {
    const kept = await entry({ name: 'Kept outage', start: Date.UTC(2045, 0, 1), end: Date.UTC(2045, 0, 2) });
    const stored = await entriesStored();
    refused(await create({ type: 'outage', start, end }), field, message);
    refused(await update(kept._id, { ...kept, start, end }), field, message);
    expect(await entriesStored()).toBe(stored);
    const readBack = ok<{ data: Doc[] }>(await read(`?start=${Date.UTC(2045, 0, 1)}&end=${Date.UTC(2045, 0, 2)}&region=`)).data.find((e) => e._id === kept._id);
    expect(readBack).toMatchObject({ start: Date.UTC(2045, 0, 1), end: Date.UTC(2045, 0, 2) });
    ok(await remove(kept._id));
  });

  it('takes an entry from 2000-01-01 lasting 1,096 days, and one ending on 2100-01-01', async () => {
    const first = await entry({ start: EARLIEST, end: EARLIEST + 1096 * DAY });
    const last = await entry({ start: LATEST - HOUR, end: LATEST });
    expect([first.start, first.end, last.start, last.end]).toEqual([EARLIEST, EARLIEST + 1096 * DAY, LATEST - HOUR, LATEST]);
    for (const made of [first, last]) ok(await remove(made._id));
  });
});

describe('pushes', () => {
  it('pushes update-detail {type: calendarEntry, _id} on every write, none on a refused one', async () => {
    const start = Date.UTC(2031, 10, 1);
    pushes.length = 0;
    const made = await entry({ start, end: start });
    await update(made._id, { ...made, end: start + HOUR });
    await update(made._id, { ...made, end: start - 1 });
    await create({ type: 'outage' });
    await remove(made._id);
    await remove(made._id);
    expect(pushes.filter((p) => p.event === 'update-detail').map((p) => p.payload)).toEqual([
      { type: 'calendarEntry', _id: made._id },
      { type: 'calendarEntry', _id: made._id },
      { type: 'calendarEntry', _id: made._id },
    ]);
  });
});
