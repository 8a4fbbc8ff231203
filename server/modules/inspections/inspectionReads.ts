import { and, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { assets, attributes, checklists, inspections, users } from '../../db/schema';
import { thermographyRecordsOf } from '../thermography/inspectionRecords';

/** An inspection with the names a technician or engineer reads it by. */
const inspectionColumns = {
  _id: inspections._id,
  timestamp: inspections.timestamp,
  user: inspections.user,
  checklist: inspections.checklist,
  asset: inspections.asset,
  attributeData: inspections.attributeData,
  attributeComments: inspections.attributeComments,
  type: inspections.type,
  records: thermographyRecordsOf(inspections._id),
  assetName: sql<string | null>`${assets.name}`,
  checklistName: sql<string | null>`${checklists.name}`,
  userName: sql<string | null>`${users.name}`,
};

function selectInspections(db: Database) {
  return db
    .select(inspectionColumns)
    .from(inspections)
    .leftJoin(assets, eq(assets._id, inspections.asset))
    .leftJoin(checklists, eq(checklists._id, inspections.checklist))
    .leftJoin(users, eq(users._id, inspections.user));
}

export type InspectionView = Awaited<ReturnType<ReturnType<typeof selectInspections>['execute']>>[number];

/** GET /inspection/:id: with the attributes its values name, for the detail's attribute/value table. */
export async function inspectionById(db: Database, id: string) {
  const [row] = await selectInspections(db).where(eq(inspections._id, id));
  if (!row) return null;
  const ids = [...new Set([...row.attributeData, ...row.attributeComments].map((d) => d.attribute))];
  const named = ids.length
    ? await db
        .select({ _id: attributes._id, name: attributes.name, type: attributes.type, description: attributes.description })
        .from(attributes)
        .where(inArray(attributes._id, ids))
    : [];
  // In the order of the inspection's values: the same read every time, however the rows were
  // stored (an archived attribute's row is rewritten, which moves it in an unordered scan).
  const position = new Map(ids.map((id, index) => [id, index]));
  named.sort((a, b) => (position.get(a._id) ?? 0) - (position.get(b._id) ?? 0));
  return { ...row, attributes: named };
}

/** GET /inspection[?assetId]: newest first, a page of them. */
export function listInspections(db: Database, condition: SQL | undefined, offset: number, limit: number) {
  return selectInspections(db).where(condition).orderBy(desc(inspections.timestamp), desc(inspections._id)).offset(offset).limit(limit);
}

export async function countInspections(db: Database, condition: SQL | undefined): Promise<number> {
  const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(inspections).where(condition);
  return row?.count ?? 0;
}

/**
 * The latest inspection of each (asset, checklist) among the assets `assetCondition` (on
 * inspections.asset) selects, newest first; thermography inspections are no checklist's.
 */
function latestPerChecklist(db: Database, assetCondition: SQL) {
  const latest = db
    .selectDistinctOn([inspections.asset, inspections.checklist], { _id: inspections._id })
    .from(inspections)
    .where(and(assetCondition, sql`${inspections.type} is distinct from 'ThermographyInspection'`))
    .orderBy(inspections.asset, inspections.checklist, desc(inspections.timestamp))
    .as('latest');
  return selectInspections(db)
    .where(inArray(inspections._id, db.select({ _id: latest._id }).from(latest)))
    .orderBy(desc(inspections.timestamp));
}

/** GET /asset/:id/previousInspections: the latest inspection of each checklist, newest first. */
export function previousInspections(db: Database, assetId: string) {
  return latestPerChecklist(db, eq(inspections.asset, assetId));
}

/**
 * GET /inspection/offlineCatalogue: previousInspections of many assets in one query — asset id →
 * its answer to GET /asset/:id/previousInspections (assets never inspected are left out).
 */
export async function previousInspectionsByAsset(db: Database, assetCondition: SQL): Promise<Record<string, InspectionView[]>> {
  const byAsset: Record<string, InspectionView[]> = {};
  for (const row of await latestPerChecklist(db, assetCondition)) (byAsset[row.asset] ??= []).push(row);
  return byAsset;
}

/** GET /inspection/myRecentAssets: where this technician was lately, for the home page; archived assets take no new inspections. */
export function recentAssetsOf(db: Database, userId: string, limit = 10) {
  const lastInspectedAt = sql<number>`max(${inspections.timestamp})`.mapWith(Number);
  return db
    .select({ _id: assets._id, name: assets.name, identification: assets.identification, lastInspectedAt })
    .from(inspections)
    .innerJoin(assets, eq(assets._id, inspections.asset))
    .where(and(eq(inspections.user, userId), isNull(assets.archivedAt)))
    .groupBy(assets._id, assets.name, assets.identification)
    .orderBy(desc(lastInspectedAt))
    .limit(limit);
}
