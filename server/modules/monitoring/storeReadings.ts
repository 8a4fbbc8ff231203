import { and, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { newId } from '../../db/ids';
import { alerts, meterCrossings, pointStates, readings } from '../../db/schema';
import { jsonInsert } from '../../db/jsonRecords';
import type { AlertLevelRow } from '../inspections/thresholdAlerts';
import { escapeHtml } from '../inspections/thresholdAlerts';
import { applyEvent, stepPoint, type PointAlert, type PointConditions, type PointLevel, type Reading, type RuleEvent } from '../../../common/monitoring/alertRule';
import type { NewAlertEvent } from '../../../common/realtime';
import { withUnit } from '../../../common/monitoring/pointAlertView';
import type { CataloguePoint } from './pointCatalogue';
import { stepMeter, type MeterCrossing } from '../../../common/monitoring/meter';
import { openMeterOrders, type ServiceDue } from '../workOrders/meterOrders';
import type { WorkOrder } from '../../../common/resources/workOrder';

/**
 * How much older than its point's newest evaluated reading a reading may be and still be evaluated,
 * as it comes. Two processes share a point's readings (the broker hands each message to one) and
 * store their batches every few milliseconds: readings milliseconds apart are stored only about in
 * order, and a breach among them must still raise its alert. An older reading (a backfill behind
 * newer ones) is stored, not evaluated: alerts describe the present.
 */
export const REORDER_WINDOW_MS = 5_000;

/** A reading that passed its checks, for a known point. */
export interface AcceptedReading {
  point: CataloguePoint;
  ts: number;
  value: number;
  /** The key that sent it; null for a technician's value. */
  deviceKey: string | null;
  /** The inspection that recorded it; null for a sensor's. */
  inspection: string | null;
}

export interface StoreOutcome {
  /** Readings new to the database. */
  stored: number;
  /** Readings it already held (a QoS 1 redelivery, a gateway sending again). */
  duplicates: number;
  /** Stored readings older than their point's newest evaluated one by more than REORDER_WINDOW_MS: drawn in trends, not evaluated. */
  late: number;
  /** Alerts opened or fired again: new-alert pushes, and the work-order rule for the opened ones. */
  fired: NewAlertEvent[];
  opened: string[];
  /** Alerts whose detail changed in a way a reader would see (fired again, cleared). */
  changed: string[];
  /** Service crossings of counters recorded (common/monitoring/meter.ts), and the orders they opened. */
  crossings: number;
  serviceOrders: WorkOrder[];
}

/** The alert level a point's level raises: critical the most severe, warning the next (one level: that one). */
export function alertLevelFor(levels: readonly AlertLevelRow[], level: PointLevel): AlertLevelRow | null {
  if (levels.length === 0) return null;
  return level === 'critical' ? (levels[0] as AlertLevelRow) : (levels[1] ?? (levels[0] as AlertLevelRow));
}

function firstMessage(point: CataloguePoint, level: PointLevel, reading: Reading): string {
  const rule = point.rules.find((candidate) => candidate.level === level);
  const limit = rule ? `, ${level} ${rule.direction} ${withUnit(rule.threshold, point.unit)}` : '';
  return `<p><strong>${escapeHtml(point.name)}</strong> is <strong>${escapeHtml(withUnit(reading.value, point.unit))}</strong>${escapeHtml(limit)}.</p>`;
}

type AlertRow = typeof alerts.$inferSelect;

function asPointAlert(row: AlertRow): PointAlert {
  const explanation = row.explanation ?? { rule: { level: row.pointLevel as PointLevel, threshold: 0, direction: 'above', deadband: 0, minDurationMs: 0 }, history: [] };
  return {
    level: row.pointLevel as PointLevel,
    openedAt: row.timestamp,
    repeats: row.repeats,
    last: { ts: row.lastAt ?? row.timestamp, value: row.lastValue ?? 0 },
    worst: { ts: row.worstAt ?? row.timestamp, value: row.worstValue ?? 0 },
    clearedAt: row.clearedAt,
    rule: explanation.rule,
    history: explanation.history,
  };
}

const pointAlertColumns = (alert: PointAlert) => ({
  repeats: alert.repeats,
  lastValue: alert.last.value,
  lastAt: alert.last.ts,
  worstValue: alert.worst.value,
  worstAt: alert.worst.ts,
  clearedAt: alert.clearedAt,
  explanation: { rule: alert.rule, history: alert.history },
});

/**
 * Service crossings, each recorded once (the (point, cycle, multiple) key; the point's state is
 * locked already) and given its work order in the same transaction (workOrders/meterOrders.ts).
 */
async function recordCrossings(tx: Database, crossed: readonly { point: CataloguePoint; crossing: MeterCrossing }[], outcome: StoreOutcome): Promise<void> {
  const rows = crossed.map(({ point, crossing }) => ({ point: point._id, cycle: crossing.cycle, at: crossing.at, readingTs: crossing.reading.ts, value: crossing.reading.value }));
  const inserted = (await tx.execute(sql`${jsonInsert(meterCrossings, rows) as SQL} on conflict do nothing returning point_id, cycle, at`)) as unknown as { rows: { point_id: string; cycle: number; at: number }[] };
  const isNew = new Set(inserted.rows.map((row) => `${row.point_id}\n${row.cycle}\n${Number(row.at)}`));
  const fresh = crossed.filter(({ point, crossing }) => isNew.has(`${point._id}\n${crossing.cycle}\n${crossing.at}`));
  outcome.crossings = fresh.length;
  const due: ServiceDue[] = fresh.map(({ point, crossing }) => ({
    asset: point.asset, assetName: point.assetName, pointName: point.name, unit: point.unit, every: point.serviceEvery as number,
    task: point.serviceTask || point.name, at: crossing.at, reading: crossing.reading,
  }));
  const { opened } = await openMeterOrders(tx, due, Date.now());
  if (opened.length === 0) return;
  outcome.serviceOrders = opened;
  const links = JSON.stringify(fresh.map(({ point, crossing }, index) => ({ point_id: point._id, cycle: crossing.cycle, at: crossing.at, work_order_id: opened[index]?._id })));
  await tx.execute(sql`
    update meter_crossings set work_order_id = l.work_order_id
    from json_to_recordset(${links}::json) as l(point_id text, cycle int, at float8, work_order_id text)
    where meter_crossings.point_id = l.point_id and meter_crossings.cycle = l.cycle and meter_crossings.at = l.at`);
}

type PointState = typeof pointStates.$inferSelect;
/** A point state as `json_agg` gives it: the table's column names. */
interface PointStateRow { point_id: string; last_ts: number | null; last_value: number | null; conditions: PointConditions; meter_high: number | null; meter_cycle: number }

/** The points' state rows, locked in id order (two processes' batches lock the same points alike). */
const lockedStates = (ids: readonly string[]) =>
  sql`locked as (select * from point_states where point_id in (select json_array_elements_text(${JSON.stringify(ids)}::json)) order by point_id for update)`;
const statesColumn = sql`(select coalesce(json_agg(locked order by point_id), '[]') from locked) as states`;

const asStates = (rows: readonly PointStateRow[]): PointState[] =>
  rows.map((row) => ({ point: row.point_id, lastTs: row.last_ts, lastValue: row.last_value, conditions: row.conditions, meterHigh: row.meter_high, meterCycle: row.meter_cycle }));

async function lockStates(tx: Database, ids: readonly string[]): Promise<PointState[]> {
  const result = (await tx.execute(sql`with ${lockedStates(ids)} select ${statesColumn}`)) as unknown as { rows: [{ states: PointStateRow[] }] };
  return asStates(result.rows[0].states);
}

/**
 * The batch's readings inserted (a duplicate dropped by the (point, time) key) and its points'
 * states locked, in one statement: a storing transaction waits for the server's event loop once per
 * statement, and that loop is also taking thousands of messages a second (docs/performance-monitoring.md).
 */
async function insertAndLock(tx: Database, insert: SQL, ids: readonly string[]): Promise<{ fresh: [string, number | string][]; states: PointState[] }> {
  const result = (await tx.execute(sql`
    with inserted as (${insert} on conflict do nothing returning point_id, ts), ${lockedStates(ids)}
    select (select coalesce(json_agg(json_build_array(point_id, ts)), '[]') from inserted) as fresh, ${statesColumn}`)) as unknown as {
    rows: [{ states: PointStateRow[]; fresh: [string, number | string][] }];
  };
  const [row] = result.rows;
  return { fresh: row.fresh, states: asStates(row.states) };
}

/**
 * Stores readings once each and runs the new ones through their points' alert rules (DESIGN §17),
 * in one transaction: the readings (a duplicate is dropped by the (point, time) key) and the points'
 * states locked in id order (a reading is evaluated by one process, a batch in time order) in one
 * statement, the states written back in another, then the open alerts they change, if any. A reading
 * older than its point's newest evaluated one by more than REORDER_WINDOW_MS is stored, not evaluated.
 */
export async function storeReadings(db: Database, levels: readonly AlertLevelRow[], incoming: readonly AcceptedReading[]): Promise<StoreOutcome> {
  const outcome: StoreOutcome = { stored: 0, duplicates: 0, late: 0, fired: [], opened: [], changed: [], crossings: 0, serviceOrders: [] };
  if (incoming.length === 0) return outcome;
  // One reading per point and instant: a batch may carry a redelivery of its own reading.
  const unique = new Map<string, AcceptedReading>();
  for (const reading of incoming) unique.set(`${reading.point._id}\n${reading.ts}`, reading);
  const batch = [...unique.values()];
  outcome.duplicates = incoming.length - batch.length;

  return db.transaction(async (tx) => {
    const rows = batch.map((r) => ({ point: r.point._id, ts: r.ts, value: r.value, deviceKey: r.deviceKey, inspection: r.inspection }));
    const ids = [...new Set(batch.map((reading) => reading.point._id))].sort();
    const stored = await insertAndLock(tx, jsonInsert(readings, rows) as SQL, ids);
    outcome.stored = stored.fresh.length;
    outcome.duplicates += batch.length - stored.fresh.length;
    if (stored.fresh.length === 0) return outcome;
    let states = stored.states;
    if (states.length < ids.length) {
      // A point has its state row from its first reading on: a new point's is made, and all are locked again.
      const held = new Set(states.map((state) => state.point));
      await tx.insert(pointStates).values(ids.filter((id) => !held.has(id)).map((point) => ({ point }))).onConflictDoNothing();
      states = await lockStates(tx, ids);
    }

    const fresh = new Set(stored.fresh.map(([pointId, ts]) => `${pointId}\n${Number(ts)}`));
    const byPoint = new Map<string, AcceptedReading[]>();
    for (const reading of batch) {
      if (!fresh.has(`${reading.point._id}\n${reading.ts}`)) continue;
      byPoint.set(reading.point._id, [...(byPoint.get(reading.point._id) ?? []), reading]);
    }

    const events = new Map<string, RuleEvent[]>();
    const stateUpdates: { point: string; lastTs: number; lastValue: number; conditions: PointConditions; meterHigh: number | null; meterCycle: number }[] = [];
    const crossed: { point: CataloguePoint; crossing: MeterCrossing }[] = [];
    for (const state of states) {
      const readingsOfPoint = (byPoint.get(state.point) ?? []).sort((a, b) => a.ts - b.ts);
      const point = readingsOfPoint[0]?.point;
      if (!point) continue;
      const current = readingsOfPoint.filter((reading) => state.lastTs === null || reading.ts > state.lastTs - REORDER_WINDOW_MS);
      outcome.late += readingsOfPoint.length - current.length;
      if (current.length === 0) continue;
      const stepped = stepPoint(point.rules, state.conditions, current);
      const newestOfBatch = current[current.length - 1] as AcceptedReading;
      // A reading within the window but older than the state's newest leaves the newest as it was.
      const newest = state.lastTs !== null && state.lastValue !== null && state.lastTs > newestOfBatch.ts ? { ts: state.lastTs, value: state.lastValue } : newestOfBatch;
      // A point not serviced by its reading keeps its latest value: a service set later starts from it.
      const meter = point.serviceEvery === null ? { state: { value: newest.value, cycle: state.meterCycle }, crossings: [] } : stepMeter(point.serviceEvery, { value: state.meterHigh, cycle: state.meterCycle }, current);
      for (const crossing of meter.crossings) crossed.push({ point, crossing });
      stateUpdates.push({ point: state.point, lastTs: newest.ts, lastValue: newest.value, conditions: stepped.conditions, meterHigh: meter.state.value, meterCycle: meter.state.cycle });
      if (stepped.events.length > 0) events.set(state.point, stepped.events);
    }

    if (stateUpdates.length > 0) {
      const json = JSON.stringify(stateUpdates.map((u) => ({ point_id: u.point, last_ts: u.lastTs, last_value: u.lastValue, conditions: u.conditions, meter_high: u.meterHigh, meter_cycle: u.meterCycle })));
      await tx.execute(sql`
        update point_states set last_ts = u.last_ts, last_value = u.last_value, conditions = u.conditions, meter_high = u.meter_high, meter_cycle = u.meter_cycle
        from json_to_recordset(${json}::json) as u(point_id text, last_ts bigint, last_value float8, conditions jsonb, meter_high float8, meter_cycle int)
        where point_states.point_id = u.point_id`);
    }
    if (crossed.length > 0) await recordCrossings(tx, crossed, outcome);
    if (events.size === 0) return outcome;

    const openRows = await tx
      .select()
      .from(alerts)
      .where(and(inArray(alerts.point, [...events.keys()]), isNull(alerts.resolvedAt)))
      .for('update');
    const open = new Map(openRows.map((row) => [`${row.point}\n${row.pointLevel}`, row]));
    for (const [pointId, pointEvents] of events) {
      const point = (byPoint.get(pointId) as AcceptedReading[])[0]!.point;
      for (const level of new Set(pointEvents.map((event) => event.level))) {
        const rule = point.rules.find((candidate) => candidate.level === level);
        const alertLevel = alertLevelFor(levels, level);
        if (!rule || !alertLevel) continue;
        const existing = open.get(`${pointId}\n${level}`) ?? null;
        let alert: PointAlert | null = existing ? asPointAlert(existing) : null;
        let firings = 0;
        let cleared = false;
        for (const event of pointEvents.filter((candidate) => candidate.level === level)) {
          alert = applyEvent(alert, rule, event);
          if (event.type === 'fired') firings += 1;
          if (event.type === 'rearmed' && alert) cleared = true;
        }
        if (!alert) continue;
        const push = (_id: string): NewAlertEvent => ({
          _id, asset: point.asset, inspection: null, level: alertLevel._id, timestamp: alert!.last.ts, assetName: point.assetName, levelName: alertLevel.name, color: alertLevel.color,
        });
        if (!existing) {
          const _id = newId();
          await tx.insert(alerts).values({
            _id, inspection: null, asset: point.asset, checklist: null, attribute: point.attribute, level: alertLevel._id,
            message: firstMessage(point, level, alert.history[0] ? { ts: alert.history[0].ts, value: alert.history[0].value } : alert.last),
            timestamp: alert.openedAt, severityLevel: { text: alertLevel.name, color: alertLevel.color }, type: 'PointAlert',
            point: pointId, pointLevel: level, ...pointAlertColumns(alert),
          });
          outcome.opened.push(_id);
          outcome.fired.push(push(_id));
          continue;
        }
        await tx.update(alerts).set(pointAlertColumns(alert)).where(sql`${alerts._id} = ${existing._id}`);
        if (firings > 0) outcome.fired.push(push(existing._id));
        if (firings > 0 || cleared) outcome.changed.push(existing._id);
      }
    }
    return outcome;
  });
}
