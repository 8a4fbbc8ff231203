import { inArray, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { newId } from '../db/ids';
import { jsonInsert } from '../db/jsonRecords';
import { assets, attributes, meterCrossings, pointStates, readings, serverSecrets } from '../db/schema';
import { openMeterOrders } from '../modules/workOrders/meterOrders';
import { stepMeter } from '../../common/monitoring/meter';
import { deviceKeys } from '../modules/monitoring/deviceKey.resource';
import { measurementPoints } from '../modules/monitoring/measurementPoint.resource';
import type { MeasurementPointInput } from '../../common/resources/measurementPoint';
import { seededRandom } from './seededRandom';

/** Marks the monitoring demo as seeded: points an administrator deleted do not come back. */
const SEEDED_KEY = 'seeded:demo-monitoring';
const DAY_MS = 86_400_000;
const STEP_MS = 10 * 60_000;
const DAYS = 30;

interface DemoPoint extends Omit<MeasurementPointInput, 'asset' | 'attribute'> {
  identification: string;
  /** The catalogue attribute it maps, by technical name. */
  attribute?: string;
  /** The value at the step `i` steps from the start, `noise` a standard normal draw. */
  value: (i: number, noise: number) => number;
}

const STEPS_PER_DAY = DAY_MS / STEP_MS;
const daily = (i: number) => Math.sin((2 * Math.PI * (i % STEPS_PER_DAY)) / STEPS_PER_DAY);

/**
 * The demo plant's sensors (docs/monitoring.md): a chiller whose supply water creeps warmer (its
 * trend reaches the warning level in a few weeks: the forecast shows it), its compressor's run
 * hours (serviced every 500 h: the crossing of 18,500 h opened its order), and a pump's bearing
 * vibration mapped to the checklist attribute technicians read too. None is past a level: the
 * demo's alerts stay the catalogue's.
 */
const DEMO_POINTS: DemoPoint[] = [
  {
    identification: 'CHL-001', name: 'Chilled water supply temperature', key: 'chw_supply', unit: '°C', kind: 'gauge', direction: 'above',
    warning: 9, critical: 11, deadband: 0.5, minDurationSeconds: 300, serviceEvery: null, serviceTask: '',
    value: (i, noise) => 6.4 + (0.06 * i) / STEPS_PER_DAY + 0.35 * daily(i) + 0.08 * noise,
  },
  {
    identification: 'CHL-001', name: 'Compressor run hours', key: 'run_hours', unit: 'h', kind: 'counter', direction: 'above',
    warning: null, critical: null, deadband: null, minDurationSeconds: null, serviceEvery: 500, serviceTask: '500-hour compressor service',
    value: (i) => 18_250 + (i * STEP_MS) / 3_600_000 * 0.8,
  },
  {
    identification: 'PMP-001', name: 'Bearing vibration', key: 'bearing_vibration', attribute: 'vibration_mm_s', unit: 'mm/s', kind: 'gauge', direction: 'above',
    warning: 4.5, critical: 7.1, deadband: 0.3, minDurationSeconds: 120, serviceEvery: null, serviceTask: '',
    value: (_i, noise) => Math.max(0.5, 2.4 + 0.25 * noise),
  },
];

/** The demo's points, their last 30 days of readings every 10 minutes, and a gateway key (no secret: an administrator issues it). */
export async function ensureDemoMonitoring(db: Database, now = Date.now()): Promise<void> {
  const [claimed] = await db.insert(serverSecrets).values({ key: SEEDED_KEY, value: String(now) }).onConflictDoNothing().returning();
  if (!claimed) return;
  const found = await db.select({ _id: assets._id, identification: assets.identification, name: assets.name }).from(assets).where(inArray(assets.identification, DEMO_POINTS.map((p) => p.identification)));
  const mapped = await db.select({ _id: attributes._id, technicalName: attributes.technicalName }).from(attributes);
  const random = seededRandom(44);
  const end = Math.floor(now / STEP_MS) * STEP_MS;
  const start = end - DAYS * DAY_MS;
  const plantAssets: string[] = [];
  for (const { identification, attribute, value, ...point } of DEMO_POINTS) {
    const asset = found.find((candidate) => candidate.identification === identification);
    if (!asset) continue;
    plantAssets.push(asset._id);
    const _id = newId();
    await db.insert(measurementPoints).values({ ...point, _id, asset: asset._id, attribute: mapped.find((a) => a.technicalName === attribute)?._id ?? null } as typeof measurementPoints.$inferInsert);
    const rows = Array.from({ length: DAYS * STEPS_PER_DAY }, (_, i) => ({ point: _id, ts: start + i * STEP_MS, value: Number(value(i, random.gaussian()).toFixed(3)), deviceKey: null, inspection: null }));
    for (let i = 0; i < rows.length; i += 2000) await db.execute(jsonInsert(readings, rows.slice(i, i + 2000))!);
    const last = rows[rows.length - 1]!;
    await db.insert(pointStates).values({ point: _id, lastTs: last.ts, lastValue: last.value, conditions: {}, meterHigh: last.value });
    if (point.serviceEvery) {
      // The services the readings crossed, as the intake would have opened them (its own mechanism).
      const { crossings } = stepMeter(point.serviceEvery, { value: null, cycle: 0 }, rows);
      const { opened } = await openMeterOrders(db, crossings.map(({ at, reading }) => ({
        asset: asset._id, assetName: asset.name, pointName: point.name, unit: point.unit ?? '', every: point.serviceEvery!, task: point.serviceTask || point.name, at, reading,
      })), now);
      if (crossings.length > 0) {
        await db.insert(meterCrossings).values(crossings.map(({ cycle, at, reading }, index) => ({ point: _id, cycle, at, readingTs: reading.ts, value: reading.value, workOrder: opened[index]?._id ?? null })));
      }
    }
  }
  await db.insert(deviceKeys).values({
    _id: newId(), name: 'BMS gateway', site: 'plant1', assets: [...new Set(plantAssets)], topics: ['facilityops/plant1/#'], active: true, createdBy: 'Demo data',
  } as typeof deviceKeys.$inferInsert);
  // The readings' hours, as the compaction job would have written them.
  await db.execute(sql`insert into reading_hours (point_id, hour, min, max, sum, count)
    select point_id, (ts / 3600000) * 3600000, min(value), max(value), sum(value), count(*) from readings group by 1, 2 on conflict do nothing`);
}
