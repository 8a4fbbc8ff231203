import type { Database } from '../../db/client';
import { newId } from '../../db/ids';
import { auditLog, workOrders } from '../../db/schema';
import { bulkInsert } from '../../db/jsonRecords';
import type { WorkOrder } from '../../../common/resources/workOrder';
import { withUnit } from '../../../common/monitoring/pointAlertView';
import { canHoldOrders, displayName, usersByIdOrUsername } from './assignees';
import { clippedTitle, listedOrder, orderAuditEntries, type Assignee, type OrderRow } from './autoCreate';
import { INSPECTOR, loadWorkOrderSettings, type AutoCreateRule } from './workOrderSettings';

const HOUR_MS = 3_600_000;

/** A crossing of a counter's service multiple (common/monitoring/meter.ts), with what the order says of it. */
export interface ServiceDue {
  asset: string;
  assetName: string;
  pointName: string;
  unit: string;
  every: number;
  /** The order's subject: the point's service task, else its name. */
  task: string;
  at: number;
  reading: { ts: number; value: number };
}

type MeterOrderRow = Omit<OrderRow, 'alert'> & { alert: null };

/**
 * Who takes meter orders: the user `workOrder.autoCreate` names (`assignTo`), else its
 * `fallbackAssignee` — the rule's answer for work no technician's inspection raised, as for a
 * sensor's alert. Nobody (no such user, or one who cannot hold orders): null.
 */
async function meterAssignee(db: Database, rule: AutoCreateRule): Promise<Assignee | null> {
  const names = [rule.assignTo === INSPECTOR ? null : rule.assignTo, rule.fallbackAssignee].filter((name): name is string => name !== null);
  if (names.length === 0) return null;
  const { byUsername } = await usersByIdOrUsername(db, [], names);
  for (const name of names) {
    const user = byUsername.get(name.toLowerCase());
    if (user && canHoldOrders(user)) return { _id: user._id, name: displayName(user) };
  }
  return null;
}

const serviceTitle = (due: ServiceDue): string => clippedTitle(`Service at ${withUnit(due.at, due.unit)}: ${due.assetName} — ${due.task}`);

const serviceDescription = (due: ServiceDue): string =>
  `Opened by the meter: ${due.pointName} read ${withUnit(due.reading.value, due.unit)} at ${new Date(due.reading.ts).toISOString()}, ` +
  `passing ${withUnit(due.at, due.unit)} (a service every ${withUnit(due.every, due.unit)}).`;

export interface MeterOrdersOutcome {
  /** The orders made, in the order of `due`, each as the list reads it; none when nobody could be assigned. */
  opened: WorkOrder[];
}

/**
 * Work orders for service crossings just recorded (DESIGN §17), written with the caller's
 * transaction — the one that recorded the crossings under the point's lock, so a crossing and its
 * order are stored together or not at all. Status: the first status value; priority: the second
 * value (Medium by default; the first when there is one) — planned work, not an alarm; from the
 * reading that crossed to the rule's `dueHours` later; assigned as `meterAssignee` says.
 */
export async function openMeterOrders(db: Database, due: readonly ServiceDue[], now: number): Promise<MeterOrdersOutcome> {
  if (due.length === 0) return { opened: [] };
  const settings = await loadWorkOrderSettings(db, ['autoCreate', 'statusValues', 'priorityValues']);
  const assignee = await meterAssignee(db, settings.autoCreate);
  if (!assignee) return { opened: [] };
  const priority = settings.priorityValues[Math.min(1, settings.priorityValues.length - 1)] as string;
  const rows: MeterOrderRow[] = due.map((crossing) => ({
    _id: newId(),
    title: serviceTitle(crossing),
    description: serviceDescription(crossing),
    status: settings.statusValues[0] as string,
    priority,
    asset: crossing.asset,
    assignedTo: assignee._id,
    startTimestamp: crossing.reading.ts,
    endTimestamp: crossing.reading.ts + Math.round(settings.autoCreate.dueHours * HOUR_MS),
    alert: null,
    type: 'preventive',
    createdBy: null,
    createdAt: now,
    updatedAt: now,
  }));
  await bulkInsert(db, workOrders, rows);
  await bulkInsert(db, auditLog, orderAuditEntries(rows));
  return { opened: rows.map((row, index) => listedOrder(row, (due[index] as ServiceDue).assetName, assignee)) };
}
