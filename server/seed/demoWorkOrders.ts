import { and, asc, count, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { newId } from '../db/ids';
import { alertLevels, alerts, assets, attributes, users, workOrderActivity, workOrderAlertClaims, workOrders } from '../db/schema';
import { bulkInsert } from '../db/jsonRecords';
import { COMPLETED_STATUS, statusChangeComment } from '../../common/resources/workOrder';
import { alertText, clippedTitle, plannedOrders, sweptAlerts } from '../modules/workOrders/autoCreate';
import { resolutionRemark } from './demoReadings';
import { seededRandom, type SeededRandom } from './seededRandom';

/**
 * Sixty work orders over the demo period (docs/work-orders.md, "Demo data"): the 90 days of
 * history and the next four weeks, on the catalogue's assets, for the people who hold orders —
 * the technician most, the thermography technician on electrical assets, the engineer and the
 * administrator now and then. Past ones mostly Completed, current ones In Progress, Open or On
 * Hold, future ones Open; each with a log of comments and the status changes that brought it
 * where it is. A dozen follow alerts of the history; completing one resolved its alert with the
 * closing comment, as the server does (an alert the history had resolved is resolved by the
 * order's completion instead). The open alerts the demo's rule (critical → the
 * inspector's order) would open orders for at the first sweep get them here, by the rule itself,
 * so the demo starts with exactly sixty and the sweep has nothing to do. Deterministic from a
 * fixed seed and the start day; written once, while there are no orders.
 */

export const DEMO_WORK_ORDER_COUNT = 60;
const WORK_ORDER_SEED = 0x5eed_0018;
const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;
const MINUTE_MS = 60_000;
const HISTORY_DAYS = 90;
const AHEAD_DAYS = 28;
/** Orders that follow an alert of the history, beyond those the rule opens. */
const ALERT_FOLLOW_UPS = 12;

const [OPEN, IN_PROGRESS, ON_HOLD] = ['Open', 'In Progress', 'On Hold'] as const;
type Status = typeof OPEN | typeof IN_PROGRESS | typeof ON_HOLD | typeof COMPLETED_STATUS;
type Priority = 'High' | 'Medium' | 'Low';
type Phase = 'past' | 'current' | 'future';
type Person = 'technician' | 'thermo.tech' | 'engineer' | 'admin';
const PEOPLE: readonly Person[] = ['technician', 'thermo.tech', 'engineer', 'admin'];

const TASKS: Record<string, readonly string[]> = {
  HVAC: ['Replace air filters', 'Clean condenser coils', 'Check refrigerant charge', 'Replace drive belt', 'Lubricate fan bearings', 'Calibrate supply air sensor', 'Check coupling alignment'],
  Plumbing: ['Repack pump gland', 'Replace discharge pressure gauge', 'Flush suction strainer', 'Check expansion vessel pre-charge', 'Inspect mechanical seal'],
  Electrical: ['Tighten busbar terminals', 'Thermographic follow-up on feeder', 'Replace indicator lamps', 'Test RCD trip times', 'Clean panel ventilation grilles'],
  'Fire safety': ['Recharge extinguisher', 'Replace tamper seal', 'Service hose reel', 'Renew inspection tag'],
};
const GENERAL_TASKS = ['Quarterly service', 'Investigate unusual noise', 'Replace worn gasket'];

const COMMENTS = {
  start: ['Isolated the unit and started work.', 'On site, starting now.', 'Permit issued, starting the job.'],
  progress: ['Took readings before the work, for comparison.', 'Worn more than expected; replacing rather than adjusting.', 'Cleaned and inspected, no other damage found.'],
  hold: ['Waiting for spare parts from the supplier.', 'On hold until the next shutdown window.', 'Waiting for the contractor to confirm a date.'],
  resume: ['Parts arrived, resuming.', 'Shutdown window confirmed, resuming work.'],
  close: ['Work done and tested, running normally.', 'Replaced and tested, readings back within limits.', 'Completed; area cleaned and handed back.'],
  note: ['Please get this done before the weekend.', 'Check the spare parts store first.', 'Coordinate access with the building manager.'],
} as const;

interface DemoAsset {
  _id: string;
  name: string;
  tags: string[];
}

interface FollowedAlert {
  _id: string;
  asset: string;
  timestamp: number;
  /** When the history resolved it; the order's completion takes its place. */
  resolvedAt: number | null;
  message: string;
  levelRank: number;
  attributeTechnicalName: string | null;
}

interface DemoPeople {
  ids: Record<Person, string>;
}

type OrderRow = typeof workOrders.$inferInsert & { _id: string };
type ActivityRow = typeof workOrderActivity.$inferInsert;

export interface DemoWorkOrders {
  orders: OrderRow[];
  activity: ActivityRow[];
  /** Alerts that Completed orders resolved. */
  resolutions: { alert: string; remark: string; resolvedBy: string; resolvedAt: number }[];
}

/** What one order is to be, before its times and log are drawn. */
interface Plan {
  person: Person;
  phase: Phase;
  status?: Status;
  priority?: Priority;
  alert?: FollowedAlert;
}

/** A few orders of fixed shape first, so every status, priority and holder occurs whatever the draws. */
const FIXED_PLANS: readonly Plan[] = [
  { person: 'technician', phase: 'past', status: COMPLETED_STATUS, priority: 'High' },
  { person: 'technician', phase: 'current', status: IN_PROGRESS, priority: 'Medium' },
  { person: 'technician', phase: 'future', status: OPEN, priority: 'Low' },
  { person: 'engineer', phase: 'current', status: ON_HOLD, priority: 'High' },
  { person: 'thermo.tech', phase: 'future', status: OPEN, priority: 'Medium' },
  { person: 'admin', phase: 'past', status: COMPLETED_STATUS, priority: 'Low' },
];

function statusFor(random: SeededRandom, phase: Phase): Status {
  if (phase === 'past') return random.weighted({ [COMPLETED_STATUS]: 0.85, [ON_HOLD]: 0.08, [IN_PROGRESS]: 0.07 }) as Status;
  if (phase === 'current') return random.weighted({ [IN_PROGRESS]: 0.5, [OPEN]: 0.25, [ON_HOLD]: 0.25 }) as Status;
  return random.weighted({ [OPEN]: 0.85, [ON_HOLD]: 0.15 }) as Status;
}

/** Alert levels most severe first: critical and high are High priority, medium Medium, low Low. */
const priorityOfRank = (rank: number): Priority => (rank <= 2 ? 'High' : rank === 3 ? 'Medium' : 'Low');

/** The window of an order of this phase, relative to the start day. */
function windowFor(random: SeededRandom, phase: Phase, today: number, now: number): { start: number; end: number } {
  const length = random.weighted({ hours: 0.5, days: 0.4, week: 0.1 });
  const duration = length === 'hours' ? random.int(2, 8) * HOUR_MS : length === 'days' ? random.int(1, 3) * DAY_MS : 7 * DAY_MS;
  const at = (day: number) => day + random.int(7, 15) * HOUR_MS;
  if (phase === 'past') {
    const start = at(today - random.int(8, HISTORY_DAYS - 1) * DAY_MS);
    return { start, end: Math.min(start + duration, now - HOUR_MS) };
  }
  if (phase === 'current') {
    const start = Math.min(at(today - random.int(0, 5) * DAY_MS), now - HOUR_MS);
    return { start, end: Math.max(start + duration, now + random.int(4, 72) * HOUR_MS) };
  }
  const start = at(today + random.int(1, AHEAD_DAYS) * DAY_MS);
  return { start, end: start + duration };
}

/**
 * The log that brought an order to its status, oldest first: who and when, comments and status
 * changes, inside the time the work could have happened (from creation to the end or now).
 */
function logOf(random: SeededRandom, plan: Plan & { status: Status }, order: OrderRow, ids: DemoPeople['ids'], now: number, closing: string): ActivityRow[] {
  const assignee = order.assignedTo;
  const creator = order.createdBy ?? ids.engineer;
  const steps: { user: string; comment: string; from?: Status; to?: Status }[] = [];
  const change = (from: Status, to: Status) => steps.push({ user: assignee, comment: statusChangeComment(from, to), from, to });
  const say = (comment: string, user = assignee) => steps.push({ user, comment });
  if (random.chance(0.4) || plan.status === OPEN) say(random.pick(COMMENTS.note), creator);
  if (plan.status === ON_HOLD && plan.phase === 'future') {
    say(random.pick(COMMENTS.hold));
    change(OPEN, ON_HOLD);
  } else if (plan.status !== OPEN) {
    change(OPEN, IN_PROGRESS);
    say(random.pick(COMMENTS.start));
    const paused = plan.status === ON_HOLD || (plan.status === COMPLETED_STATUS && random.chance(0.3));
    if (paused) {
      say(random.pick(COMMENTS.hold));
      change(IN_PROGRESS, ON_HOLD);
    }
    if (plan.status === COMPLETED_STATUS) {
      if (paused) {
        change(ON_HOLD, IN_PROGRESS);
        say(random.pick(COMMENTS.resume));
      } else if (random.chance(0.5)) say(random.pick(COMMENTS.progress));
      say(closing);
      change(IN_PROGRESS, COMPLETED_STATUS);
    } else if (plan.status === IN_PROGRESS && random.chance(0.5)) say(random.pick(COMMENTS.progress));
  }
  // Spread over [created + a while, the end or now]: the work happens within the order's window where it can.
  const first = Math.max(order.createdAt as number, Math.min(order.startTimestamp, now - HOUR_MS)) + 10 * MINUTE_MS;
  const last = Math.max(first + steps.length * MINUTE_MS, Math.min(order.endTimestamp + (plan.status === COMPLETED_STATUS ? 6 * HOUR_MS : 0), now - 5 * MINUTE_MS));
  let at = first;
  return steps.map((step, i) => {
    const share = (last - first) / steps.length;
    at = Math.max(at + MINUTE_MS, Math.round(first + share * i + random.between(0, share * 0.8)));
    return { _id: newId(), workOrder: order._id, user: step.user, comment: step.comment, statusFrom: step.from ?? null, statusTo: step.to ?? null, createdAt: Math.min(at, now) };
  });
}

/** An order opened an hour or few after its alert: done by when the history resolved the alert (or within days), or still running. */
function followUpWindow(random: SeededRandom, alert: FollowedAlert, phase: Phase, now: number): { start: number; end: number } {
  const start = Math.min(alert.timestamp + random.int(1, 6) * HOUR_MS, now - 2 * HOUR_MS);
  if (phase === 'current') return { start, end: Math.max(start + random.int(1, 3) * DAY_MS, now + DAY_MS) };
  const end = alert.resolvedAt ?? start + random.int(1, 3) * DAY_MS;
  return { start, end: Math.min(Math.max(end, start + HOUR_MS), now - HOUR_MS) };
}

function taskFor(random: SeededRandom, asset: DemoAsset, person: Person): string {
  // The thermography technician's work is on the electrical side of an asset.
  const tags = person === 'thermo.tech' && asset.tags.includes('Electrical') ? ['Electrical'] : asset.tags;
  const tasks = tags.flatMap((tag) => TASKS[tag] ?? []);
  return random.pick(tasks.length > 0 ? tasks : GENERAL_TASKS);
}

/**
 * The generated orders (`count` of them; `alerts` are those they may follow — the ones the rule's
 * orders took are left out by the caller) as rows: pure apart from the ids, so the
 * same catalogue, history and day give the same orders.
 */
export function buildDemoWorkOrders(input: { assets: DemoAsset[]; people: DemoPeople; alerts: FollowedAlert[]; count: number }, now: number): DemoWorkOrders {
  const random = seededRandom(WORK_ORDER_SEED);
  const today = Math.floor(now / DAY_MS) * DAY_MS;
  const { ids } = input.people;
  const electrical = input.assets.filter((asset) => asset.tags.includes('Electrical'));
  const followed = [...input.alerts];
  const plans: Plan[] = [...FIXED_PLANS];
  for (let i = 0; i < ALERT_FOLLOW_UPS && followed.length > 0; i++) {
    const alert = followed.splice(random.int(0, followed.length - 1), 1)[0] as FollowedAlert;
    // Dealt with: resolved in the history, or a week old. Else the order is still being worked on.
    const done = alert.resolvedAt !== null || now - alert.timestamp > 7 * DAY_MS;
    plans.push({ person: random.chance(0.75) ? 'technician' : 'engineer', phase: done ? 'past' : 'current', alert, status: done ? COMPLETED_STATUS : undefined });
  }
  while (plans.length < input.count) {
    const phase = random.weighted({ past: 0.5, current: 0.25, future: 0.25 }) as Phase;
    plans.push({ person: random.weighted({ technician: 0.45, 'thermo.tech': 0.15, engineer: 0.25, admin: 0.15 }) as Person, phase });
  }

  const result: DemoWorkOrders = { orders: [], activity: [], resolutions: [] };
  for (const plan of plans.slice(0, input.count)) {
    const status = plan.status ?? statusFor(random, plan.phase);
    const asset = plan.alert
      ? (input.assets.find((a) => a._id === plan.alert?.asset) ?? random.pick(input.assets))
      : random.pick(plan.person === 'thermo.tech' && electrical.length > 0 ? electrical : input.assets);
    const window = plan.alert ? followUpWindow(random, plan.alert, plan.phase, now) : windowFor(random, plan.phase, today, now);
    const priority = plan.priority ?? (plan.alert ? priorityOfRank(plan.alert.levelRank) : (random.weighted({ High: 0.25, Medium: 0.45, Low: 0.3 }) as Priority));
    const createdAt = Math.min(window.start - random.int(1, 5) * DAY_MS + random.int(0, 8) * HOUR_MS, now - 2 * HOUR_MS);
    const order: OrderRow = {
      _id: newId(),
      title: plan.alert ? clippedTitle(`Investigate: ${alertText(plan.alert.message)}`) : taskFor(random, asset, plan.person),
      description: plan.alert ? 'Follow up the alert raised by the inspection.' : '',
      status,
      priority,
      asset: asset._id,
      assignedTo: ids[plan.person],
      startTimestamp: window.start,
      endTimestamp: window.end,
      alert: plan.alert?._id ?? null,
      // The column's default, said: these go in one statement with the rule's orders, which name their
      // type, and a row without a key the statement names stores null (bulkInsert).
      type: 'corrective',
      createdBy: random.chance(0.8) ? ids.engineer : ids.admin,
      createdAt: plan.alert ? Math.max(createdAt, plan.alert.timestamp + 30 * MINUTE_MS) : createdAt,
      updatedAt: createdAt,
    };
    const closing = plan.alert ? resolutionRemark(random, plan.alert.attributeTechnicalName ?? '') : random.pick(COMMENTS.close);
    const log = logOf(random, { ...plan, status }, order, ids, now, closing);
    const lastEntry = log[log.length - 1];
    order.updatedAt = Math.max(order.createdAt as number, lastEntry?.createdAt ?? 0);
    result.orders.push(order);
    result.activity.push(...log);
    if (plan.alert && status === COMPLETED_STATUS && lastEntry) {
      // As the server does on completion: resolved by who completed it, the closing comment as remark.
      result.resolutions.push({ alert: plan.alert._id, remark: closing, resolvedBy: lastEntry.user, resolvedAt: lastEntry.createdAt as number });
    }
  }
  return result;
}

async function loadPeople(db: Database): Promise<DemoPeople | null> {
  const rows = await db.select({ _id: users._id, username: users.username }).from(users).where(inArray(users.username, [...PEOPLE]));
  const byName = new Map(rows.map((row) => [row.username, row._id]));
  if (PEOPLE.some((person) => !byName.has(person))) return null;
  return { ids: Object.fromEntries(PEOPLE.map((person) => [person, byName.get(person) as string])) as Record<Person, string> };
}

/** Checklist alerts of the history an order may follow, in a stable order (ids are random). */
async function followableAlerts(db: Database, taken: ReadonlySet<string>): Promise<FollowedAlert[]> {
  const rows = await db
    .select({
      _id: alerts._id,
      asset: alerts.asset,
      timestamp: alerts.timestamp,
      resolvedAt: alerts.resolvedAt,
      message: alerts.message,
      levelRank: alertLevels.rank,
      attributeTechnicalName: attributes.technicalName,
    })
    .from(alerts)
    .innerJoin(alertLevels, eq(alertLevels._id, alerts.level))
    .leftJoin(attributes, eq(attributes._id, alerts.attribute))
    .where(and(isNull(alerts.type), sql`${alerts.inspection} is not null`))
    .orderBy(asc(alerts.timestamp), asc(alerts.message));
  return rows.filter((row) => !taken.has(row._id));
}

/** The demo's orders, once, while there are none (docs/work-orders.md, "Demo data"). */
export async function ensureDemoWorkOrders(db: Database, now = Date.now()): Promise<boolean> {
  const [{ n } = { n: 0 }] = await db.select({ n: count() }).from(workOrders);
  if (n > 0) return false;
  const people = await loadPeople(db);
  const catalogue = await db.select({ _id: assets._id, name: assets.name, tags: assets.tags }).from(assets).where(isNull(assets.archivedAt)).orderBy(asc(sql`lower(${assets.name})`));
  if (!people || catalogue.length === 0) return false;
  // What the first sweep would open, opened by the rule now: the demo starts with nothing left for it.
  const { rows: ruleRows } = await plannedOrders(db, sweptAlerts(now), now);
  const ruleOrders = ruleRows.slice(0, DEMO_WORK_ORDER_COUNT);
  const generated = buildDemoWorkOrders(
    { assets: catalogue, people, alerts: await followableAlerts(db, new Set(ruleOrders.map((row) => row.alert))), count: DEMO_WORK_ORDER_COUNT - ruleOrders.length },
    now,
  );
  return db.transaction(async (tx) => {
    const [{ again } = { again: 0 }] = await tx.select({ again: count() }).from(workOrders);
    if (again > 0) return false;
    const orders = [...ruleOrders, ...generated.orders];
    await bulkInsert(tx, workOrders, orders);
    // Each alert these follow has had its order, as the rule and the create call record it.
    await bulkInsert(tx, workOrderAlertClaims, orders.flatMap((order) => (order.alert ? [{ alert: order.alert, claimedAt: now }] : [])));
    await bulkInsert(tx, workOrderActivity, generated.activity);
    for (const resolution of generated.resolutions) {
      // Its completion resolved it (an alert the history had resolved is now resolved by the order instead).
      await tx.update(alerts).set({ remark: resolution.remark, resolvedBy: resolution.resolvedBy, resolvedAt: resolution.resolvedAt }).where(eq(alerts._id, resolution.alert));
    }
    return true;
  });
}
