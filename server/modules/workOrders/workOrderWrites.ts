import { and, eq, inArray, isNull, like } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { newId } from '../../db/ids';
import { alerts, files, inspections, workOrderActivity, workOrderAlertClaims, workOrderLabour, workOrderParts, workOrders } from '../../db/schema';
import type { AuthUser } from '../../auth/access';
import { badRequest, conflict, forbidden, notFound } from '../../http/errors';
import { diffRecords, recordAudit } from '../../crud/auditLog';
import type { Transaction } from '../../crud/crudTypes';
import { ACTIVITY_COMMENT_MAX_LENGTH, ACTIVITY_PHOTOS_MAX, activityComment, isCompleted } from '../../../common/resources/workOrder';
import { checkedWorkOrder, type CheckedWorkOrder, type WorkOrderRow } from './workOrderInput';
import {
  NOTHING_RESOLVED,
  recordComment,
  recordStatusChange,
  resolveAlertOfCompletedOrder,
  type ResolvedByCompletion,
} from './workOrderActivityLog';
import type { WorkOrderSettings } from './workOrderSettings';
import { stopRunningLabour } from './labour';
import { lockedOrder, mayManage, NOT_FOUND, NOT_YOURS, orderFor, PROCEDURE_FILLED } from './orderAccess';

const ENTITY = 'workOrder';
export const COMPLETED_STATUS_FIXED = 'This work order is Completed: its status can no longer change';
export const COMPLETED_TAKES_NO_ACTIVITY = 'This work order is Completed: it takes no more activity';
const ALERT_TAKEN = 'This alert already has a work order';

async function procedureFilled(tx: Transaction, orderId: string): Promise<boolean> {
  const [filled] = await tx.select({ _id: inspections._id }).from(inspections).where(eq(inspections.workOrder, orderId));
  return filled !== undefined;
}

type Settings = Pick<WorkOrderSettings, 'statusValues' | 'priorityValues'>;

/** What a write changed beyond the order itself, for the pushes after it commits (workOrderPushes.ts). */
export interface WriteOutcome {
  _id: string;
  /** Whom the order was assigned to before the write and is after it: who of them holds read-workorder hears of it. */
  assignees: readonly string[];
  /** Someone newly given the order: new-work-order goes to their sockets. */
  newAssignee: string | null;
  /** The alert (and its inspection) that completing the order resolved. */
  resolved: ResolvedByCompletion;
}


/** POST /workOrder (manage-workorder). An order opened from an alert names it; an alert opens one order at most (409). */
export async function createWorkOrder(db: Database, body: unknown, settings: Settings, actor: AuthUser): Promise<WriteOutcome> {
  const input = await checkedWorkOrder(db, body, settings, null);
  const alertId = input.alert ?? null;
  if (alertId !== null) {
    const [alert] = await db.select({ _id: alerts._id }).from(alerts).where(eq(alerts._id, alertId));
    if (!alert) throw badRequest('alert', `alert: no alert has the id ${alertId}`);
  }
  const now = Date.now();
  return db.transaction(async (tx) => {
    const [created] = await tx
      .insert(workOrders)
      .values({ _id: newId(), ...stored(input, NEW_ORDER), ...completion(null, input.status, actor, now), alert: alertId, createdBy: actor._id, createdAt: now, updatedAt: now })
      .onConflictDoNothing({ target: workOrders.alert })
      .returning();
    if (!created) throw conflict('alert', ALERT_TAKEN);
    // The alert has had its order: the rule does not open another one if this is deleted (autoCreate.ts).
    if (alertId !== null) await tx.insert(workOrderAlertClaims).values({ alert: alertId, claimedAt: now }).onConflictDoNothing();
    // Created as Completed (work already done): the alert it was opened for is done with too.
    const resolved = isCompleted(created.status) ? await resolveAlertOfCompletedOrder(tx, created, actor._id) : NOTHING_RESOLVED;
    await recordAudit(tx, { entity: ENTITY, recordId: created._id, action: 'create', actor, changes: diffRecords(null, created) });
    return { _id: created._id, assignees: [created.assignedTo], newAssignee: created.assignedTo, resolved };
  });
}

/** What the body stores: a field left out keeps `kept`'s value (a new order: its defaults). */
function stored(input: CheckedWorkOrder, kept: Pick<WorkOrderRow, 'description' | 'type' | 'estimatedHours' | 'downtimeStart' | 'downtimeEnd' | 'procedure'>) {
  const { alert: _alert, description, type, estimatedHours, downtimeStart, downtimeEnd, procedure, ...fields } = input;
  return {
    ...fields,
    description: description ?? kept.description,
    type: type ?? kept.type,
    estimatedHours: estimatedHours === undefined ? kept.estimatedHours : estimatedHours,
    downtimeStart: downtimeStart === undefined ? kept.downtimeStart : downtimeStart,
    downtimeEnd: downtimeEnd === undefined ? kept.downtimeEnd : downtimeEnd,
    procedure: procedure === undefined ? kept.procedure : procedure,
  };
}

const NEW_ORDER = { description: '', type: 'corrective', estimatedHours: null, downtimeStart: null, downtimeEnd: null, procedure: null } as const;

/** Who completed the order and when: set as it becomes Completed, kept after (the status is then fixed). */
const completion = (from: WorkOrderRow | null, to: string, actor: AuthUser, now: number) =>
  isCompleted(to) && !isCompleted(from?.status) ? { completedBy: actor._id, completedAt: now } : {};

/**
 * The fields the assignee without manage-workorder sent different from the order (DESIGN §11:
 * only status may differ; DESIGN §18 adds the asset's downtime, which the one on site sees).
 */
function changedBesidesStatus(input: CheckedWorkOrder, order: WorkOrderRow): string[] {
  const changed: string[] = (['title', 'asset', 'assignedTo', 'priority', 'startTimestamp', 'endTimestamp'] as const).filter((field) => input[field] !== order[field]);
  for (const field of ['description', 'alert', 'type', 'estimatedHours', 'procedure'] as const) {
    if (input[field] !== undefined && input[field] !== order[field]) changed.push(field);
  }
  return changed;
}

/**
 * PUT /workOrder/{id}. manage-workorder: the whole order (form, list status change, calendar
 * drag). The assignee without it: the order as read with only its status changed — any other
 * changed field is 403. A Completed order's status is fixed for everyone (409); its other fields
 * may still be corrected by manage-workorder. A status change is logged; becoming Completed
 * resolves the linked alert. All in one transaction on the locked row: nothing half-written, and
 * a change made meanwhile (a completion, a reassignment) is what the checks see.
 */
export async function updateWorkOrder(db: Database, id: string, body: unknown, settings: Settings, actor: AuthUser): Promise<WriteOutcome> {
  const existing = await orderFor(db, id, actor);
  const input = await checkedWorkOrder(db, body, settings, existing);
  const manager = mayManage(actor);
  if (manager && input.alert !== undefined && input.alert !== existing.alert) throw badRequest('alert', 'alert: an order keeps the alert it was opened for');
  const now = Date.now();
  return db.transaction(async (tx) => {
    const order = await lockedOrder(tx, id);
    if (!manager) {
      if (order.assignedTo !== actor._id) throw forbidden(NOT_YOURS);
      const changed = changedBesidesStatus(input, order);
      if (changed.length > 0) throw forbidden(`Only the status of a work order assigned to you may be changed (changed: ${changed.join(', ')})`);
    }
    const statusChanged = input.status !== order.status;
    if (statusChanged && isCompleted(order.status)) throw conflict('status', COMPLETED_STATUS_FIXED);
    if (input.procedure !== undefined && input.procedure !== order.procedure && (await procedureFilled(tx, id))) throw conflict('procedure', PROCEDURE_FILLED);
    const [saved] = await tx
      .update(workOrders)
      .set({ ...stored(input, order), ...completion(order, input.status, actor, now), updatedAt: now })
      .where(eq(workOrders._id, id))
      .returning();
    if (!saved) throw notFound(NOT_FOUND);
    let resolved = NOTHING_RESOLVED;
    if (statusChanged) {
      await recordStatusChange(tx, id, actor._id, order.status, saved.status, now);
      if (isCompleted(saved.status)) {
        resolved = await resolveAlertOfCompletedOrder(tx, saved, actor._id);
        await stopRunningLabour(tx, id, now);
      }
    }
    await recordAudit(tx, { entity: ENTITY, recordId: id, action: 'update', actor, changes: diffRecords(order, saved) });
    return { _id: id, assignees: [order.assignedTo, saved.assignedTo], newAssignee: saved.assignedTo !== order.assignedTo ? saved.assignedTo : null, resolved };
  });
}

export const ORDER_HAS_WORK = 'This work order has labour or parts recorded: remove them first (what the work cost stays on record otherwise)';

/**
 * DELETE /workOrder/{id} (manage-workorder): the order and its log; answers whom it was assigned
 * to. An order with labour or parts recorded is refused (409): its costs are history; the
 * procedure's inspection stays, no longer naming the order.
 */
export async function deleteWorkOrder(db: Database, id: string, actor: AuthUser): Promise<{ assignees: readonly string[] }> {
  return db.transaction(async (tx) => {
    await lockedOrder(tx, id);
    const [labour] = await tx.select({ _id: workOrderLabour._id }).from(workOrderLabour).where(eq(workOrderLabour.workOrder, id)).limit(1);
    const [part] = labour ? [] : await tx.select({ _id: workOrderParts._id }).from(workOrderParts).where(eq(workOrderParts.workOrder, id)).limit(1);
    if (labour || part) throw conflict('labour', ORDER_HAS_WORK);
    const [deleted] = await tx.delete(workOrders).where(eq(workOrders._id, id)).returning();
    if (!deleted) throw notFound(NOT_FOUND);
    await tx.delete(workOrderActivity).where(eq(workOrderActivity.workOrder, id));
    await tx.update(inspections).set({ workOrder: null }).where(eq(inspections.workOrder, id));
    await recordAudit(tx, { entity: ENTITY, recordId: id, action: 'delete', actor, changes: diffRecords(deleted, null) });
    return { assignees: [deleted.assignedTo] };
  });
}

/** Photos one comment may carry. */

/** `{comment, photos?}` as stored (spec §5: trimmed; blank refused), or a 400 naming the field. */
function checkedActivity(body: unknown): { comment: string; photos: string[] } {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw badRequest('body', 'body must be a JSON object');
  const { comment: raw, photos: sentPhotos, ...others } = body as Record<string, unknown>;
  if (raw !== undefined && raw !== null && typeof raw !== 'string') throw badRequest('comment', 'comment must be a text');
  const comment = activityComment(raw);
  if (comment === null) throw badRequest('comment', 'comment must not be empty or blank');
  if (comment.length > ACTIVITY_COMMENT_MAX_LENGTH) throw badRequest('comment', `comment must be at most ${ACTIVITY_COMMENT_MAX_LENGTH} characters`);
  let photos: string[] = [];
  if (sentPhotos !== undefined && sentPhotos !== null) {
    const valid = Array.isArray(sentPhotos) && sentPhotos.length <= ACTIVITY_PHOTOS_MAX && sentPhotos.every((id) => typeof id === 'string' && id.length > 0 && id.length <= 64);
    if (!valid) throw badRequest('photos', `photos must be a list of at most ${ACTIVITY_PHOTOS_MAX} uploaded file ids`);
    photos = [...new Set(sentPhotos as string[])];
  }
  const unknown = Object.keys(others)[0];
  if (unknown !== undefined) throw badRequest(unknown, `${unknown} is not allowed`);
  return { comment, photos };
}

/** POST /workOrder/{id}/activity: a comment on the log; a Completed order takes none (409). Answers whom the order is assigned to. */
export async function addActivity(db: Database, id: string, body: unknown, actor: AuthUser): Promise<{ assignees: readonly string[] }> {
  await orderFor(db, id, actor);
  const { comment, photos } = checkedActivity(body);
  const now = Date.now();
  return db.transaction(async (tx) => {
    const order = await lockedOrder(tx, id);
    if (!mayManage(actor) && order.assignedTo !== actor._id) throw forbidden(NOT_YOURS);
    if (isCompleted(order.status)) throw conflict('status', COMPLETED_TAKES_NO_ACTIVITY);
    if (photos.length > 0) {
      // The caller's own uploads, not yet held by any record: the order takes them now.
      const linked = await tx
        .update(files)
        .set({ ownerType: 'workOrder', ownerId: id })
        .where(and(inArray(files._id, photos), eq(files.uploadedBy, actor._id), isNull(files.ownerId), like(files.contentType, 'image/%')))
        .returning({ _id: files._id });
      if (linked.length !== photos.length) throw badRequest('photos', 'photos must name images you uploaded that no record holds yet');
    }
    await recordComment(tx, id, actor._id, comment, now, photos);
    await tx.update(workOrders).set({ updatedAt: now }).where(eq(workOrders._id, id));
    await recordAudit(tx, { entity: ENTITY, recordId: id, action: 'update', actor, changes: [{ field: 'activity', from: null, to: photos.length > 0 ? { comment, photos } : comment }] });
    return { assignees: [order.assignedTo] };
  });
}
