import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../helpers/testApp';

/**
 * DESIGN §17 over HTTP: device keys (secret shown once, stored hashed, revoked at once), a gateway's
 * batch stored once whatever it repeats, refused readings counted and never stored, and the
 * point's alerts as the rule says (docs/monitoring.md).
 */
let t: TestApp;
let assetId: string;
let otherAssetId: string;
let keyId: string;
let token: string;
let pointId: string;
const NOW = Date.now();
const minutesAgo = (minutes: number) => NOW - minutes * 60_000;

async function post(url: string, payload: unknown, as = 'admin') {
  const response = await t.request({ as, method: 'POST', url, payload: payload as Record<string, unknown> });
  return response;
}

/** A gateway's POST; `key` null sends none. */
const send = (readings: unknown[], key: string | null = token) =>
  t.app.inject({ method: 'POST', url: '/api/reading', headers: key === null ? {} : { 'x-device-key': key }, payload: { readings } });

async function count(statement: ReturnType<typeof sql>): Promise<number> {
  const { rows } = (await t.app.services.db.execute(statement)) as unknown as { rows: { n: number | string }[] };
  return Number(rows[0]!.n);
}

const storedOf = (point: string) => count(sql`select count(*) as n from readings where point_id = ${point}`);

async function refusals(): Promise<{ deviceKey: string; reason: string; count: number; lastDetail: string }[]> {
  return (await t.request({ as: 'admin', method: 'GET', url: '/api/readingRefusal' })).json();
}

beforeAll(async () => {
  t = await createTestApp();
  const asset = await post('/api/asset', { name: 'Chiller 7', identification: 'CH-007', tags: [], checklists: [], staticAttributes: [], checklistOptions: [], message: '' });
  assetId = asset.json()._id;
  const other = await post('/api/asset', { name: 'Boiler 2', identification: 'BO-002', tags: [], checklists: [], staticAttributes: [], checklistOptions: [], message: '' });
  otherAssetId = other.json()._id;
  const point = await post('/api/measurementPoint', { asset: assetId, name: 'Supply temperature', key: 'supply_temp', unit: '°C', warning: 30, critical: 40, deadband: 2 });
  expect(point.statusCode).toBe(200);
  pointId = point.json()._id;
  await post('/api/measurementPoint', { asset: otherAssetId, name: 'Flue temperature', key: 'flue_temp', unit: '°C', warning: 200 });
  const key = await post('/api/deviceKey', { name: 'Chiller gateway', site: 'plant1', assets: [assetId] });
  expect(key.statusCode).toBe(200);
  keyId = key.json()._id;
  token = (await post(`/api/deviceKey/${keyId}/secret`, {})).json().key;
});
afterAll(() => t?.close());

describe('device keys', () => {
  it('record who created them, and never show the secret or its hash', async () => {
    const read = await t.request({ as: 'admin', method: 'GET', url: `/api/deviceKey/${keyId}` });
    expect(read.json()).toMatchObject({ name: 'Chiller gateway', site: 'plant1', active: true, createdBy: 'Ada Admin' });
    const secret = token.split('.')[1]!;
    expect(JSON.stringify(read.json())).not.toContain(secret);
    const list = await t.request({ as: 'admin', method: 'GET', url: '/api/deviceKey' });
    expect(list.body).not.toContain(secret);
    const { rows } = (await t.app.services.db.execute(sql`select hash from device_key_secrets where device_key_id = ${keyId}`)) as unknown as { rows: { hash: string }[] };
    expect(rows[0]!.hash).not.toContain(secret);
    expect(rows[0]!.hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('ignore what a client sends for the recorded fields', async () => {
    const changed = await t.request({ as: 'admin', method: 'PUT', url: `/api/deviceKey/${keyId}`, payload: { createdBy: 'Mallory', accepted: 1e9, lastSeen: 1 } });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ createdBy: 'Ada Admin' });
    expect(changed.json().accepted ?? 0).not.toBe(1e9);
  });

  it('are managed only with manage-devicekey', async () => {
    const engineer = await t.request({ as: 'engineer', method: 'GET', url: '/api/deviceKey' });
    expect(engineer.statusCode).toBe(403);
    const secret = await t.request({ as: 'engineer', method: 'POST', url: `/api/deviceKey/${keyId}/secret`, payload: {} });
    expect(secret.statusCode).toBe(403);
  });

  it('refuse a topic filter that is not one', async () => {
    const bad = await post('/api/deviceKey', { name: 'Bad filters', topics: ['facilityops/#/x'] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toHaveProperty('topics');
  });
});

describe('a gateway batch', () => {
  it('is stored once, however often a reading comes', async () => {
    const readings = [
      { asset: 'CH-007', point: 'supply_temp', value: 21.5, ts: minutesAgo(300) },
      { asset: 'CH-007', point: 'supply_temp', value: 21.5, ts: minutesAgo(300) },
      { asset: 'CH-007', point: 'supply_temp', value: 21.7, ts: new Date(minutesAgo(299)).toISOString() },
    ];
    const first = await send(readings);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ stored: 2, duplicates: 1, late: 0 });
    const again = await send(readings);
    expect(again.json()).toEqual({ stored: 0, duplicates: 3, late: 0 });
    expect(await storedOf(pointId)).toBe(2);
  });

  it('stores a late reading without evaluating it', async () => {
    const late = await send([{ asset: 'CH-007', point: 'supply_temp', value: 55, ts: minutesAgo(310) }]);
    expect(late.json()).toEqual({ stored: 1, duplicates: 0, late: 1 });
    const open = await count(sql`select count(*) as n from alerts where point_id = ${pointId}`);
    expect(open).toBe(0);
  });

  it('is refused whole, and counted, when one reading is malformed (400 naming it)', async () => {
    const before = await storedOf(pointId);
    const refused = await send([
      { asset: 'CH-007', point: 'supply_temp', value: 22, ts: minutesAgo(200) },
      { asset: 'CH-007', point: 'supply_temp', value: 'hot', ts: minutesAgo(199) },
    ]);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toEqual({ 'readings[1].value': 'readings[1].value must be a finite number' });
    expect(await storedOf(pointId)).toBe(before);
    const future = await send([{ asset: 'CH-007', point: 'supply_temp', value: 22, ts: NOW + 3_600_000 }]);
    expect(future.statusCode).toBe(400);
    expect(future.json().errors).toHaveProperty(['readings[0].ts']);
    expect((await refusals()).find((r) => r.deviceKey === keyId && r.reason === 'malformed')?.count).toBe(3);
  });

  it('is refused (403) for an asset the key may not write, and counted', async () => {
    const before = await count(sql`select count(*) as n from readings`);
    const refused = await send([
      { asset: 'CH-007', point: 'supply_temp', value: 22, ts: minutesAgo(190) },
      { asset: 'BO-002', point: 'flue_temp', value: 180, ts: minutesAgo(190) },
    ]);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().errors).toHaveProperty(['readings[1]']);
    expect(await count(sql`select count(*) as n from readings`)).toBe(before);
    const counted = (await refusals()).find((r) => r.deviceKey === keyId && r.reason === 'asset not allowed');
    expect(counted?.count).toBe(2);
    expect(counted?.lastDetail).toContain('BO-002');
  });

  it('is refused (401) without a key or with an unknown one, and counted as unknown', async () => {
    expect((await send([{ asset: 'CH-007', point: 'supply_temp', value: 1, ts: minutesAgo(1) }], null)).statusCode).toBe(401);
    expect((await send([{ asset: 'CH-007', point: 'supply_temp', value: 1, ts: minutesAgo(1) }], `${keyId}.not-the-secret`)).statusCode).toBe(401);
    expect((await send([{ asset: 'CH-007', point: 'supply_temp', value: 1, ts: minutesAgo(1) }], 'nokey')).statusCode).toBe(401);
    expect((await refusals()).find((r) => r.deviceKey === '' && r.reason === 'unknown key')?.count).toBe(3);
  });

  it('counts what the key sent, and when it was last seen', async () => {
    const key = (await t.request({ as: 'admin', method: 'GET', url: `/api/deviceKey/${keyId}` })).json();
    expect(key.accepted).toBe(7); // 3 + the same 3 again + the late one: duplicates are accepted, then dropped
    expect(key.refused).toBe(5);
    expect(key.lastSeen).toBeGreaterThanOrEqual(NOW - 60_000);
  });
});

describe('assets sharing an identification (a skid)', () => {
  it('take readings of a key only one of them has; a key both have names no one point (400)', async () => {
    const skid = async (name: string) =>
      (await post('/api/asset', { name, identification: 'SKID-9', tags: [], checklists: [], staticAttributes: [], checklistOptions: [], message: '' })).json()._id as string;
    const [pumpA, pumpB] = [await skid('Skid pump A'), await skid('Skid pump B')];
    const onlyA = (await post('/api/measurementPoint', { asset: pumpA, name: 'Seal leak', key: 'seal_leak' })).json()._id as string;
    await post('/api/measurementPoint', { asset: pumpA, name: 'Flow A', key: 'flow' });
    await post('/api/measurementPoint', { asset: pumpB, name: 'Flow B', key: 'flow' });
    const skidKey = (await post('/api/deviceKey', { name: 'Skid controller', assets: [pumpA, pumpB] })).json()._id as string;
    const skidToken = (await post(`/api/deviceKey/${skidKey}/secret`, {})).json().key as string;
    expect((await send([{ asset: 'SKID-9', point: 'seal_leak', value: 0, ts: minutesAgo(30) }], skidToken)).statusCode).toBe(200);
    expect(await storedOf(onlyA)).toBe(1);
    const ambiguous = await send([{ asset: 'SKID-9', point: 'flow', value: 12, ts: minutesAgo(30) }], skidToken);
    expect(ambiguous.statusCode).toBe(400);
    expect(ambiguous.json().errors).toHaveProperty(['readings[0]']);
  });
});

describe('a key revoked, or its secret issued again', () => {
  it('is refused from the next reading on', async () => {
    const revocable = (await post('/api/deviceKey', { name: 'Temporary logger', assets: [assetId] })).json()._id as string;
    const first = (await post(`/api/deviceKey/${revocable}/secret`, {})).json().key as string;
    expect((await send([{ asset: 'CH-007', point: 'supply_temp', value: 21, ts: minutesAgo(180) }], first)).statusCode).toBe(200);
    const second = (await post(`/api/deviceKey/${revocable}/secret`, {})).json().key as string;
    expect((await send([{ asset: 'CH-007', point: 'supply_temp', value: 21, ts: minutesAgo(179) }], first)).statusCode).toBe(401);
    expect((await send([{ asset: 'CH-007', point: 'supply_temp', value: 21, ts: minutesAgo(179) }], second)).statusCode).toBe(200);
    await t.request({ as: 'admin', method: 'PUT', url: `/api/deviceKey/${revocable}`, payload: { active: false } });
    const revoked = await send([{ asset: 'CH-007', point: 'supply_temp', value: 21, ts: minutesAgo(178) }], second);
    expect(revoked.statusCode).toBe(401);
    expect(revoked.json().message).toBe('The device key is not active');
    await t.request({ as: 'admin', method: 'DELETE', url: `/api/deviceKey/${revocable}` });
    expect((await send([{ asset: 'CH-007', point: 'supply_temp', value: 21, ts: minutesAgo(177) }], second)).statusCode).toBe(401);
  });
});

describe("a point's alerts", () => {
  // Warning above 30 °C, critical above 40, deadband 2: worked out by hand (docs/monitoring.md).
  it('fire, hold, clear and repeat as the rule says', async () => {
    const at = (minute: number, value: number) => ({ asset: 'CH-007', point: 'supply_temp', value, ts: minutesAgo(100 - minute) });
    expect((await send([at(0, 25), at(1, 31), at(2, 33)])).statusCode).toBe(200);
    const alerts = async () =>
      (await t.request({ as: 'engineer', method: 'GET', url: `/api/alert?assetId=${assetId}` })).json() as { _id: string; message: string; levelName: string; resolvedAt: number | null }[];
    const [warning] = await alerts();
    expect(warning).toBeDefined();
    expect(warning!.levelName).toBe('High');
    expect(warning!.message).toBe('<p><strong>Supply temperature</strong> is <strong>31 °C</strong>, warning above 30 °C.</p>');
    await send([at(3, 29), at(4, 28), at(5, 41), at(6, 39.5), at(7, 37.9)]);
    const listed = await alerts();
    expect(listed.map((alert) => alert.levelName).sort()).toEqual(['Critical', 'High']);
    const detail = (await t.request({ as: 'engineer', method: 'GET', url: `/api/alert/${warning!._id}` })).json();
    expect(detail.measurement).toMatchObject({ point: pointId, pointName: 'Supply temperature', unit: '°C', level: 'warning', repeats: 1, lastValue: 37.9, worstValue: 41, clearedAt: null });
    expect(detail.measurement.explanation.rule).toEqual({ level: 'warning', threshold: 30, direction: 'above', deadband: 2, minDurationMs: 0 });
    expect(detail.measurement.explanation.history.map((entry: { type: string; value: number }) => [entry.type, entry.value])).toEqual([
      ['fired', 31],
      ['cleared', 28],
      ['fired', 41],
    ]);
    const critical = listed.find((alert) => alert.levelName === 'Critical')!;
    const criticalDetail = (await t.request({ as: 'engineer', method: 'GET', url: `/api/alert/${critical._id}` })).json();
    expect(criticalDetail.measurement).toMatchObject({ repeats: 0, worstValue: 41, clearedAt: minutesAgo(100 - 7) });
  });

  it('come from a breach stored just after a newer reading (two processes store only about in order), not from one behind by more than 5 s', async () => {
    const point = await post('/api/measurementPoint', { asset: assetId, name: 'Return temperature', key: 'return_temp', unit: '°C', warning: 30, deadband: 2 });
    const returnId = point.json()._id as string;
    const at = (ts: number, value: number) => ({ asset: 'CH-007', point: 'return_temp', value, ts });
    const newest = minutesAgo(50);
    expect((await send([at(newest, 20)])).json()).toEqual({ stored: 1, duplicates: 0, late: 0 });
    // Older than the newest by more than the window (docs/monitoring.md): stored, not evaluated.
    expect((await send([at(newest - 6_000, 36)])).json()).toEqual({ stored: 1, duplicates: 0, late: 1 });
    expect(await count(sql`select count(*) as n from alerts where point_id = ${returnId}`)).toBe(0);
    // Within it: evaluated as it comes, and it fires.
    expect((await send([at(newest - 2_000, 34)])).json()).toEqual({ stored: 1, duplicates: 0, late: 0 });
    const { rows } = (await t.app.services.db.execute(sql`select last_value, timestamp from alerts where point_id = ${returnId}`)) as unknown as { rows: { last_value: number; timestamp: string }[] };
    expect(rows.map((row) => [Number(row.last_value), Number(row.timestamp)])).toEqual([[34, newest - 2_000]]);
    // The point's latest reading stays the newest one.
    const latest = (await t.request({ as: 'engineer', method: 'GET', url: `/api/measurementPoint/latest?asset=${assetId}` })).json() as { _id: string; lastTs: number; lastValue: number }[];
    expect(latest.find((entry) => entry._id === returnId)).toMatchObject({ lastTs: newest, lastValue: 20 });
  });

  it('keep one open alert per point and level, whatever the database is asked', async () => {
    const duplicate = t.app.services.db.execute(sql`insert into alerts (id, asset_id, level_id, timestamp, severity_level, point_id, point_level)
      select 'dup', asset_id, level_id, timestamp, severity_level, point_id, point_level from alerts where point_id = ${pointId} and point_level = 'warning'`);
    await expect(duplicate).rejects.toThrow();
  });
});

describe('whatever a gateway sends', () => {
  it('is answered 200, or a 4xx naming the field that changes nothing — never a 5xx', async () => {
    const fc = await import('fast-check');
    const value = fc.oneof(fc.double(), fc.integer(), fc.string({ maxLength: 5 }), fc.constant(null), fc.boolean(), fc.constant(Number.MAX_VALUE));
    const ts = fc.oneof(fc.integer({ min: minutesAgo(60 * 24 * 100), max: NOW + 3_600_000 }), fc.string({ maxLength: 30 }), fc.constant(new Date(minutesAgo(5)).toISOString()), fc.double());
    const reading = fc.record(
      {
        asset: fc.oneof(fc.constant('CH-007'), fc.constant('BO-002'), fc.string({ maxLength: 210 })),
        point: fc.oneof(fc.constant('supply_temp'), fc.constant('flue_temp'), fc.string({ maxLength: 70 })),
        site: fc.oneof(fc.constant('plant1'), fc.constant(''), fc.string({ maxLength: 70 })),
        value,
        ts,
        extra: fc.anything(),
      },
      { requiredKeys: [] },
    );
    const body = fc.oneof(fc.record({ readings: fc.array(reading, { maxLength: 4 }) }), fc.anything(), fc.record({ readings: fc.anything() }));
    await fc.assert(
      fc.asyncProperty(body, async (payload) => {
        const before = await count(sql`select count(*) as n from readings`);
        const response = await t.app.inject({ method: 'POST', url: '/api/reading', headers: { 'x-device-key': token, 'content-type': 'application/json' }, payload: JSON.stringify(payload) ?? 'null' });
        expect(response.statusCode).toBeLessThan(500);
        if (response.statusCode === 200) return;
        expect([400, 403]).toContain(response.statusCode);
        expect(Object.keys(response.json().errors ?? {}).length).toBeGreaterThan(0);
        expect(await count(sql`select count(*) as n from readings`)).toBe(before);
      }),
      { numRuns: 150 },
    );
  });
});
