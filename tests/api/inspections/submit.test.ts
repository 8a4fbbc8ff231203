import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/testApp';
import { adminApi, ok } from '../administration/adminApi';
import { alertsOf, createFixture, expectBadRequest, inspectionsOf, submit, type Fixture } from './inspectionFixture';
import { THRESHOLD_OPERATIONS } from '../../../common/resources/checklist';

/* eslint-disable @typescript-eslint/no-explicit-any -- response bodies are untyped JSON in these tests */

let t: TestApp;
let fx: Fixture;
beforeAll(async () => {
  t = await createTestApp();
  fx = await createFixture(t);
});
afterAll(() => t?.close());

const values = (f: Fixture) => ({
  [f.attributes.number!._id]: 72.5,
  [f.attributes.boolean!._id]: false,
  [f.attributes.radio!._id]: 'Open',
  [f.attributes.select!._id]: 'Quiet',
  [f.attributes.color!._id]: '#ffcc00',
  [f.attributes.string!._id]: 'all fine',
  [f.attributes.longString!._id]: 'line one\nline two',
  [f.attributes.html!._id]: '<p>ok</p>',
  [f.attributes.date!._id]: '2026-11-01',
  [f.attributes.dateTime!._id]: 1_790_000_000_000,
});

describe('POST /inspection', () => {
  it('stores one inspection per checklist holding data and answers its id and alerts', async () => {
    const response = await submit(t, fx.asset._id, { [fx.checklist._id]: values(fx) });
    const body = ok(response);
    expect(body.inspections).toHaveLength(1);
    expect(body.alerts).toEqual([]);
    const stored = ok(await adminApi(t).get(`/inspection/${body.inspections[0]}`));
    expect(stored).toMatchObject({ asset: fx.asset._id, checklist: fx.checklist._id, checklistName: fx.checklist.name, userName: expect.any(String) });
    const byAttribute = Object.fromEntries(stored.attributeData.map((d: any) => [d.attribute, d.value]));
    expect(byAttribute).toEqual(values(fx));
    expect(stored.attributeData.map((d: any) => d.attribute)[0]).toBe(fx.attributes.number!._id);
  });

  it('skips a checklist whose values are all empty and stores the other', async () => {
    const before = (await inspectionsOf(t, fx.asset._id)).length;
    const body = ok(
      await submit(t, fx.asset._id, {
        [fx.checklist._id]: { [fx.attributes.string!._id]: '  ', [fx.attributes.number!._id]: null },
        [fx.second._id]: { [fx.attributes.pressure!._id]: 3 },
      }),
    );
    expect(body.inspections).toHaveLength(1);
    const after = await inspectionsOf(t, fx.asset._id);
    expect(after).toHaveLength(before + 1);
    expect(after[0].checklist).toBe(fx.second._id);
  });

  it('refuses a submission in which no checklist holds data', async () => {
    const response = await submit(t, fx.asset._id, { [fx.checklist._id]: { [fx.attributes.string!._id]: '' } });
    expectBadRequest(response, /inspectionData holds no values/);
  });

  it('stores comments where the attribute allows them, by checklist or flat', async () => {
    const n = fx.attributes.number!._id;
    const nested = ok(await submit(t, fx.asset._id, { [fx.checklist._id]: { [n]: 50 } }, { attributeComments: { [fx.checklist._id]: { [n]: ' smells of oil ' } } }));
    const flat = ok(await submit(t, fx.asset._id, { [fx.checklist._id]: { [n]: 51 } }, { attributeComments: { [n]: 'rattles' } }));
    expect(ok(await adminApi(t).get(`/inspection/${nested.inspections[0]}`)).attributeComments).toEqual([{ attribute: n, value: 'smells of oil' }]);
    expect(ok(await adminApi(t).get(`/inspection/${flat.inspections[0]}`)).attributeComments).toEqual([{ attribute: n, value: 'rattles' }]);
    const refused = await submit(t, fx.asset._id, { [fx.checklist._id]: { [n]: 52 } }, { attributeComments: { [fx.checklist._id]: { [fx.attributes.string!._id]: 'no' } } });
    expectBadRequest(refused, /does not allow comments/);
  });

  it('uses the timestamp of the query, and refuses one in the future', async () => {
    const filledAt = Date.now() - 3_600_000;
    const body = ok(await submit(t, fx.asset._id, { [fx.second._id]: { [fx.attributes.pressure!._id]: 4 } }, { timestamp: filledAt }));
    expect(ok(await adminApi(t).get(`/inspection/${body.inspections[0]}`)).timestamp).toBe(filledAt);
    expectBadRequest(await submit(t, fx.asset._id, { [fx.second._id]: { [fx.attributes.pressure!._id]: 4 } }, { timestamp: Date.now() + 3_600_000 }), /timestamp/);
    expectBadRequest(await submit(t, fx.asset._id, { [fx.second._id]: { [fx.attributes.pressure!._id]: 4 } }, { timestamp: -5 }), /timestamp/);
  });

  it('answers 404 for an unknown asset and 400 without assetId', async () => {
    expect((await submit(t, 'ffffffffffffffffffffffff', { x: {} })).statusCode).toBe(404);
    const response = await t.request({ as: 'technician', method: 'POST', url: '/api/inspection', payload: { inspectionData: {} } });
    expectBadRequest(response, /assetId/);
  });

  it('is refused to a user without update-inspection', async () => {
    const response = await submit(t, fx.asset._id, { [fx.second._id]: { [fx.attributes.pressure!._id]: 4 } }, { as: 'onsite' });
    expect(response.statusCode).toBe(403);
  });
});

describe('rejections store nothing', () => {
  const cases: [string, () => unknown, RegExp][] = [
    ['an attribute that is not an item of the checklist', () => ({ [fx.checklist._id]: { [fx.attributes.pressure!._id]: 1 } }), /is not an item of the checklist/],
    ['an unknown attribute id', () => ({ [fx.checklist._id]: { ffffffffffffffffffffffff: 1 } }), /ffffffffffffffffffffffff: is not an item/],
    ['a checklist that is not on the asset', () => ({ ffffffffffffffffffffffff: { a: 1 } }), /is not a checklist of the asset/],
    ['text for a number', () => ({ [fx.checklist._id]: { [fx.attributes.number!._id]: '81' } }), /Temperature must be a number/],
    ['"yes" for a boolean', () => ({ [fx.checklist._id]: { [fx.attributes.boolean!._id]: 'yes' } }), /Leaking must be yes \(true\) or no \(false\)/],
    ['a value outside the options', () => ({ [fx.checklist._id]: { [fx.attributes.select!._id]: 'Screaming' } }), /Noise must be one of: Quiet, Loud/],
    ['a colour outside the options', () => ({ [fx.checklist._id]: { [fx.attributes.color!._id]: '#000000' } }), /Oil colour must be one of/],
    ['a malformed date', () => ({ [fx.checklist._id]: { [fx.attributes.date!._id]: '2026-02-30' } }), /Filter date must be a date YYYY-MM-DD/],
    ['a date-time as text', () => ({ [fx.checklist._id]: { [fx.attributes.dateTime!._id]: '2026-02-01T10:00' } }), /Last start must be a time in epoch milliseconds/],
    ['an image that was never uploaded', () => ({ [fx.checklist._id]: { [fx.attributes.image!._id]: 'aaaaaaaaaaaaaaaaaaaaaaaa' } }), /names no image uploaded by you/],
    ['a list instead of an object', () => ({ [fx.checklist._id]: [1, 2] }), /must be an object/],
  ];

  it.each(cases)('%s → 400 naming the item', async (_name, data, message) => {
    const before = (await inspectionsOf(t, fx.asset._id)).length;
    const response = await submit(t, fx.asset._id, data());
    expectBadRequest(response, message);
    expect(response.json().message).toMatch(/^(inspectionData\.|attributeComments)/);
    expect(await inspectionsOf(t, fx.asset._id)).toHaveLength(before);
  });

  it('one bad checklist keeps the good one out too', async () => {
    const before = (await inspectionsOf(t, fx.asset._id)).length;
    const response = await submit(t, fx.asset._id, {
      [fx.second._id]: { [fx.attributes.pressure!._id]: 1 },
      [fx.checklist._id]: { [fx.attributes.number!._id]: 'hot' },
    });
    expect(response.statusCode).toBe(400);
    expect(await inspectionsOf(t, fx.asset._id)).toHaveLength(before);
    const alerts = await alertsOf(t, fx.asset._id);
    expect(alerts.filter((a: any) => a.checklist === fx.second._id && a.timestamp > Date.now() - 5000)).toHaveLength(0);
  });

  it('a missing mandatory value → 400 naming it, nothing stored', async () => {
    const mandatory = await createFixture(t, { mandatoryNumber: true });
    const response = await submit(t, mandatory.asset._id, { [mandatory.checklist._id]: { [mandatory.attributes.string!._id]: 'filled' } });
    expectBadRequest(response, new RegExp(`inspectionData\\.${mandatory.checklist._id}\\.${mandatory.attributes.number!._id}: .*Temperature is mandatory`));
    expect(await inspectionsOf(t, mandatory.asset._id)).toHaveLength(0);
  });

  it("the item's mandatory indicator makes it required too", async () => {
    const api = adminApi(t);
    const starred = await api.create('attribute', { name: `Starred ${Math.random()}`, type: 'string' });
    const other = await api.create('attribute', { name: `Other ${Math.random()}`, type: 'string' });
    const checklist = await api.create('checklist', {
      name: `Star ${Math.random()}`,
      checklistItems: [
        { attribute: starred._id, sequenceId: 1, threshold: null, showMandatoryIndicator: true },
        { attribute: other._id, sequenceId: 2, threshold: null, showMandatoryIndicator: false },
      ],
    });
    const asset = await api.create('asset', { name: `Star asset ${Math.random()}`, identification: 'STAR', checklists: [checklist._id] });
    expectBadRequest(await submit(t, asset._id, { [checklist._id]: { [other._id]: 'x' } }), new RegExp(`${starred._id}: .*is mandatory`));
    expect(ok(await submit(t, asset._id, { [checklist._id]: { [other._id]: 'x', [starred._id]: 'y' } })).inspections).toHaveLength(1);
  });
});

describe('thresholds', () => {
  /** One checklist per operation with limit 80 on a number attribute; answers whether 'value' alerts. */
  async function alertsFor(operation: string, value: number): Promise<boolean> {
    const api = adminApi(t);
    const attribute = await api.create('attribute', { name: `T ${operation} ${value} ${Math.random()}`, type: 'number' });
    const checklist = await api.create('checklist', {
      name: `C ${operation} ${value} ${Math.random()}`,
      checklistItems: [{ attribute: attribute._id, sequenceId: 1, threshold: { operation, value: 80 }, showMandatoryIndicator: false }],
    });
    const asset = await api.create('asset', { name: `A ${operation} ${value} ${Math.random()}`, identification: 'THRESHOLD', checklists: [checklist._id] });
    const body = ok(await submit(t, asset._id, { [checklist._id]: { [attribute._id]: value } }));
    return body.alerts.length === 1;
  }

  const expected: Record<string, [boolean, boolean, boolean]> = {
    // [79, 80, 81]
    equal: [false, true, false],
    'greater than': [false, false, true],
    'at least': [false, true, true],
    'less than': [true, false, false],
    'at most': [true, true, false],
  };

  it('covers all five operations of the spec', () => {
    expect(Object.keys(expected).sort()).toEqual([...THRESHOLD_OPERATIONS].sort());
  });

  it.each(Object.entries(expected))("'%s 80' at 79, 80, 81", async (operation, [below, at, above]) => {
    expect([await alertsFor(operation, 79), await alertsFor(operation, 80), await alertsFor(operation, 81)]).toEqual([below, at, above]);
  });

  it('raises the alert at the threshold level with severityLevel and a message naming attribute, value and limit', async () => {
    const body = ok(await submit(t, fx.asset._id, { [fx.checklist._id]: { [fx.attributes.number!._id]: 95 } }));
    expect(body.alerts).toHaveLength(1);
    const level = fx.levels[1]!;
    expect(body.alerts[0]).toMatchObject({
      asset: fx.asset._id,
      inspection: body.inspections[0],
      level: level._id,
      severityLevel: { text: level.name, color: level.color },
      resolvedAt: null,
    });
    expect(body.alerts[0].message).toContain('Temperature');
    expect(body.alerts[0].message).toContain('95');
    expect(body.alerts[0].message).toContain('at least 80');
    const stored = ok(await adminApi(t).get(`/alert/${body.alerts[0]._id}`));
    expect(stored).toMatchObject({ levelName: level.name, assetName: fx.asset.name, checklistName: fx.checklist.name, inspectedBy: expect.any(String) });
    expect(stored.attributeData).toContainEqual({ attribute: fx.attributes.number!._id, name: fx.attributes.number!.name, type: fx.attributes.number!.type, value: 95 });
  });

  it('a threshold without a level raises the most severe level', async () => {
    const body = ok(await submit(t, fx.asset._id, { [fx.second._id]: { [fx.attributes.pressure!._id]: 1.5 } }));
    expect(body.alerts).toHaveLength(1);
    expect(body.alerts[0].level).toBe(fx.levels[0]!._id);
  });

  it('equal matches yes/no and option values', async () => {
    const api = adminApi(t);
    const flag = await api.create('attribute', { name: `Flag ${Math.random()}`, type: 'boolean' });
    const state = await api.create('attribute', { name: `St ${Math.random()}`, type: 'select', options: { values: ['Ok', 'Broken'] } });
    const checklist = await api.create('checklist', {
      name: `Eq ${Math.random()}`,
      checklistItems: [
        { attribute: flag._id, sequenceId: 1, threshold: { operation: 'equal', value: true }, showMandatoryIndicator: false },
        { attribute: state._id, sequenceId: 2, threshold: { operation: 'equal', value: 'Broken' }, showMandatoryIndicator: false },
      ],
    });
    const asset = await api.create('asset', { name: `Eq asset ${Math.random()}`, identification: 'EQ', checklists: [checklist._id] });
    expect(ok(await submit(t, asset._id, { [checklist._id]: { [flag._id]: true, [state._id]: 'Broken' } })).alerts).toHaveLength(2);
    expect(ok(await submit(t, asset._id, { [checklist._id]: { [flag._id]: false, [state._id]: 'Ok' } })).alerts).toHaveLength(0);
  });
});

describe('inspection schedules', () => {
  it('an inspection completes the schedules of its asset whose window holds it and which list its checklist', async () => {
    const db = t.app.services.db;
    const { inspectionSchedules } = await import('../../../server/db/schema');
    const { eq } = await import('drizzle-orm');
    const now = Date.now();
    const rows = [
      { _id: 'aaaaaaaaaaaaaaaaaaaaaa01', asset: fx.asset._id, checklists: [fx.checklist._id], start: now - 86_400_000, end: now + 86_400_000 },
      { _id: 'aaaaaaaaaaaaaaaaaaaaaa02', asset: fx.asset._id, checklists: [fx.second._id], start: now - 86_400_000, end: now + 86_400_000 },
      { _id: 'aaaaaaaaaaaaaaaaaaaaaa03', asset: fx.asset._id, checklists: [fx.checklist._id], start: now + 86_400_000, end: now + 2 * 86_400_000 },
    ];
    await db.insert(inspectionSchedules).values(rows);
    const body = ok(await submit(t, fx.asset._id, { [fx.checklist._id]: { [fx.attributes.number!._id]: 20 } }));
    const inspectionsOfSchedule = async (id: string) => (await db.select().from(inspectionSchedules).where(eq(inspectionSchedules._id, id)))[0]!.inspections;
    expect(await inspectionsOfSchedule('aaaaaaaaaaaaaaaaaaaaaa01')).toEqual([body.inspections[0]]);
    expect(await inspectionsOfSchedule('aaaaaaaaaaaaaaaaaaaaaa02')).toEqual([]);
    expect(await inspectionsOfSchedule('aaaaaaaaaaaaaaaaaaaaaa03')).toEqual([]);
  });
});

describe('concurrency', () => {
  it('50 concurrent submissions store 50 inspections and their alerts', async () => {
    const own = await createFixture(t);
    const n = own.attributes.number!._id;
    const responses = await Promise.all(
      Array.from({ length: 50 }, (_, i) => submit(t, own.asset._id, { [own.checklist._id]: { [n]: i % 2 === 0 ? 90 : 10 } })),
    );
    expect(responses.map((r) => r.statusCode)).toEqual(Array(50).fill(200));
    expect(await inspectionsOf(t, own.asset._id)).toHaveLength(50);
    expect(await alertsOf(t, own.asset._id)).toHaveLength(25);
    const answered = responses.flatMap((r) => r.json().alerts.map((a: any) => a._id));
    expect(new Set(answered).size).toBe(25);
  });
});

describe('administration changes take effect on the next submit', () => {
  it('a changed threshold, a new option and a checklist added to the asset are used at once', async () => {
    const own = await createFixture(t);
    const api = adminApi(t);
    const n = own.attributes.number!._id;
    expect(ok(await submit(t, own.asset._id, { [own.checklist._id]: { [n]: 50 } })).alerts).toHaveLength(0);
    const items = own.checklist.checklistItems.map((item: any) => (item.attribute === n ? { ...item, threshold: { operation: 'at least', value: 40 } } : item));
    ok(await api.put(`/checklist/${own.checklist._id}`, { checklistItems: items }));
    expect(ok(await submit(t, own.asset._id, { [own.checklist._id]: { [n]: 50 } })).alerts).toHaveLength(1);

    const select = own.attributes.select!;
    expect((await submit(t, own.asset._id, { [own.checklist._id]: { [select._id]: 'Humming' } })).statusCode).toBe(400);
    ok(await api.put(`/attribute/${select._id}`, { options: { values: ['Quiet', 'Loud', 'Humming'] } }));
    ok(await submit(t, own.asset._id, { [own.checklist._id]: { [select._id]: 'Humming' } }));

    ok(await api.put(`/asset/${own.asset._id}`, { checklists: [own.second._id] }));
    const removed = await submit(t, own.asset._id, { [own.checklist._id]: { [n]: 50 } });
    expect(removed.statusCode).toBe(400);
    expect(removed.json().message).toMatch(/is not a checklist of the asset/);
  });
});
