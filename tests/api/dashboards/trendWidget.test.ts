import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/testApp';
import { adminApi, expectError, ok, userHolding, type Doc } from '../administration/adminApi';

/**
 * Issue 44 §5: a widget script draws a measurement point's trend with query.trend, and a 'trend'
 * widget answers it (docs/scripts.md, docs/dashboards.md). The points and readings are this file's
 * own; every expected bucket and forecast below is worked out by hand from the readings inserted.
 */
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

let t: TestApp;
let api: ReturnType<typeof adminApi>;
let assetId: string;
/** Four readings: three in the last day (10, 20, 30), one 2.5 days ago (100). */
let supplyId: string;
/** One reading an hour for the last 48 hours, rising 0.05 an hour towards its warning level 50. */
let bearingId: string;
/** The hour the bearing's readings count back from. */
let lastHour: number;
/** The supply point's latest evaluated reading, as its state row says. */
let latestTs: number;

const insertReading = (point: string, ts: number, value: number) =>
  t.app.services.db.execute(sql`insert into readings (point_id, ts, value, received_at) values (${point}, ${ts}, ${value}, ${Date.now()})`);

beforeAll(async () => {
  t = await createTestApp();
  api = adminApi(t);
  assetId = (await api.create('asset', { name: 'Trend test chiller', identification: 'TRD-CH-1', tags: [], checklists: [], staticAttributes: [], checklistOptions: [], message: '' }))._id;
  supplyId = (await api.create('measurementPoint', { asset: assetId, name: 'Trend test supply', key: 'trd_supply', unit: '°C', warning: 45, critical: 55 }))._id;
  bearingId = (await api.create('measurementPoint', { asset: assetId, name: 'Trend test bearing', key: 'trd_bearing', unit: '°C', direction: 'above', warning: 50, critical: 60 }))._id;
  const now = Date.now();
  for (const [hoursAgo, value] of [[3, 10], [2, 20], [1, 30], [60, 100]] as const) await insertReading(supplyId, now - hoursAgo * HOUR, value);
  latestTs = now - HOUR;
  await t.app.services.db.execute(sql`insert into point_states (point_id, last_ts, last_value) values (${supplyId}, ${latestTs}, 30)`);
  lastHour = Math.floor(now / HOUR) * HOUR;
  // k hours back, 40 − 0.05 k: 39.95 an hour ago … 37.6 two days ago.
  for (let k = 1; k <= 48; k += 1) await insertReading(bearingId, lastHour - k * HOUR, 40 - 0.05 * k);
});
afterAll(() => t?.close());

let counter = 0;
async function widgetWith(type: string, code: string): Promise<Doc> {
  counter += 1;
  const script = await api.create('script', { name: `Trend test script ${counter}`, code });
  return api.create('widget', { name: `Trend test widget ${counter}`, type, script: script._id });
}
const dataOf = (id: string, as = 'engineer') => api.get(`/widget/${encodeURIComponent(id)}`, as);
/** A trend widget whose script calls query.trend for the supply point with these options (source text). */
const supplyTrend = (options: string) => widgetWith('trend', `return query.trend(${JSON.stringify(supplyId)}, ${options});`);

describe('query.trend in a widget script', () => {
  it('answers the buckets of the last day in one bucket: min 10, max 30, mean 20 of 3 readings (the one 2.5 days ago left out)', async () => {
    const widget = await supplyTrend('{ days: 1, buckets: 1 }');
    const body = ok<Doc>(await dataOf(widget._id));
    expect(body.type).toBe('trend');
    expect(body.dependsOn).toEqual(['measurementPoint']);
    const data = body.data;
    expect(data.to - data.from).toBe(DAY);
    expect(data.bucketMs).toBe(DAY);
    expect(data.buckets).toEqual([{ ts: data.from, min: 10, max: 30, mean: 20, count: 3 }]);
    expect(data.point).toEqual({ _id: supplyId, name: 'Trend test supply', unit: '°C', direction: 'above', warning: 45, critical: 55 });
    expect(data.latest).toEqual({ ts: latestTs, value: 30 });
    // Nothing heads for a level: four readings are fewer than a forecast needs.
    expect(data.forecast).toBeNull();
  });

  it('answers three days in three day-long buckets: the old reading alone in the first, the last day in the third', async () => {
    const data = ok<Doc>(await dataOf((await supplyTrend('{ days: 3, buckets: 3 }'))._id)).data;
    expect(data.to - data.from).toBe(3 * DAY);
    expect(data.bucketMs).toBe(DAY);
    expect(data.buckets).toEqual([
      { ts: data.from, min: 100, max: 100, mean: 100, count: 1 },
      { ts: data.from + 2 * DAY, min: 10, max: 30, mean: 20, count: 3 },
    ]);
  });

  it('defaults to the last 7 days', async () => {
    const data = ok<Doc>(await dataOf((await supplyTrend('undefined'))._id)).data;
    expect(data.to - data.from).toBe(7 * DAY);
    expect(data.buckets.reduce((sum: number, bucket: Doc) => sum + bucket.count, 0)).toBe(4);
  });

  it("forecasts when a rising point reaches its warning level: 40 − 0.05 an hour crosses 50 some 200 hours on (~8 days)", async () => {
    const widget = await widgetWith('trend', `
      const [point] = query.list('measurementPoint', { where: { key: 'trd_bearing' }, fields: ['name', 'key', 'warning'] });
      return query.trend(point._id, { days: 3, buckets: 72 });`);
    const body = ok<Doc>(await dataOf(widget._id));
    expect(body.dependsOn).toEqual(['measurementPoint']);
    const data = body.data;
    // Hour-long buckets over three days: each reading alone in one.
    expect(data.bucketMs).toBe(HOUR);
    expect(data.buckets).toHaveLength(48);
    expect(data.buckets.reduce((sum: number, bucket: Doc) => sum + bucket.count, 0)).toBe(48);
    // Hour means at the middle of their hours: v = 40 − 0.05 k at lastHour − k h + ½ h, so v reaches 50 at k = −200: lastHour + 200.5 h.
    const { forecast } = data;
    expect(forecast).toMatchObject({ level: 'warning', threshold: 50, inDays: 8 });
    expect(Math.abs(forecast.at - (lastHour + 200.5 * HOUR))).toBeLessThan(1000);
  });

  it('lists measurement points as a query entity, ordered by name', async () => {
    const widget = await widgetWith('table', `return query.list('measurementPoint', { where: { asset: ${JSON.stringify(assetId)} } });`);
    const body = ok<Doc>(await dataOf(widget._id));
    expect(body.dependsOn).toEqual(['measurementPoint']);
    expect(body.data.data.map((row: Doc) => [row.name, row.key, row.unit, row.direction, row.warning, row.critical])).toEqual([
      ['Trend test bearing', 'trd_bearing', '°C', 'above', 50, 60],
      ['Trend test supply', 'trd_supply', '°C', 'above', 45, 55],
    ]);
    expect(Object.keys(body.data.data[0]).sort()).toEqual(
      ['_id', 'asset', 'attribute', 'createdAt', 'critical', 'deadband', 'direction', 'key', 'kind', 'minDurationSeconds', 'name', 'serviceEvery', 'serviceTask', 'unit', 'updatedAt', 'warning'],
    );
  });
});

describe('query.trend refuses', () => {
  it('a caller without read-asset, naming the permission', async () => {
    const widget = await supplyTrend('{ days: 1 }');
    const token = await userHolding(t, 'trend.noasset', ['read-dashboard']);
    const response = await t.app.inject({ method: 'GET', url: `/api/widget/${widget._id}`, headers: { 'x-auth': token } });
    expect(response.statusCode).toBe(422);
    expect(response.json().message).toContain(`query.trend('${supplyId}') needs the permission read-asset, which this user does not have`);
    // So does listing the points.
    const listing = await widgetWith('table', "return query.list('measurementPoint');");
    const refused = await t.app.inject({ method: 'GET', url: `/api/widget/${listing._id}`, headers: { 'x-auth': token } });
    expect(refused.json().message).toContain("query.list('measurementPoint') needs the permission read-asset");
  });

  it.each([
    ['{ weeks: 2 }', "unknown option 'weeks' (options: days, buckets)"],
    ['{ days: 0 }', 'days must be a whole number from 1 to 3660'],
    ['{ days: 3661 }', 'days must be a whole number from 1 to 3660'],
    ['{ days: 1.5 }', 'days must be a whole number from 1 to 3660'],
    ["{ days: '7' }", 'days must be a whole number from 1 to 3660'],
    ['{ buckets: 0 }', 'buckets must be a whole number from 1 to 2000'],
    ['{ buckets: 2001 }', 'buckets must be a whole number from 1 to 2000'],
    ["'7 days'", 'options must be an object'],
  ])('options %s, naming the option', async (options, problem) => {
    const error = expectError(await dataOf((await supplyTrend(options))._id), 422);
    expect(error.message).toContain(`query.trend('${supplyId}'): ${problem}`);
  });

  it('an unknown point, or no point id, with a clear message', async () => {
    const unknown = await widgetWith('trend', "return query.trend('no-such-point', { days: 1 });");
    expect(expectError(await dataOf(unknown._id), 422).message).toContain("query.trend('no-such-point'): no measurement point has this _id");
    const missing = await widgetWith('trend', 'return query.trend();');
    expect(expectError(await dataOf(missing._id), 422).message).toContain("query.trend(undefined): the first argument must be a measurement point's _id");
  });
});

describe('a trend widget', () => {
  it('refuses data that is not a trend with 422 naming the problem', async () => {
    const widget = await widgetWith('trend', "return { point: { name: 'x', unit: '', direction: 'sideways' }, from: 1, to: 2, bucketMs: 1, buckets: [] };");
    expect(expectError(await dataOf(widget._id), 422).message).toBe('The widget script returned invalid data for a trend widget: point.direction must be one of: above, below');
  });
});

describe("query.trend and READINGS_RETENTION_DAYS", () => {
  it('reads raw readings only within the retention: with 1 day, the reading 2.5 days ago is read from the hourly aggregates (none written yet)', async () => {
    const short = await createTestApp({ readingsRetentionDays: 1 });
    try {
      const shortApi = adminApi(short);
      const asset = await shortApi.create('asset', { name: 'Retention test chiller', identification: 'TRD-CH-2', tags: [], checklists: [], staticAttributes: [], checklistOptions: [], message: '' });
      const point = await shortApi.create('measurementPoint', { asset: asset._id, name: 'Retention test supply', key: 'trd_retention', unit: '°C' });
      const now = Date.now();
      for (const [hoursAgo, value] of [[2, 10], [60, 100]] as const) {
        await short.app.services.db.execute(sql`insert into readings (point_id, ts, value, received_at) values (${point._id}, ${now - hoursAgo * HOUR}, ${value}, ${now})`);
      }
      const script = await shortApi.create('script', { name: 'Retention test script', code: `return query.trend(${JSON.stringify(point._id)}, { days: 3, buckets: 1 });` });
      const widget = await shortApi.create('widget', { name: 'Retention test widget', type: 'trend', script: script._id });
      const data = ok<Doc>(await shortApi.get(`/widget/${widget._id}`, 'engineer')).data;
      expect(data.buckets).toEqual([{ ts: data.from, min: 10, max: 10, mean: 10, count: 1 }]);
    } finally {
      await short.close();
    }
  });
});
