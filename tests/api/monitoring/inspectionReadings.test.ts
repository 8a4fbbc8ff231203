import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { breachingSubmission } from '../../helpers/breachingSubmission';
import { createTestApp, type TestApp } from '../helpers/testApp';

/**
 * DESIGN §17: a measurement point that maps a checklist attribute takes the technician's value of it
 * as a reading — one history, one set of alerts for sensor and inspection values.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

describe("a technician's value of a mapped attribute", () => {
  it('lands on the point\'s history and raises its alert', async () => {
    const submission = await breachingSubmission(async (path) => (await t.request({ method: 'GET', url: `/api${path}`, as: 'engineer' })).json());
    const attributes = (await t.request({ as: 'admin', method: 'GET', url: '/api/attribute?fields=technicalName' })).json() as { _id: string; technicalName: string }[];
    const vibration = attributes.find((a) => a.technicalName === 'vibration_mm_s')!;
    const created = await t.request({
      as: 'admin', method: 'POST', url: '/api/measurementPoint',
      payload: { asset: submission.assetId, name: 'Fan vibration', key: 'fan_vibration', unit: 'mm/s', attribute: vibration._id, warning: 2 },
    });
    expect(created.statusCode).toBe(200);
    const pointId = created.json()._id as string;
    const submitted = await t.request({ as: 'technician', method: 'POST', url: submission.url, payload: submission.body });
    expect(submitted.statusCode).toBe(200);
    const inspectionId = (submitted.json() as { inspections: string[] }).inspections[0]!;
    const stored = async () => ((await t.app.services.db.execute(sql`select value, inspection_id from readings where point_id = ${pointId}`)) as unknown as { rows: unknown[] }).rows;
    await expect.poll(stored, { timeout: 10_000 }).toEqual([{ value: 2.1, inspection_id: inspectionId }]);
    const alerts = ((await t.app.services.db.execute(sql`select point_level from alerts where point_id = ${pointId}`)) as unknown as { rows: unknown[] }).rows;
    expect(alerts).toEqual([{ point_level: 'warning' }]);
    const latest = (await t.request({ as: 'technician', method: 'GET', url: `/api/measurementPoint/latest?asset=${submission.assetId}` })).json();
    expect(latest).toEqual([expect.objectContaining({ _id: pointId, attribute: vibration._id, lastValue: 2.1, unit: 'mm/s' })]);
  });
});
