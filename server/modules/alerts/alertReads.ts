import { and, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client';
import { alertLevels, alerts, assets, attributes, checklists, inspections, users } from '../../db/schema';

const resolver = alias(users, 'resolver');
const acknowledger = alias(users, 'acknowledger');

const alertColumns = {
  _id: alerts._id,
  inspection: alerts.inspection,
  asset: alerts.asset,
  checklist: alerts.checklist,
  attribute: alerts.attribute,
  record: alerts.record,
  level: alerts.level,
  message: alerts.message,
  timestamp: alerts.timestamp,
  severityLevel: alerts.severityLevel,
  type: alerts.type,
  remark: alerts.remark,
  resolvedBy: alerts.resolvedBy,
  resolvedAt: alerts.resolvedAt,
  assetName: sql<string | null>`${assets.name}`,
  levelName: sql<string | null>`${alertLevels.name}`,
  resolvedByName: sql<string | null>`${resolver.name}`,
  acknowledgedBy: alerts.acknowledgedBy,
  acknowledgedAt: alerts.acknowledgedAt,
  acknowledgedByName: sql<string | null>`${acknowledger.name}`,
};

function selectAlerts(db: Database) {
  return db
    .select(alertColumns)
    .from(alerts)
    .leftJoin(assets, eq(assets._id, alerts.asset))
    .leftJoin(alertLevels, eq(alertLevels._id, alerts.level))
    .leftJoin(resolver, eq(resolver._id, alerts.resolvedBy))
    .leftJoin(acknowledger, eq(acknowledger._id, alerts.acknowledgedBy));
}

const newestFirst = [desc(alerts.timestamp), desc(alerts._id)];

/** Alerts matching a condition, newest first. */
export function listAlerts(db: Database, condition: SQL, offset = 0, limit = 500) {
  return selectAlerts(db).where(condition).orderBy(...newestFirst).offset(offset).limit(limit);
}

export async function countAlerts(db: Database, condition: SQL): Promise<number> {
  const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(alerts).where(condition);
  return row?.count ?? 0;
}

/** Spec §7 `GET alert?assetId`: thermography alerts have their own view (spec §3). */
export const alertsOfAssetCondition = (assetId: string | undefined, openOnly = false) => {
  const conditions: SQL[] = [sql`${alerts.type} is distinct from 'ThermographyAlert'`];
  if (assetId) conditions.push(eq(alerts.asset, assetId));
  if (openOnly) conditions.push(isNull(alerts.resolvedAt));
  return and(...conditions) as SQL;
};
export const alertsOfInspectionCondition = (inspectionId: string, recordId?: string) =>
  (recordId ? and(eq(alerts.inspection, inspectionId), eq(alerts.record, recordId)) : eq(alerts.inspection, inspectionId)) as SQL;

/**
 * GET alert/:id: what the alert detail shows (spec §2.5) — checklist name, who inspected, when, and
 * the attribute/value table of the inspection that raised it.
 */
export async function alertById(db: Database, id: string) {
  const [alert] = await selectAlerts(db).where(eq(alerts._id, id));
  if (!alert) return null;
  const [inspection] = alert.inspection === null ? [] : await db
    .select({ attributeData: inspections.attributeData, checklistName: checklists.name, inspectedBy: users.name, inspectionTimestamp: inspections.timestamp })
    .from(inspections)
    .leftJoin(checklists, eq(checklists._id, inspections.checklist))
    .leftJoin(users, eq(users._id, inspections.user))
    .where(eq(inspections._id, alert.inspection));
  const data = inspection?.attributeData ?? [];
  const named = data.length
    ? new Map(
        (await db.select({ _id: attributes._id, name: attributes.name, type: attributes.type }).from(attributes).where(inArray(attributes._id, data.map((d) => d.attribute)))).map((a) => [a._id, a]),
      )
    : new Map<string, { name: string; type: string }>();
  return {
    ...alert,
    measurement: await pointAlertDetail(db, id),
    checklistName: inspection?.checklistName ?? null,
    inspectedBy: inspection?.inspectedBy ?? null,
    // The type tells the detail which values are images (file ids) to show as pictures.
    attributeData: data.map((d) => ({ attribute: d.attribute, name: named.get(d.attribute)?.name ?? d.attribute, type: named.get(d.attribute)?.type ?? null, value: d.value })),
  };
}

/**
 * A measurement point's alert (DESIGN §17): its point, the repeats, last and worst values, when it
 * cleared, and the rule and readings that fired it — what the detail explains. Null for other alerts.
 */
async function pointAlertDetail(db: Database, id: string) {
  const [row] = await db
    .select({
      point: alerts.point, level: alerts.pointLevel, repeats: alerts.repeats, lastValue: alerts.lastValue, lastAt: alerts.lastAt,
      worstValue: alerts.worstValue, worstAt: alerts.worstAt, clearedAt: alerts.clearedAt, explanation: alerts.explanation,
    })
    .from(alerts)
    .where(eq(alerts._id, id));
  if (!row?.point) return null;
  const { rows } = (await db.execute(sql`select name, unit from measurement_points where id = ${row.point}`)) as unknown as { rows: { name: string; unit: string }[] };
  const point = rows[0];
  return { ...row, pointName: point?.name ?? null, unit: point?.unit ?? '' };
}

/**
 * POST /alert/resolve (DESIGN §5): remark, resolver and time on every open alert of the list;
 * an alert resolved before keeps its first resolution. Answers what changed, for update-detail pushes.
 * Takes a transaction too: completing a work order resolves its alert in the same one.
 */
export async function resolveAlerts(db: Pick<Database, 'update'>, ids: readonly string[], remark: string, userId: string): Promise<{ alerts: string[]; inspections: string[] }> {
  const changed = await db
    .update(alerts)
    // Resolving takes the alert on too, when nobody acknowledged it first (DESIGN §18: time to acknowledge).
    .set({ remark, resolvedBy: userId, resolvedAt: Date.now(), acknowledgedBy: sql`coalesce(${alerts.acknowledgedBy}, ${userId})`, acknowledgedAt: sql`coalesce(${alerts.acknowledgedAt}, ${Date.now()}::bigint)` })
    .where(and(inArray(alerts._id, [...ids]), sql`${alerts.resolvedAt} is null`))
    .returning({ _id: alerts._id, inspection: alerts.inspection });
  const inspectionIds = changed.map((row) => row.inspection).filter((id): id is string => id !== null);
  return { alerts: changed.map((row) => row._id), inspections: [...new Set(inspectionIds)] };
}

/** POST /alert/acknowledge: open alerts nobody took on yet are now `userId`'s; answers those it changed. */
export async function acknowledgeAlerts(db: Pick<Database, 'update'>, ids: readonly string[], userId: string): Promise<{ alerts: string[]; inspections: string[] }> {
  const changed = await db
    .update(alerts)
    .set({ acknowledgedBy: userId, acknowledgedAt: Date.now() })
    .where(and(inArray(alerts._id, [...ids]), sql`${alerts.acknowledgedAt} is null`, sql`${alerts.resolvedAt} is null`))
    .returning({ _id: alerts._id, inspection: alerts.inspection });
  const inspectionIds = changed.map((row) => row.inspection).filter((id): id is string => id !== null);
  return { alerts: changed.map((row) => row._id), inspections: [...new Set(inspectionIds)] };
}

export async function existingAlertIds(db: Database, ids: readonly string[]): Promise<Set<string>> {
  const rows = await db.select({ _id: alerts._id }).from(alerts).where(inArray(alerts._id, [...ids]));
  return new Set(rows.map((r) => r._id));
}
