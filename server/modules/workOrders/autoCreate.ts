import { and, getTableColumns, gte, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { AuthUser } from '../../auth/access';
import type { Database } from '../../db/client';
import { newId } from '../../db/ids';
import { alertLevels, alerts, assets, auditLog, inspections, workOrderAlertClaims, workOrders } from '../../db/schema';
import { jsonInsert } from '../../db/jsonRecords';
import type { Publisher } from '../../realtime/pushHub';
import { diffRecords } from '../../crud/auditLog';
import { TITLE_MAX_LENGTH, type WorkOrder } from '../../../common/resources/workOrder';
import type { WorkOrderType } from '../../../common/resources/workAccounting';
import { canHoldOrders, displayName, HOLDS_ORDERS, usersByIdOrUsername } from './assignees';
import { publishWorkOrderWrite } from './workOrderPushes';
import { INSPECTOR, loadWorkOrderSettings, type AutoCreateRule, type WorkOrderSettings } from './workOrderSettings';

/**
 * The inspection → action loop (DESIGN §11, docs/work-orders.md last section): an alert at a level
 * the config entry `workOrder.autoCreate` names opens a work order for its asset — once per alert,
 * however many processes and paths try (the unique index on work_orders.alert_id, inserted with
 * ON CONFLICT DO NOTHING) — assigned by the rule and pushed to its assignee.
 */

const HOUR_MS = 3_600_000;
/** How far back the sweep looks: alerts a crash left without their order. */
export const SWEEP_LOOKBACK_MS = 24 * HOUR_MS;

/** An open alert at one of the rule's levels, on a current asset, that has no order yet. */
interface Candidate {
  _id: string;
  asset: string;
  assetName: string;
  message: string;
  timestamp: number;
  levelName: string;
  levelTechnicalName: string;
  levelRank: number;
  inspector: string | null;
  /** A measurement point's alert: the order is condition-based work, not an inspection's follow-up. */
  point: string | null;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", nbsp: ' ' };
/** Tags that set their text apart (a paragraph, a line break, a list item): flattened, they leave a space. */
const BLOCK_TAG = /<\/?(?:p|div|br|li|ul|ol|table|thead|tbody|tr|td|th|h[1-6]|blockquote|pre|hr)\b[^>]*>/gi;

/**
 * An alert's HTML message as one line of text (messages are built with escapeHtml,
 * thresholdAlerts.ts). A tag inside a line (<strong>) goes without a trace, so "is
 * <strong>9.4</strong>, alert" reads "is 9.4, alert" and not "is 9.4 , alert"; one that ends a
 * block leaves a space, as the browser's htmlAsText does.
 */
export function alertText(html: string): string {
  return html
    .replace(BLOCK_TAG, ' ')
    .replace(/<[^>]*>/g, '')
    .replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (_match, name: string) => ENTITIES[name] ?? '')
    .replace(/\s+/g, ' ')
    .trim();
}

/** A title cut to what an order's title may hold, marked as cut. */
export const clippedTitle = (text: string): string => (text.length <= TITLE_MAX_LENGTH ? text : `${text.slice(0, TITLE_MAX_LENGTH - 1).trimEnd()}…`);

/** The rule's priority for a level, else the priority value of the level's rank (Critical, rank 1 → the first: High). */
export function priorityFor(rule: AutoCreateRule, priorityValues: readonly string[], level: { technicalName: string; rank: number }): string {
  const named = rule.priorities[level.technicalName];
  if (named !== undefined && priorityValues.includes(named)) return named;
  const index = Math.min(Math.max(level.rank - 1, 0), priorityValues.length - 1);
  return priorityValues[index] as string;
}

async function candidates(db: Database, which: SQL, levels: readonly string[]): Promise<Candidate[]> {
  return db
    .select({
      _id: alerts._id,
      asset: alerts.asset,
      assetName: assets.name,
      message: alerts.message,
      timestamp: alerts.timestamp,
      levelName: alertLevels.name,
      levelTechnicalName: alertLevels.technicalName,
      levelRank: alertLevels.rank,
      inspector: inspections.user,
      point: alerts.point,
    })
    .from(alerts)
    .innerJoin(alertLevels, sql`${alertLevels._id} = ${alerts.level}`)
    .innerJoin(assets, sql`${assets._id} = ${alerts.asset}`)
    .leftJoin(inspections, sql`${inspections._id} = ${alerts.inspection}`)
    .where(
      and(
        which,
        isNull(alerts.resolvedAt),
        inArray(alertLevels.technicalName, [...levels]),
        // An archived asset takes no new work (docs/administration.md).
        isNull(assets.archivedAt),
        sql`not exists (select 1 from ${workOrders} where ${workOrders.alert} = ${alerts._id})`,
        // Acted on before: its order was deleted by someone, and stays deleted.
        sql`not exists (select 1 from ${workOrderAlertClaims} where ${workOrderAlertClaims.alert} = ${alerts._id})`,
      ),
    )
    .orderBy(alerts.timestamp, alerts._id);
}

/** Who an order goes to: the user's id, and their name as lists show it. */
export interface Assignee {
  _id: string;
  name: string;
}

/**
 * The assignee of each candidate: the inspecting technician (`assignTo: "inspector"`) or the named
 * user, when they can hold orders; else `fallbackAssignee`; else none (the alert stays without an
 * order, counted as skipped). The inspectors and the named users are read in one statement — or
 * none, when every candidate's inspector is `submitter`, the signed-in user of the submit, who holds
 * orders: the request already knows them as the database would tell (active, effective permissions).
 */
async function assigneesOf(db: Database, rule: AutoCreateRule, found: readonly Candidate[], submitter: AuthUser | null): Promise<Map<string, Assignee>> {
  const chosen = new Map<string, Assignee>();
  if (rule.assignTo === INSPECTOR && submitter?.permissions.has(HOLDS_ORDERS) && found.every((candidate) => candidate.inspector === submitter._id)) {
    for (const candidate of found) chosen.set(candidate._id, { _id: submitter._id, name: displayName(submitter) });
    return chosen;
  }
  const inspectors = rule.assignTo === INSPECTOR ? found.flatMap((c) => (c.inspector ? [c.inspector] : [])) : [];
  const names = [rule.assignTo === INSPECTOR ? null : rule.assignTo, rule.fallbackAssignee].filter((name): name is string => name !== null);
  const { byId: byInspector, byUsername: named } = await usersByIdOrUsername(db, inspectors, names);
  const usable = (user: Parameters<typeof canHoldOrders>[0] | undefined): Assignee | null => (user && canHoldOrders(user) ? { _id: user._id, name: displayName(user) } : null);
  const fallback = rule.fallbackAssignee === null ? null : usable(named.get(rule.fallbackAssignee.toLowerCase()));
  for (const candidate of found) {
    const first = rule.assignTo === INSPECTOR ? usable(candidate.inspector ? byInspector.get(candidate.inspector) : undefined) : usable(named.get(rule.assignTo.toLowerCase()));
    const assignee = first ?? fallback;
    if (assignee) chosen.set(candidate._id, assignee);
  }
  return chosen;
}

function ruleOrder(candidate: Candidate, assignedTo: string, settings: Pick<WorkOrderSettings, 'autoCreate' | 'statusValues' | 'priorityValues'>, now: number): OrderRow {
  const text = alertText(candidate.message);
  return {
    _id: newId(),
    title: clippedTitle(`${candidate.levelName} alert: ${candidate.assetName} — ${text}`),
    description: `Opened automatically for the ${candidate.levelName} alert on ${candidate.assetName}: ${text}`,
    status: settings.statusValues[0] as string,
    priority: priorityFor(settings.autoCreate, settings.priorityValues, { technicalName: candidate.levelTechnicalName, rank: candidate.levelRank }),
    asset: candidate.asset,
    assignedTo,
    startTimestamp: candidate.timestamp,
    endTimestamp: candidate.timestamp + Math.round(settings.autoCreate.dueHours * HOUR_MS),
    alert: candidate._id,
    type: candidate.point === null ? 'inspection-follow-up' : 'condition-based',
    createdBy: null,
    createdAt: now,
    updatedAt: now,
  };
}

export type OrderRow = typeof workOrders.$inferInsert & { _id: string; description: string; assignedTo: string; startTimestamp: number; alert: string; type: WorkOrderType; createdAt: number; updatedAt: number };

export interface PlannedOrders {
  /** The orders the rule asks for, not yet stored. */
  rows: OrderRow[];
  /** Each row as lists show it (common WorkOrder): with its asset's and its assignee's names. */
  listed: WorkOrder[];
  /** Alerts the rule wanted an order for but found nobody to assign it to. */
  unassigned: string[];
}

export type RuleSettings = Pick<WorkOrderSettings, 'autoCreate' | 'statusValues' | 'priorityValues'>;

/**
 * The rule and the values its orders take. A submit raising alerts asks for it as it writes them,
 * so both statements run at once (a rejection is left to whoever awaits it).
 */
export function loadRule(db: Database): Promise<RuleSettings> {
  const rule = loadWorkOrderSettings(db, ['autoCreate', 'statusValues', 'priorityValues']);
  rule.catch(() => undefined);
  return rule;
}

/** An order row as the list reads it back (workOrderReads.ts listStatement): what a push carries. */
export const listedOrder = (row: Omit<OrderRow, 'alert'> & { alert: string | null }, assetName: string, assignee: Assignee): WorkOrder => ({
  _id: row._id,
  title: row.title,
  description: row.description,
  status: row.status,
  priority: row.priority,
  asset: row.asset,
  assetName,
  assignedTo: row.assignedTo,
  assignedToName: assignee.name,
  startTimestamp: row.startTimestamp,
  endTimestamp: row.endTimestamp,
  alert: row.alert,
  type: row.type,
  estimatedHours: null,
  downtimeStart: null,
  downtimeEnd: null,
  procedure: null,
  completedBy: null,
  completedByName: null,
  completedAt: null,
  createdBy: row.createdBy ?? null,
  createdAt: row.createdAt,
  updatedAt: row.updatedAt,
});

/** The orders for these candidates, each with its assignee; those nobody can be given are `unassigned`. */
async function planned(db: Database, settings: RuleSettings, found: readonly Candidate[], now: number, submitter: AuthUser | null = null): Promise<PlannedOrders> {
  if (found.length === 0) return { rows: [], listed: [], unassigned: [] };
  const assignees = await assigneesOf(db, settings.autoCreate, found, submitter);
  const rows: OrderRow[] = [];
  const listed: WorkOrder[] = [];
  for (const candidate of found) {
    const assignee = assignees.get(candidate._id);
    if (!assignee) continue;
    const row = ruleOrder(candidate, assignee._id, settings, now);
    rows.push(row);
    listed.push(listedOrder(row, candidate.assetName, assignee));
  }
  return { rows, listed, unassigned: found.filter((candidate) => !assignees.has(candidate._id)).map((candidate) => candidate._id) };
}

/**
 * The orders the rule opens for the alerts `which` selects: title `<level> alert: <asset> —
 * <alert text>`, the first status, the level's priority, from the alert to `dueHours` later.
 * The demo seed makes the orders of its recent alerts with it, as the sweep would have.
 */
export async function plannedOrders(db: Database, which: SQL, now: number): Promise<PlannedOrders> {
  const settings = await loadRule(db);
  if (settings.autoCreate.levels.length === 0) return { rows: [], listed: [], unassigned: [] };
  return planned(db, settings, await candidates(db, which, settings.autoCreate.levels), now);
}

export interface AutoCreateOutcome {
  opened: WorkOrder[];
  /** Alerts the rule wanted an order for but found nobody to assign it to. */
  unassigned: string[];
}

const NONE: AutoCreateOutcome = { opened: [], unassigned: [] };

/** The audit entries of orders the system opened, as recordAudit writes them: each row's changes as diffRecords sees the row inserted. */
export function orderAuditEntries(rows: readonly (typeof workOrders.$inferInsert & { _id: string })[]): (typeof auditLog.$inferInsert)[] {
  const columns = Object.keys(getTableColumns(workOrders));
  return rows.map((row) => ({
    _id: newId(),
    entity: 'workOrder',
    recordId: row._id,
    action: 'create',
    userId: null,
    userName: '',
    at: Date.now(),
    changes: diffRecords(null, Object.fromEntries(columns.map((column) => [column, (row as Record<string, unknown>)[column] ?? null]))),
  }));
}

/**
 * Stores the planned orders, each with its claim on its alert and its audit entry, as one statement
 * (atomic on its own: no BEGIN and COMMIT round trips). Another process (the submit beside a sweep)
 * may have claimed some meanwhile: theirs stand, ours are not made. The ids of the orders made.
 */
async function storeOrders(db: Database, rows: readonly OrderRow[], now: number): Promise<string[]> {
  const claims = jsonInsert(workOrderAlertClaims, rows.map((row) => ({ alert: row.alert, claimedAt: now }))) as SQL;
  const orders = jsonInsert(workOrders, rows) as SQL;
  const audit = jsonInsert(auditLog, orderAuditEntries(rows)) as SQL;
  const { rows: made } = (await db.execute(sql`with claimed as (${claims} on conflict do nothing returning ${sql.identifier(workOrderAlertClaims.alert.name)}),
    inserted as (${orders} where ${sql.identifier(workOrders.alert.name)} in (select ${sql.identifier(workOrderAlertClaims.alert.name)} from claimed)
      on conflict (${sql.identifier(workOrders.alert.name)}) do nothing returning ${sql.identifier(workOrders._id.name)} as id),
    audited as (${audit} where ${sql.identifier(auditLog.recordId.name)} in (select id from inserted))
    select id from inserted`)) as unknown as { rows: { id: string }[] };
  return made.map((row) => row.id);
}

/**
 * Stores the planned orders; those made are returned as the list would read them back — built
 * from the rows just written rather than read (one round trip less on a submit's path), in the
 * list's own order of an assignee's orders: start, then id.
 */
async function openPlanned({ rows, listed, unassigned }: PlannedOrders, db: Database, now: number): Promise<AutoCreateOutcome> {
  if (rows.length === 0) return { opened: [], unassigned };
  const created = new Set(await storeOrders(db, rows, now));
  const opened = listed
    .filter((order) => created.has(order._id))
    .sort((a, b) => a.startTimestamp - b.startTimestamp || (a._id < b._id ? -1 : a._id > b._id ? 1 : 0));
  return { opened, unassigned };
}

async function openFor(db: Database, which: SQL, now: number): Promise<AutoCreateOutcome> {
  return openPlanned(await plannedOrders(db, which, now), db, now);
}

/** Orders for these just-stored alerts (a submit, an approval, a job's createAlert). */
export async function openWorkOrdersForAlerts(db: Database, alertIds: readonly string[], now = Date.now()): Promise<AutoCreateOutcome> {
  if (alertIds.length === 0) return NONE;
  return openFor(db, inArray(alerts._id, [...alertIds]), now);
}

/**
 * A just-stored alert as the request that stored it knows it — everything the candidates' query
 * would read back: an alert of a moment ago is open, has no order and no claim, and its asset took
 * the inspection, so is not archived.
 */
export interface StoredAlert {
  _id: string;
  asset: string;
  assetName: string;
  message: string;
  timestamp: number;
  level: { name: string; technicalName: string; rank: number };
  /** The user who inspected. */
  inspector: string;
}

/**
 * Orders for the alerts a submit just stored (DESIGN §11), as `openWorkOrdersForAlerts` opens
 * them, without reading the alerts back: the rule, the assignees when an alert is at one of its
 * levels (none to read when the rule gives them to the inspector, `submitter`, who holds orders),
 * and the orders with their claims and audit entries.
 */
export async function openWorkOrdersForStoredAlerts(
  db: Database,
  stored: readonly StoredAlert[],
  rule: Promise<RuleSettings> | null = null,
  submitter: AuthUser | null = null,
  now = Date.now(),
): Promise<AutoCreateOutcome> {
  if (stored.length === 0) return NONE;
  const settings = await (rule ?? loadRule(db));
  const found: Candidate[] = stored
    .filter((alert) => settings.autoCreate.levels.includes(alert.level.technicalName))
    .sort((a, b) => a.timestamp - b.timestamp || (a._id < b._id ? -1 : a._id > b._id ? 1 : 0))
    .map((alert) => ({
      _id: alert._id,
      asset: alert.asset,
      assetName: alert.assetName,
      message: alert.message,
      timestamp: alert.timestamp,
      levelName: alert.level.name,
      levelTechnicalName: alert.level.technicalName,
      levelRank: alert.level.rank,
      inspector: alert.inspector,
      // A submit's alerts come from an inspection: its orders follow it up.
      point: null,
    }));
  return openPlanned(await planned(db, settings, found, now, submitter), db, now);
}

/** The alerts the sweep looks at: those of the last 24 hours. */
export const sweptAlerts = (now: number): SQL => gte(alerts.timestamp, now - SWEEP_LOOKBACK_MS);

/** The sweep: open alerts of the last 24 hours that should have an order and have none. */
export async function sweepAlertsWithoutOrders(db: Database, now = Date.now()): Promise<AutoCreateOutcome> {
  return openFor(db, sweptAlerts(now), now);
}

/** Each opened order pushed: update-detail to those who may read it, new-work-order to its assignee. */
export function publishOpened(pushes: Publisher, outcome: AutoCreateOutcome): void {
  for (const order of outcome.opened) publishWorkOrderWrite(pushes, order._id, { assignees: [order.assignedTo], order, newAssignee: order.assignedTo });
}

/** The alerts of a submit as it stored them, the rule it asked for as it wrote them, and who submitted. */
export interface SubmitAlerts {
  alerts: readonly StoredAlert[];
  rule: Promise<RuleSettings> | null;
  submitter: AuthUser;
}

// Array.isArray does not narrow a readonly array out of a union.
const isIdList = (alertsStored: readonly string[] | SubmitAlerts): alertsStored is readonly string[] => Array.isArray(alertsStored);

/**
 * Where alerts are stored: opens their orders and pushes them. Awaited, but never fails the
 * store it follows — the alert is stored already, and the sweep opens what this could not. The
 * alerts by id, or (a submit) as stored with the rule it asked for as it wrote them.
 */
export async function openWorkOrdersAfterAlerts(db: Database, pushes: Publisher, alertsStored: readonly string[] | SubmitAlerts, onError: (error: unknown) => void): Promise<AutoCreateOutcome> {
  try {
    const outcome = isIdList(alertsStored)
      ? await openWorkOrdersForAlerts(db, alertsStored)
      : await openWorkOrdersForStoredAlerts(db, alertsStored.alerts, alertsStored.rule, alertsStored.submitter);
    publishOpened(pushes, outcome);
    return outcome;
  } catch (error) {
    onError(error);
    return NONE;
  }
}
