import { and, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { alerts, checklists, files, inspectionSchedules, inspections, workOrders } from '../../db/schema';
import { jsonInsert } from '../../db/jsonRecords';
import { executeNamed } from '../../db/namedStatements';
import type { AssetCatalogue, CatalogueCache } from './catalogueCache';
import { newId } from '../../db/ids';
import { claimTakenOver, currentIdempotentWrite, markWrittenStatement } from '../../db/idempotentWrites';
import { badRequest, conflict, forbidden, HttpError, isUniqueViolation, notFound } from '../../http/errors';
import { isCompleted } from '../../../common/resources/workOrder';
import { NOT_YOURS, PROCEDURE_FILLED } from '../workOrders/orderAccess';
import type { AuthUser } from '../../auth/access';
import {
  holdsData,
  inspectionValueProblem,
  isEmptyValue,
  isMandatoryItem,
  type Alert,
  type AttributeValue,
  type InspectionValue,
} from '../../../common/resources/inspection';
import { raisedAlerts, type AlertLevelRow } from './thresholdAlerts';
import { loadRule, type RuleSettings, type StoredAlert } from '../workOrders/autoCreate';

/** A technician may fill a form offline and send it later, but not date it in the future. */
const MAX_CLOCK_SKEW_MS = 5 * 60_000;
const MAX_COMMENT_LENGTH = 2000;

type ChecklistRow = typeof checklists.$inferSelect;

export interface SubmitQuery {
  assetId?: string;
  timestamp?: string;
  /** The work order whose procedure this submission fills (DESIGN §18). */
  workOrder?: string;
}

export interface StoredInspection {
  _id: string;
  asset: string;
  assetName: string;
  checklist: string;
  checklistName: string;
  timestamp: number;
  user: string;
  attributeData: AttributeValue[];
  attributeComments: AttributeValue[];
}

export interface SubmitResult {
  inspections: StoredInspection[];
  alerts: Alert[];
  /** Inspection schedules the submission completed (pushed as update-detail, so open calendars redraw). */
  completedSchedules: string[];
  /** The work order whose procedure this filled, for its update-detail push. */
  procedureOf: ProcedureOrder | null;
  /** The alerts as the work order rule weighs them (workOrders/autoCreate.ts), without reading them back. */
  storedAlerts: StoredAlert[];
  /** The work order rule, read as the alerts were written (null without alerts). */
  workOrderRule: Promise<RuleSettings> | null;
}

/** Collects every problem of a submission, so one 400 names them all (the first in `message`). */
class Problems {
  readonly errors: Record<string, string> = {};
  add(field: string, message: string) {
    this.errors[field] ??= `${field}: ${message}`;
  }
  throwIfAny() {
    const first = Object.values(this.errors)[0];
    if (first) throw new HttpError(400, first, this.errors);
  }
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function parseTimestamp(raw: string | undefined, now: number): number {
  if (raw === undefined || raw === '') return now;
  const value = Number(raw);
  if (!Number.isInteger(value) || value <= 0) throw new HttpError(400, 'timestamp must be epoch milliseconds', { timestamp: 'timestamp must be epoch milliseconds' });
  if (value > now + MAX_CLOCK_SKEW_MS) throw new HttpError(400, 'timestamp must not be in the future', { timestamp: 'timestamp must not be in the future' });
  return value;
}

/** Comments by checklist then attribute; a flat attribute → text map applies to every checklist. */
function commentsFor(raw: unknown, checklistId: string, items: ReadonlySet<string>, problems: Problems): Map<string, string> {
  const comments = new Map<string, string>();
  if (raw === undefined || raw === null) return comments;
  if (!isPlainObject(raw)) {
    problems.add('attributeComments', 'must be an object');
    return comments;
  }
  const nested = raw[checklistId];
  const entries: [string, unknown, string][] = isPlainObject(nested) ? Object.entries(nested).map(([k, v]) => [k, v, `attributeComments.${checklistId}.${k}`]) : [];
  for (const [key, value] of Object.entries(raw)) {
    if (typeof value === 'string' && items.has(key)) entries.push([key, value, `attributeComments.${key}`]);
  }
  for (const [attributeId, value, field] of entries) {
    if (value === null || value === undefined) continue;
    if (typeof value !== 'string') problems.add(field, 'must be text');
    else if (value.length > MAX_COMMENT_LENGTH) problems.add(field, `must be at most ${MAX_COMMENT_LENGTH} characters`);
    else if (!items.has(attributeId)) problems.add(field, 'is not an item of this checklist');
    else if (value.trim() !== '') comments.set(attributeId, value.trim());
  }
  return comments;
}

/** Flat comment keys must name an attribute of some checklist of the submission. */
function checkFlatComments(raw: unknown, checklistIds: ReadonlySet<string>, allItems: ReadonlySet<string>, problems: Problems) {
  if (!isPlainObject(raw)) return;
  for (const [key, value] of Object.entries(raw)) {
    if (checklistIds.has(key) && (isPlainObject(value) || value === null)) continue;
    if (typeof value === 'string' && allItems.has(key)) continue;
    if (value === null || (typeof value === 'string' && value.trim() === '')) continue;
    problems.add(`attributeComments.${key}`, 'names no checklist or attribute of this submission');
  }
}

/**
 * An archived asset or checklist takes no new inspections (docs/administration.md): 409 naming it,
 * so a form opened before it was archived is told why rather than adding to its history.
 */
function refuseArchived(known: AssetCatalogue, checklistIds: readonly string[]): void {
  if (known.asset.archivedAt !== null) {
    const message = `Asset "${known.asset.name}" is archived: it takes no new inspections`;
    throw new HttpError(409, message, { assetId: message });
  }
  const errors: Record<string, string> = {};
  for (const id of checklistIds) {
    const checklist = known.checklists.get(id);
    if (checklist && checklist.archivedAt !== null) errors[`inspectionData.${id}`] = `inspectionData.${id}: checklist "${checklist.name}" is archived: it takes no new inspections`;
  }
  const first = Object.values(errors)[0];
  if (first) throw new HttpError(409, first, errors);
}

interface PreparedInspection {
  _id: string;
  checklist: ChecklistRow;
  values: Record<string, InspectionValue>;
  attributeData: AttributeValue[];
  attributeComments: AttributeValue[];
}

/**
 * POST /inspection (DESIGN §5): validates the whole submission against the asset's checklists and
 * their attributes, then stores one inspection per checklist holding data, its alerts, image links
 * and schedule completions in one transaction. Nothing is written when anything is wrong.
 */
export async function submitInspection(db: Database, catalogue: CatalogueCache, user: AuthUser, query: SubmitQuery, body: unknown): Promise<SubmitResult> {
  const now = Date.now();
  const assetId = query.assetId?.trim();
  if (!assetId) throw new HttpError(400, 'assetId is required', { assetId: 'assetId is required' });
  const timestamp = parseTimestamp(query.timestamp, now);
  if (!isPlainObject(body)) throw new HttpError(400, 'body must be a JSON object', { body: 'body must be a JSON object' });
  const { inspectionData, attributeComments, ...unknownKeys } = body;
  const extra = Object.keys(unknownKeys)[0];
  if (extra) throw new HttpError(400, `${extra} is not allowed`, { [extra]: `${extra} is not allowed` });
  if (!isPlainObject(inspectionData)) throw new HttpError(400, 'inspectionData is required (checklist id → attribute id → value)', { inspectionData: 'inspectionData is required' });

  const known = await catalogue.asset(assetId);
  if (!known) throw notFound('Asset not found');
  const { asset } = known;
  refuseArchived(known, Object.keys(inspectionData));

  const problems = new Problems();
  const checklistIds = Object.keys(inspectionData);
  for (const id of checklistIds) {
    if (!asset.checklists.includes(id)) problems.add(`inspectionData.${id}`, `is not a checklist of the asset "${asset.name}"`);
    else if (!known.checklists.has(id)) problems.add(`inspectionData.${id}`, 'checklist not found');
    else if (!isPlainObject(inspectionData[id])) problems.add(`inspectionData.${id}`, 'must be an object of attribute id → value');
  }
  problems.throwIfAny();
  const checklistById = known.checklists;
  const attributeById = known.attributes;
  const attributeIds = [...new Set(checklistIds.flatMap((id) => (checklistById.get(id) as ChecklistRow).checklistItems.map((i) => i.attribute)))];
  const allItems = new Set(attributeIds);
  const prepared: PreparedInspection[] = [];
  const imageIds = new Map<string, string>();
  for (const checklistId of checklistIds) {
    const checklist = checklistById.get(checklistId) as ChecklistRow;
    const raw = inspectionData[checklistId] as Record<string, unknown>;
    const items = new Set(checklist.checklistItems.map((i) => i.attribute));
    const values: Record<string, InspectionValue> = {};
    for (const [attributeId, value] of Object.entries(raw)) {
      const field = `inspectionData.${checklistId}.${attributeId}`;
      const attribute = attributeById.get(attributeId);
      if (!items.has(attributeId) || !attribute) {
        problems.add(field, `is not an item of the checklist "${checklist.name}"`);
        continue;
      }
      if (isEmptyValue(value)) continue;
      const problem = inspectionValueProblem(attribute, value);
      if (problem) {
        problems.add(field, `${attribute.name} ${problem}`);
        continue;
      }
      values[attributeId] = value as InspectionValue;
      if (attribute.type === 'image') imageIds.set(value as string, field);
    }
    if (!holdsData(values)) continue;
    for (const item of checklist.checklistItems) {
      const attribute = attributeById.get(item.attribute);
      if (attribute && isMandatoryItem(item, attribute) && isEmptyValue(values[item.attribute]) && isEmptyValue(raw[item.attribute])) {
        problems.add(`inspectionData.${checklistId}.${item.attribute}`, `${attribute.name} is mandatory`);
      }
    }
    const comments = commentsFor(attributeComments, checklistId, items, problems);
    for (const attributeId of comments.keys()) {
      if (!attributeById.get(attributeId)?.allowComment) problems.add(`attributeComments.${checklistId}.${attributeId}`, `${attributeById.get(attributeId)?.name ?? attributeId} does not allow comments`);
    }
    const ordered = [...checklist.checklistItems].sort((a, b) => a.sequenceId - b.sequenceId).map((i) => i.attribute);
    prepared.push({
      _id: newId(),
      checklist,
      values,
      attributeData: ordered.filter((id) => id in values).map((id) => ({ attribute: id, value: values[id] as InspectionValue })),
      attributeComments: ordered.filter((id) => comments.has(id)).map((id) => ({ attribute: id, value: comments.get(id) as string })),
    });
  }
  checkFlatComments(attributeComments, new Set(checklistIds), allItems, problems);
  problems.throwIfAny();
  if (prepared.length === 0) throw new HttpError(400, 'inspectionData holds no values', { inspectionData: 'inspectionData holds no values' });

  if (imageIds.size > 0) {
    const found = await db
      .select({ _id: files._id, uploadedBy: files.uploadedBy, ownerId: files.ownerId })
      .from(files)
      .where(inArray(files._id, [...imageIds.keys()]));
    const usable = new Set(found.filter((f) => f.uploadedBy === user._id && f.ownerId === null).map((f) => f._id));
    for (const [id, field] of imageIds) if (!usable.has(id)) problems.add(field, 'names no image uploaded by you that is still unused');
    problems.throwIfAny();
  }

  const procedureOf = query.workOrder === undefined ? null : await procedureOrder(db, user, query.workOrder, asset._id, checklistIds, checklistById);

  const levels = await catalogue.alertLevels();
  const attributeNames = new Map([...attributeById.values()].map((a) => [a._id, a.name]));
  const alertRows = prepared.flatMap((inspection) =>
    raisedAlerts(inspection.checklist.checklistItems, attributeNames, inspection.values, levels).map((raised) => ({
      _id: newId(),
      inspection: inspection._id,
      asset: asset._id,
      checklist: inspection.checklist._id,
      attribute: raised.attribute,
      level: raised.level._id,
      levelName: raised.level.name,
      message: raised.message,
      timestamp,
      severityLevel: { text: raised.level.name, color: raised.level.color },
    })),
  );

  const inspectionRows = prepared.map((p) => ({
    _id: p._id,
    timestamp,
    user: user._id,
    checklist: p.checklist._id,
    asset: asset._id,
    attributeData: p.attributeData,
    attributeComments: p.attributeComments,
    // Every row names the column (null but for a procedure), so the statement's text stays one.
    workOrder: procedureOf?._id ?? null,
  }));
  // The rule the alerts' work orders follow (DESIGN §11), read beside the write rather than after it.
  const workOrderRule = alertRows.length > 0 ? loadRule(db) : null;
  let completed: string[];
  try {
    completed = await store();
  } catch (error) {
    // Two submissions filled one order's procedure at once: the unique index kept the first.
    if (procedureOf !== null && isUniqueViolation(error, 'inspections_work_order_idx')) throw conflict('workOrder', PROCEDURE_FILLED);
    throw error;
  }
  async function store(): Promise<string[]> {
  if (imageIds.size === 0) {
    // One statement is atomic on its own: no BEGIN/COMMIT round trips (each costs ~1 ms on PGlite).
    // One holding an Idempotency-Key marks the key written in that same statement (docs/offline.md).
    const idempotent = currentIdempotentWrite();
    const mark = idempotent ? markWrittenStatement(idempotent) : null;
    // Named: its text is one of two (with a key's mark or without), so PostgreSQL plans it once per connection.
    const { rows } = await executeNamed<{ rows: { completed: string[]; marked: boolean | null }[] }>(
      db,
      mark ? 'submit inspection, marking its key' : 'submit inspection',
      storeStatement(inspectionRows, alertRows.map(({ levelName: _levelName, ...row }) => row), asset._id, timestamp, now, mark),
    );
    const [stored] = rows;
    // Its claim was taken over meanwhile: the statement wrote nothing.
    if (mark && !stored?.marked) throw claimTakenOver();
    return stored?.completed ?? [];
  } else {
    // A transaction, which marks an Idempotency-Key written with it (db/idempotentWrites.ts).
    return db.transaction(async (tx) => {
      const { rows } = (await tx.execute(storeStatement(inspectionRows, alertRows.map(({ levelName: _levelName, ...row }) => row), asset._id, timestamp, now, null))) as unknown as {
        rows: { completed: string[] }[];
      };
      for (const p of prepared) {
        const images = p.attributeData.filter((d) => imageIds.has(d.value as string)).map((d) => d.value as string);
        if (images.length === 0) continue;
        const linked = await tx
          .update(files)
          .set({ ownerType: 'inspection', ownerId: p._id })
          .where(and(inArray(files._id, images), isNull(files.ownerId)))
          .returning({ _id: files._id });
        // Another submission took the same image between the check and now: refuse this one whole.
        if (linked.length !== images.length) throw new HttpError(409, 'An image of this inspection was used by another submission; take the photo again');
      }
      return rows[0]?.completed ?? [];
    });
  }
  }

  return {
    inspections: prepared.map((p) => ({
      _id: p._id,
      asset: asset._id,
      assetName: asset.name,
      checklist: p.checklist._id,
      checklistName: p.checklist.name,
      timestamp,
      user: user._id,
      attributeData: p.attributeData,
      attributeComments: p.attributeComments,
    })),
    alerts: alertRows.map((row) => ({
      ...row,
      type: null,
      remark: null,
      resolvedBy: null,
      resolvedAt: null,
      assetName: asset.name,
    })),
    completedSchedules: completed,
    procedureOf,
    workOrderRule,
    storedAlerts: alertRows.map((row) => {
      const level = levels.find((candidate) => candidate._id === row.level) as AlertLevelRow;
      return { _id: row._id, asset: asset._id, assetName: asset.name, message: row.message, timestamp, level: { name: level.name, technicalName: level.technicalName, rank: level.rank }, inspector: user._id };
    }),
  };
}

/**
 * Inspections, their alerts and the schedules they complete, as one statement (DESIGN §5): every
 * schedule of the asset whose window holds the timestamp gets the inspections of its checklists.
 * With `mark` (an Idempotency-Key's, db/idempotentWrites.ts) first in it, the inspections and
 * alerts are written only if it marked the key. One row: the completed schedules' ids, and
 * whether the key was marked (null without one).
 */
function storeStatement(
  inspectionRows: (typeof inspections.$inferInsert)[],
  alertRows: (typeof alerts.$inferInsert)[],
  assetId: string,
  timestamp: number,
  now: number,
  mark: SQL | null,
): SQL {
  const onlyIfMarked = mark ? sql` where exists (select 1 from marked)` : sql``;
  const insertInspections = jsonInsert(inspections, inspectionRows) as SQL;
  const alertKeys: typeof alerts.$inferInsert = { _id: '', inspection: '', asset: '', checklist: '', attribute: '', level: '', message: '', timestamp: 0, severityLevel: { text: '', color: '' } };
  const insertAlerts = jsonInsert(alerts, alertRows, alertKeys) as SQL;
  return sql`with ${mark ? sql`marked as (${mark}),` : sql``}
    stored as (${insertInspections}${onlyIfMarked} returning id, checklist_id),
    raised as (${insertAlerts}${onlyIfMarked}),
    completed as (update ${inspectionSchedules} set
      inspections = ${inspectionSchedules.inspections} || array(select s.id from stored s where s.checklist_id = any(${inspectionSchedules.checklists}) order by s.id),
      updated_at = ${now}
    where ${inspectionSchedules.asset} = ${assetId} and ${inspectionSchedules.start} <= ${timestamp} and ${inspectionSchedules.end} >= ${timestamp}
      and exists (select 1 from stored s where s.checklist_id = any(${inspectionSchedules.checklists}))
    returning ${inspectionSchedules._id} as id)
    select array(select id from completed) as completed, ${mark ? sql`exists (select 1 from marked)` : sql`null::boolean`} as marked`;
}

interface ProcedureOrder {
  _id: string;
  assignedTo: string;
}

/**
 * The order a submission fills the procedure of (`?workOrder=`, DESIGN §18), checked before
 * anything is stored: an order of the caller's (or any, with manage-workorder) for this asset,
 * with a procedure, not Completed, not filled yet — and the submission holds that checklist alone.
 */
async function procedureOrder(db: Database, user: AuthUser, orderId: string, assetId: string, checklistIds: readonly string[], checklistById: ReadonlyMap<string, ChecklistRow>): Promise<ProcedureOrder> {
  const id = orderId.trim();
  const [order] = id === '' ? [] : await db.select().from(workOrders).where(eq(workOrders._id, id));
  if (!order) throw badRequest('workOrder', `workOrder: no work order has the id ${id}`);
  if (!user.permissions.has('manage-workorder') && order.assignedTo !== user._id) throw forbidden(NOT_YOURS);
  if (order.asset !== assetId) throw badRequest('workOrder', 'workOrder: the work order is for another asset');
  if (order.procedure === null) throw badRequest('workOrder', 'workOrder: the work order has no procedure to fill');
  if (checklistIds.length !== 1 || checklistIds[0] !== order.procedure) {
    const name = checklistById.get(order.procedure)?.name ?? order.procedure;
    throw badRequest('inspectionData', `inspectionData: a work order's procedure is filled on its own: the checklist "${name}" only`);
  }
  if (isCompleted(order.status)) throw conflict('workOrder', 'This work order is Completed: its procedure can no longer be filled');
  const [filled] = await db.select({ _id: inspections._id }).from(inspections).where(eq(inspections.workOrder, order._id));
  if (filled) throw conflict('workOrder', PROCEDURE_FILLED);
  return { _id: order._id, assignedTo: order.assignedTo };
}
