import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { compactReadings } from '../../../server/modules/monitoring/compaction';
import { createTestApp, type TestApp } from '../helpers/testApp';

/**
 * DESIGN §17's storage and trends: a point's readings drawn in buckets the database computes, hourly
 * aggregates kept after the raw readings go, compacted by the system job (docs/monitoring.md).
 * Readings are written straight into the table here: what is tested is how they are read and kept.
 */
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
let t: TestApp;
let pointId: string;
let assetId: string;
/** An hour's start, a day ago: readings every minute of it hold their minute (0…59). */
const START = Math.floor((Date.now() - DAY) / HOUR) * HOUR;

async function insertHour(hourStart: number, receivedAt: number, extra = 0) {
  await t.app.services.db.execute(sql`
    insert into readings (point_id, ts, value, received_at)
    select ${pointId}, ${hourStart}::bigint + m * 60000, m + ${extra}, ${receivedAt} from generate_series(0, 59) m`);
}

const trend = async (query: string, as = 'engineer') => t.request({ as, method: 'GET', url: `/api/measurementPoint/${pointId}/trend?${query}` });

beforeAll(async () => {
  t = await createTestApp();
  assetId = (await t.request({ as: 'admin', method: 'POST', url: '/api/asset', payload: { name: 'Compressor 4', identification: 'CMP-4', tags: [], checklists: [], staticAttributes: [], checklistOptions: [], message: '' } })).json()._id;
  pointId = (await t.request({ as: 'admin', method: 'POST', url: '/api/measurementPoint', payload: { asset: assetId, name: 'Oil temperature', key: 'oil_temp', unit: '°C', warning: 80, critical: 95 } })).json()._id;
  for (let hour = 0; hour < 24; hour += 1) await insertHour(START + hour * HOUR, Date.now());
});
afterAll(() => t?.close());

describe('a trend', () => {
  it('is drawn in buckets of min, max, mean and count (24 hours of minutes 0…59 in 24 buckets)', async () => {
    const response = await trend(`from=${START}&to=${START + DAY}&buckets=24`);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.bucketMs).toBe(HOUR);
    expect(body.buckets).toHaveLength(24);
    expect(body.buckets[0]).toEqual({ ts: START, min: 0, max: 59, mean: 29.5, count: 60 });
    expect(body.buckets[23]).toEqual({ ts: START + 23 * HOUR, min: 0, max: 59, mean: 29.5, count: 60 });
    expect(body.point).toMatchObject({ name: 'Oil temperature', unit: '°C', direction: 'above', warning: 80, critical: 95 });
  });

  it('holds no more buckets than asked, whatever the range', async () => {
    const body = (await trend(`from=${START}&to=${START + DAY}&buckets=5`)).json();
    expect(body.buckets.length).toBeLessThanOrEqual(5);
    expect(body.buckets.reduce((sum: number, b: { count: number }) => sum + b.count, 0)).toBe(24 * 60);
  });

  it('refuses a range that is not one, naming the parameter', async () => {
    const backwards = await trend(`from=${START + DAY}&to=${START}`);
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().errors).toHaveProperty('from');
    expect((await trend('buckets=0')).statusCode).toBe(400);
    expect((await trend('buckets=5000')).statusCode).toBe(400);
  });

  it('is read by whoever reads assets: a technician too', async () => {
    expect((await trend(`from=${START}&to=${START + HOUR}`, 'technician')).statusCode).toBe(200);
  });
});

describe('the compaction job', () => {
  it('aggregates the hours that received readings, again when a late one arrives', async () => {
    // The demo plant's own points' hours are aggregated too: this point's are counted.
    const first = await compactReadings(t.app.services.db, Date.now() + 1, 90);
    expect(first.readingsDeleted).toBe(0);
    const { rows: hours } = (await t.app.services.db.execute(sql`select count(*)::int as n from reading_hours where point_id = ${pointId}`)) as unknown as { rows: { n: number }[] };
    expect(hours[0]!.n).toBe(24);
    const { rows } = (await t.app.services.db.execute(sql`select min, max, sum, count from reading_hours where point_id = ${pointId} and hour = ${START}`)) as unknown as { rows: Record<string, unknown>[] };
    expect(rows[0]).toEqual({ min: 0, max: 59, sum: 1770, count: 60 });
    // A late reading, 30 s into the first hour: only that hour is aggregated again.
    await t.app.services.db.execute(sql`insert into readings (point_id, ts, value, received_at) values (${pointId}, ${START + 30_000}, 100, ${Date.now() + 2})`);
    const second = await compactReadings(t.app.services.db, Date.now() + 3, 90);
    expect(second).toEqual({ hoursAggregated: 1, readingsDeleted: 0 });
    const { rows: again } = (await t.app.services.db.execute(sql`select max, count from reading_hours where point_id = ${pointId} and hour = ${START}`)) as unknown as { rows: Record<string, unknown>[] };
    expect(again[0]).toEqual({ max: 100, count: 61 });
  });

  it('deletes raw readings past the retention, and the trend draws their hours from the aggregates', async () => {
    const old = START - 100 * DAY;
    await insertHour(old, Date.now() + 10, 5);
    const outcome = await compactReadings(t.app.services.db, Date.now() + 11, 90);
    expect(outcome).toEqual({ hoursAggregated: 1, readingsDeleted: 60 });
    const body = (await trend(`from=${old}&to=${old + HOUR}&buckets=1`)).json();
    expect(body.buckets).toEqual([{ ts: old, min: 5, max: 64, mean: 34.5, count: 60 }]);
  });
});
