import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../helpers/testApp';
import { adminApi, ok, type Doc } from '../administration/adminApi';
import { createReadingIntake } from '../../../server/modules/monitoring/readingIntake';
import type { Database } from '../../../server/db/client';

/**
 * docs/monitoring.md, "Several processes": a reading past a level of its point is stored in a lane
 * of its own, beside the batch of ordinary readings being stored — its alert does not wait for them.
 * The ordinary batch's transaction is held open here until the test lets it go.
 */
let t: TestApp;
let token: string;
let hotPoint: string;
const NOW = Date.now();

beforeAll(async () => {
  t = await createTestApp({ jobsEnabled: false });
  const admin = adminApi(t);
  const asset = await admin.create('asset', { name: 'Urgent lane boiler', identification: 'UL-BOILER' });
  const post = (url: string, payload: Record<string, unknown>) => t.request({ as: 'admin', method: 'POST', url, payload });
  ok(await post('/api/measurementPoint', { asset: asset._id, name: 'Flue temperature', key: 'flue', unit: '°C', warning: 200 }));
  hotPoint = ok<Doc>(await post('/api/measurementPoint', { asset: asset._id, name: 'Water temperature', key: 'water', unit: '°C', warning: 90 }))._id;
  const key = ok<Doc>(await post('/api/deviceKey', { name: 'Urgent lane PLC', site: 'plant7', assets: [asset._id] }));
  token = ok<{ key: string }>(await post(`/api/deviceKey/${key._id}/secret`, {})).key;
});
afterAll(() => t?.close());

describe('a reading past a level', () => {
  it('is stored, and its alert raised, while an ordinary batch ahead of it is still being stored', async () => {
    const db = t.app.services.db;
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    let transactions = 0;
    // The first transaction (the ordinary batch) waits for `held` before it stores anything.
    const gated = new Proxy(db, {
      get(target, property, receiver) {
        if (property !== 'transaction') return Reflect.get(target, property, receiver);
        return async (work: Parameters<Database['transaction']>[0]) => {
          transactions += 1;
          if (transactions === 1) await held;
          return target.transaction(work);
        };
      },
    }) as Database;
    const { services } = t.app;
    const intake = createReadingIntake({
      db: gated, deviceKeys: services.deviceKeys, points: services.points, levels: () => services.catalogue.alertLevels(), pushes: services.pushes, retentionDays: 90,
      onError: (error) => { throw error; },
    });
    const send = (point: string, value: number, ts: number) => intake.fromMessage(token, { site: 'plant7', identification: 'UL-BOILER', point, value, ts }, `facilityops/plant7/UL-BOILER/${point}`);
    await send('flue', 150, NOW - 2_000);
    await expect.poll(() => transactions).toBe(1);
    await send('water', 95, NOW - 1_000);
    const alertsOfHotPoint = async () => {
      const { rows } = (await db.execute(sql`select count(*) as n from alerts where point_id = ${hotPoint}`)) as unknown as { rows: { n: string }[] };
      return Number(rows[0]!.n);
    };
    await expect.poll(alertsOfHotPoint, { timeout: 10_000 }).toBe(1);
    const { rows } = (await db.execute(sql`select count(*) as n from readings where ts = ${NOW - 2_000}`)) as unknown as { rows: { n: string }[] };
    expect(Number(rows[0]!.n)).toBe(0);
    release();
    await intake.flush();
    const stored = (await db.execute(sql`select count(*) as n from readings where ts in (${NOW - 2_000}, ${NOW - 1_000})`)) as unknown as { rows: { n: string }[] };
    expect(Number(stored.rows[0]!.n)).toBe(2);
  });
});
