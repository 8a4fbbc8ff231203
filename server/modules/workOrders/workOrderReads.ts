import { asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client';
import { assets, users, workOrderActivity, workOrders } from '../../db/schema';
import type { Period, PeriodPage } from '../../http/period';
import type { WorkOrder, WorkOrderActivity, WorkOrderAlertSummary, WorkOrderDetail } from '../../../common/resources/workOrder';
import { alertById } from '../alerts/alertReads';
import type { SortField } from './workOrderFields';
import { accountingOf } from './accountingReads';

type Executor = Pick<Database, 'execute'>;
type Direction = 'asc' | 'desc';

/** One term of a list's order: a sortable field and its direction. */
export interface SortTerm {
  field: SortField;
  direction: Direction;
}

const w = workOrders;
const assetName = sql`coalesce(${assets.name}, '')`;
/** A user without a name is shown by username, as everywhere else. */
const personName = (table: typeof users) => sql`coalesce(nullif(${table.name}, ''), ${table.username}, '')`;
const assigneeName = personName(users);

/** The configured values in their order: a value the config no longer holds sorts after them. */
const configuredOrder = (column: PgColumn, values: readonly string[]): SQL =>
  values.length === 0 ? sql`0` : sql`coalesce(array_position(array[${sql.join(values.map((value) => sql`${value}`), sql`, `)}]::text[], ${column}), ${values.length + 1})`;

/** What each sortable field orders by (workOrderFields.ts explains names and configured orders). */
function sortExpressions(term: SortTerm, order: { statusValues: readonly string[]; priorityValues: readonly string[] }): SQL[] {
  switch (term.field) {
    case 'title':
      return [sql`lower(${w.title})`];
    case 'status':
      return [configuredOrder(w.status, order.statusValues), sql`${w.status}`];
    case 'priority':
      return [configuredOrder(w.priority, order.priorityValues), sql`${w.priority}`];
    case 'asset':
    case 'assetName':
      return [sql`lower(${assetName})`];
    case 'assignedTo':
    case 'assignedToName':
      return [sql`lower(${assigneeName})`];
    case 'startTimestamp':
      return [sql`${w.startTimestamp}`];
    case 'endTimestamp':
      return [sql`${w.endTimestamp}`];
    case 'createdAt':
      return [sql`${w.createdAt}`];
    case 'updatedAt':
      return [sql`${w.updatedAt}`];
    case 'type':
      return [sql`${w.type}`];
    case 'completedAt':
      return [sql`${w.completedAt}`];
    case '_id':
    case 'id':
      return [sql`${w._id}`];
  }
}

/**
 * ORDER BY of a list: the terms, then the id in the first term's direction — for the default
 * order (start, newest first) that is the (start_timestamp, id) index read backwards, so the
 * first page of 10,000 orders reads 25 index entries (bench/workOrderList.ts).
 */
export function orderBy(terms: readonly SortTerm[], order: { statusValues: readonly string[]; priorityValues: readonly string[] }): SQL {
  const parts = terms.flatMap((term) => sortExpressions(term, order).map((expression) => sql`${expression} ${sql.raw(term.direction)}`));
  parts.push(sql`${w._id} ${sql.raw(terms[0]?.direction ?? 'asc')}`);
  return sql.join(parts, sql`, `);
}

export const OWN_ORDERS_ORDER = sql`${w.startTimestamp} asc, ${w._id} asc`;

/** Orders whose window overlaps the period, through the GiST index on the same expression. */
export const overlapping = (period: Period): SQL => sql`int8range(${w.startTimestamp}, ${w.endTimestamp}, '[]') && int8range(${period.start}::bigint, ${period.end}::bigint, '[]')`;

/** Case-insensitive substring of title, asset name, assignee name, status or priority (docs/work-orders.md). */
export function searching(text: string): SQL {
  const pattern = `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return sql`(${w.title} ilike ${pattern} or ${assetName} ilike ${pattern} or ${assigneeName} ilike ${pattern} or ${w.status} ilike ${pattern} or ${w.priority} ilike ${pattern})`;
}

const FROM = sql`${w} left join ${assets} on ${assets._id} = ${w.asset} left join ${users} on ${users._id} = ${w.assignedTo}`;
/** The list's FROM with who completed each order (their name on the row). */
const LISTED_FROM = sql`${FROM} left join ${users} as completer on completer.id = ${w.completedBy}`;

/** The rows as the list serves them (common WorkOrder), JSON built inside PostgreSQL. */
function listStatement(where: SQL | undefined, order: SQL, page: { offset: number; limit: number }): SQL {
  return sql`select coalesce(json_agg(row_to_json(listed)), '[]'::json)::text as body, count(*)::int as count from (
    select ${w._id} as "_id", ${w.title} as "title", ${w.description} as "description", ${w.status} as "status", ${w.priority} as "priority",
      ${w.asset} as "asset", ${assetName} as "assetName", ${w.assignedTo} as "assignedTo", ${assigneeName} as "assignedToName",
      ${w.startTimestamp} as "startTimestamp", ${w.endTimestamp} as "endTimestamp", ${w.alert} as "alert",
      ${w.type} as "type", ${w.estimatedHours} as "estimatedHours", ${w.downtimeStart} as "downtimeStart", ${w.downtimeEnd} as "downtimeEnd",
      ${w.procedure} as "procedure", ${w.completedBy} as "completedBy",
      case when ${w.completedBy} is null then null else coalesce(nullif(completer.name, ''), completer.username, '') end as "completedByName",
      ${w.completedAt} as "completedAt", ${w.createdBy} as "createdBy",
      ${w.createdAt} as "createdAt", ${w.updatedAt} as "updatedAt"
    from ${LISTED_FROM}
    ${where ? sql`where ${where}` : sql``}
    order by ${order}
    limit ${page.limit} offset ${page.offset}
  ) listed`;
}

/** A page of orders as JSON text, and how many rows it holds. */
export async function listWorkOrders(db: Executor, where: SQL | undefined, order: SQL, page: PeriodPage): Promise<{ body: string; rows: number }> {
  const result = (await db.execute(listStatement(where, order, page))) as unknown as { rows: { body: string; count: number }[] };
  const row = result.rows[0];
  return { body: row?.body ?? '[]', rows: row?.count ?? 0 };
}

export async function countWorkOrders(db: Executor, where: SQL | undefined): Promise<number> {
  const result = (await db.execute(sql`select count(*)::int as total from ${FROM} ${where ? sql`where ${where}` : sql``}`)) as unknown as { rows: { total: number }[] };
  return result.rows[0]?.total ?? 0;
}

/** One order as the list shows it, or null. */
export async function workOrderRow(db: Executor, id: string): Promise<WorkOrder | null> {
  const { body } = await listWorkOrders(db, eq(w._id, id), OWN_ORDERS_ORDER, { offset: 0, limit: 1, ranged: false });
  const [order] = JSON.parse(body) as WorkOrder[];
  return order ?? null;
}

/** An order's log, newest first (spec §2.3); entries of the same millisecond by id, as written (writes keep times rising). */
export async function activityOf(db: Database, orderId: string): Promise<WorkOrderActivity[]> {
  const a = workOrderActivity;
  const rows = await db
    .select({ _id: a._id, user: a.user, userName: personName(users).mapWith(String), comment: a.comment, photos: a.photos, createdAt: a.createdAt, statusFrom: a.statusFrom, statusTo: a.statusTo })
    .from(a)
    .leftJoin(users, eq(users._id, a.user))
    .where(eq(a.workOrder, orderId))
    .orderBy(desc(a.createdAt), desc(a._id));
  // Photos only where there are some: the spec's log entry has none.
  return rows.map(({ statusFrom, statusTo, photos, ...entry }) => ({
    ...entry,
    ...(photos.length > 0 ? { photos } : {}),
    ...(statusFrom !== null && statusTo !== null ? { statusChange: { from: statusFrom, to: statusTo } } : {}),
  }));
}

/**
 * The alert an order was opened for, as its detail shows it (technicians hold no read-alert, so
 * the order brings what they need): the alert detail's own read (alertReads.ts), trimmed.
 */
export async function alertSummaryOf(db: Database, alertId: string | null): Promise<WorkOrderAlertSummary | null> {
  if (alertId === null) return null;
  const alert = await alertById(db, alertId);
  if (!alert) return null;
  return {
    _id: alert._id,
    message: alert.message,
    levelName: alert.levelName ?? alert.severityLevel.text,
    color: alert.severityLevel.color,
    timestamp: alert.timestamp,
    resolvedAt: alert.resolvedAt,
    inspection: alert.inspection,
    checklistName: alert.checklistName,
    inspectedByName: alert.inspectedBy,
    // The inspection's values are stored in checklist order (submitInspection.ts).
    values: alert.attributeData.map(({ attribute, name, type, value }) => ({ attribute, name, type, value })),
  };
}

/** GET /workOrder/{id}: the row, its log, its alert and its accounting; null when there is no such order. */
export async function workOrderDetail(db: Database, id: string): Promise<WorkOrderDetail | null> {
  const order = await workOrderRow(db, id);
  if (!order) return null;
  const [activity, alertSummary, accounting] = await Promise.all([activityOf(db, id), alertSummaryOf(db, order.alert), accountingOf(db, id, order.procedure)]);
  return { ...order, activity, alertSummary, ...accounting };
}

/** Current assets by name (GET /workOrder/config `assets`): archived ones take no new work. */
export async function assetChoices(db: Database): Promise<{ _id: string; name: string }[]> {
  return db.select({ _id: assets._id, name: assets.name }).from(assets).where(sql`${assets.archivedAt} is null`).orderBy(asc(sql`lower(${assets.name})`), asc(assets._id));
}
