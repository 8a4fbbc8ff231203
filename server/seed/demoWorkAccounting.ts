import { and, asc, eq, isNull, lt, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { newId } from '../db/ids';
import { alerts, serverSecrets, users, workOrderLabour, workOrderParts, workOrders } from '../db/schema';
import { bulkInsert } from '../db/jsonRecords';
import { spareParts } from '../modules/spareParts/sparePart.resource';
import { COMPLETED_STATUS } from '../../common/resources/workOrder';
import type { WorkOrderType } from '../../common/resources/workAccounting';
import { seededRandom, type SeededRandom } from './seededRandom';

/** Marks the accounting as seeded: once per demo database, after its orders, stores and meters. */
const SEEDED_KEY = 'seeded:demo-work-accounting';
const ACCOUNTING_SEED = 0x5eed_0045;
const HOUR_MS = 3_600_000;
const MINUTE_MS = 60_000;

/** What an hour of each demo person's work costs (docs/kpis.md, "Demo data"). */
const DEMO_RATES: Record<string, number> = { technician: 38, 'thermo.tech': 45, engineer: 62, admin: 55 };

/** The demo's routine tasks (demoWorkOrders.ts): planned work, not repairs. */
const PREVENTIVE_TASKS: ReadonlySet<string> = new Set([
  'Replace air filters', 'Clean condenser coils', 'Check refrigerant charge', 'Lubricate fan bearings', 'Calibrate supply air sensor', 'Check coupling alignment',
  'Flush suction strainer', 'Check expansion vessel pre-charge', 'Inspect mechanical seal', 'Tighten busbar terminals', 'Test RCD trip times',
  'Clean panel ventilation grilles', 'Recharge extinguisher', 'Service hose reel', 'Renew inspection tag', 'Quarterly service',
]);

type Order = typeof workOrders.$inferSelect;
type Part = { _id: string; unitCost: number | null; assets: string[] };

const typeOf = (order: Order): WorkOrderType => {
  if (order.type !== 'corrective') return order.type as WorkOrderType;
  if (order.alert !== null) return 'inspection-follow-up';
  return PREVENTIVE_TASKS.has(order.title) ? 'preventive' : 'corrective';
};

/** Half-hours from `min` to `max` hours. */
const halfHours = (random: SeededRandom, min: number, max: number) => random.int(min * 2, max * 2) / 2;

interface Accounting {
  changes: { _id: string; type: WorkOrderType; estimatedHours: number; downtimeStart: number | null; downtimeEnd: number | null; endTimestamp: number }[];
  labour: (typeof workOrderLabour.$inferInsert)[];
  parts: (typeof workOrderParts.$inferInsert)[];
}

/**
 * What the demo's orders accounted for (pure but for the ids): a type by what the order is, an
 * estimate, downtime for most repairs (and some planned stops), labour by the assignee (now and
 * then with the engineer) inside the time the work happened, at each person's rate, and parts that
 * fit the asset on almost half the finished jobs. Stock is left as the stores say it is now.
 */
export function buildDemoAccounting(orders: readonly Order[], rates: ReadonlyMap<string, number | null>, engineer: string, parts: readonly Part[], now: number): Accounting {
  const random = seededRandom(ACCOUNTING_SEED);
  const result: Accounting = { changes: [], labour: [], parts: [] };
  for (const order of orders) {
    const type = typeOf(order);
    const done = order.status === COMPLETED_STATUS;
    const begun = order.startTimestamp < now && (done || order.status !== 'Open');
    // The work's span: from the start to its completion (or now, for work under way).
    const until = Math.min(done && order.completedAt !== null ? order.completedAt : now - 30 * MINUTE_MS, order.endTimestamp + 12 * HOUR_MS, now - 30 * MINUTE_MS);
    let downtimeStart: number | null = null;
    let downtimeEnd: number | null = null;
    const repair = type !== 'preventive';
    if (begun && until > order.startTimestamp && random.chance(repair ? 0.8 : 0.3)) {
      downtimeStart = order.startTimestamp - (repair ? random.int(0, 180) * MINUTE_MS : 0);
      const length = (repair ? halfHours(random, 1, 10) : halfHours(random, 1, 3)) * HOUR_MS;
      const stillDown = !done && repair && random.chance(0.4);
      downtimeEnd = stillDown ? null : Math.min(downtimeStart + length, Math.max(until, downtimeStart + 30 * MINUTE_MS));
    }
    // Most routine jobs were done by their due date: the plan gave them until the end of the day it ended on, or later.
    const late = type === 'preventive' && done && order.completedAt !== null && order.completedAt > order.endTimestamp;
    const endTimestamp = late && random.chance(0.7) ? (order.completedAt as number) + random.int(1, 24) * HOUR_MS : order.endTimestamp;
    result.changes.push({ _id: order._id, type, estimatedHours: halfHours(random, 1, 12), downtimeStart, downtimeEnd, endTimestamp });
    if (!begun || until <= order.startTimestamp) continue;
    const people = random.chance(0.25) && order.assignedTo !== engineer ? [order.assignedTo, engineer] : [order.assignedTo];
    let at = order.startTimestamp + random.int(0, 60) * MINUTE_MS;
    for (let entry = 0, entries = random.int(1, 3); entry < entries && at < until; entry++) {
      const person = people[entry % people.length] as string;
      const endedAt = Math.min(at + halfHours(random, 0.5, 3.5) * HOUR_MS, until);
      if (endedAt <= at) break;
      result.labour.push({ _id: newId(), workOrder: order._id, user: person, startedAt: at, endedAt, hourlyRate: rates.get(person) ?? null, note: '', createdBy: person, createdAt: endedAt });
      at = endedAt + random.int(30, 240) * MINUTE_MS;
    }
    const fitting = parts.filter((part) => part.assets.includes(order.asset));
    if (done && fitting.length > 0 && random.chance(0.45)) {
      for (let use = 0, uses = random.int(1, 2); use < uses; use++) {
        const part = random.pick(fitting);
        result.parts.push({ _id: newId(), workOrder: order._id, part: part._id, quantity: random.int(1, 2), unitCost: part.unitCost, usedBy: order.assignedTo, usedAt: order.startTimestamp + random.int(30, 120) * MINUTE_MS });
      }
    }
  }
  return result;
}

/**
 * The demo's labour, parts, downtime, types, rates and alert acknowledgements (docs/kpis.md, "Demo
 * data"), once, so the KPIs have 90 days of history to show: written after the orders, the stores
 * and the meters, in one transaction.
 */
export async function ensureDemoWorkAccounting(db: Database, now = Date.now()): Promise<void> {
  const [claimed] = await db.insert(serverSecrets).values({ key: SEEDED_KEY, value: String(now) }).onConflictDoNothing().returning();
  if (!claimed) return;
  await db.transaction(async (tx) => {
    for (const [username, rate] of Object.entries(DEMO_RATES)) {
      await tx.update(users).set({ hourlyRate: rate }).where(and(eq(users.username, username), isNull(users.hourlyRate)));
    }
    // Who completed each Completed order and when: the log's change to Completed (as migration 0019 does).
    await tx.execute(sql`update ${workOrders} w set completed_at = logged.created_at, completed_by = logged.user_id
      from (select distinct on (work_order_id) work_order_id, created_at, user_id from work_order_activity where status_to = ${COMPLETED_STATUS} order by work_order_id, created_at desc) logged
      where w.id = logged.work_order_id and w.status = ${COMPLETED_STATUS} and w.completed_at is null`);
    const orders = await tx.select().from(workOrders).orderBy(asc(workOrders.startTimestamp), asc(workOrders.title));
    const people = await tx.select({ _id: users._id, username: users.username, rate: users.hourlyRate }).from(users);
    const engineer = people.find((person) => person.username === 'engineer')?._id;
    if (orders.length === 0 || !engineer) return;
    const stores = (await tx.select().from(spareParts)) as unknown as Part[];
    const accounting = buildDemoAccounting(orders, new Map(people.map((person) => [person._id, person.rate])), engineer, stores, now);
    await tx.execute(sql`update ${workOrders} w set type = v.type, estimated_hours = v.hours, downtime_start = v.down, downtime_end = v.up, end_timestamp = v.due
      from json_to_recordset(${JSON.stringify(accounting.changes.map((c) => ({ id: c._id, type: c.type, hours: c.estimatedHours, down: c.downtimeStart, up: c.downtimeEnd, due: c.endTimestamp })))}::json)
        as v(id text, type text, hours float8, down bigint, up bigint, due bigint)
      where w.id = v.id`);
    await bulkInsert(tx, workOrderLabour, accounting.labour);
    await bulkInsert(tx, workOrderParts, accounting.parts);
    await acknowledgeDemoAlerts(tx, now);
  });
}

/**
 * Most alerts of the history were taken on by the engineer within minutes to hours of being raised,
 * some not yet; every resolved one was acknowledged by its resolution at the latest. One statement.
 */
async function acknowledgeDemoAlerts(tx: Pick<Database, 'select' | 'execute'>, now: number): Promise<void> {
  const random = seededRandom(ACCOUNTING_SEED + 1);
  const [engineer] = await tx.select({ _id: users._id }).from(users).where(eq(users.username, 'engineer'));
  if (!engineer) return;
  const history = await tx
    .select({ _id: alerts._id, timestamp: alerts.timestamp, resolvedAt: alerts.resolvedAt })
    .from(alerts)
    .where(and(isNull(alerts.acknowledgedAt), lt(alerts.timestamp, now)))
    .orderBy(asc(alerts.timestamp), asc(alerts.message));
  const acknowledged = history.flatMap((alert) =>
    random.chance(0.85) || alert.resolvedAt !== null ? [{ id: alert._id, at: Math.min(alert.timestamp + random.int(3, 180) * MINUTE_MS, alert.resolvedAt ?? now) }] : [],
  );
  if (acknowledged.length === 0) return;
  await tx.execute(sql`update ${alerts} set acknowledged_at = v.at, acknowledged_by = ${engineer._id}
    from json_to_recordset(${JSON.stringify(acknowledged)}::json) as v(id text, at bigint) where ${alerts._id} = v.id`);
}
