import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { newId } from '../../db/ids';
import { users, workOrderLabour, workOrders } from '../../db/schema';
import type { AuthUser } from '../../auth/access';
import { recordAudit } from '../../crud/auditLog';
import type { Transaction } from '../../crud/crudTypes';
import { badRequest, conflict, forbidden, notFound } from '../../http/errors';
import { isCompleted } from '../../../common/resources/workOrder';
import { CLOCK_SKEW_MS, HOUR_MS, LABOUR_NOTE_MAX_LENGTH, MAX_LABOUR_HOURS } from '../../../common/resources/workAccounting';
import { planTimeProblem } from '../../../common/resources/planTimes';
import { lockedOrder, mayManage, NOT_YOURS, orderFor } from './orderAccess';
import type { WorkOrderRow } from './workOrderInput';

const ENTITY = 'workOrder';
export const COMPLETED_TAKES_NO_WORK = 'This work order is Completed: its labour and parts can no longer change';
export const TIMER_RUNNING = 'A timer is already running for this person on this work order: stop it first';
export const NO_TIMER = 'No timer is running for this person on this work order';
export const ENTRY_NOT_FOUND = 'Labour entry not found';
const MAX_ID_LENGTH = 64;

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

function unknownField(body: Record<string, unknown>, known: readonly string[]): void {
  const unknown = Object.keys(body).find((key) => !known.includes(key));
  if (unknown !== undefined) throw badRequest(unknown, `${unknown} is not allowed`);
}

/** A time of work: whole epoch ms within the plan times, not later than now (allowing a phone's clock some skew). */
function workTime(field: string, label: string, value: unknown, now: number): number {
  if (typeof value !== 'number' || !Number.isSafeInteger(value)) throw badRequest(field, `${field} must be a time in epoch milliseconds`);
  const problem = planTimeProblem(label, value);
  if (problem) throw badRequest(field, `${field}: ${problem}`);
  if (value > now + CLOCK_SKEW_MS) throw badRequest(field, `${field}: ${label} must not be in the future`);
  return value;
}

function checkedSpan(field: 'endedAt' | 'hours', startedAt: number, endedAt: number): void {
  if (endedAt <= startedAt) throw badRequest(field, `${field}: the work must end after it started`);
  if (endedAt - startedAt > MAX_LABOUR_HOURS * HOUR_MS) throw badRequest(field, `${field}: one entry lasts at most ${MAX_LABOUR_HOURS} hours (record longer work as several entries)`);
}

/** Whose work an entry is: the caller's own; someone else's only for manage-workorder (403). */
function checkedWorker(body: Record<string, unknown>, actor: AuthUser): string {
  if (body.user === undefined || body.user === null || body.user === actor._id) return actor._id;
  if (typeof body.user !== 'string' || body.user.trim() === '' || body.user.length > MAX_ID_LENGTH) throw badRequest('user', 'user must be the id of a user');
  if (!mayManage(actor)) throw forbidden('Only manage-workorder may record labour for someone else');
  return body.user.trim();
}

export interface LabourBody {
  user: string;
  startedAt: number;
  /** null: a timer started, to be stopped. */
  endedAt: number | null;
  note: string;
}

/**
 * POST /workOrder/{id}/labour (docs/work-orders.md "Labour"): `startedAt` and either `endedAt` or
 * `hours` (the duration), or neither — a timer that runs until stopped; `user` (default the
 * caller; another person only for manage-workorder); `note`. Checked in that order, 400 naming the field.
 */
export function checkedLabour(body: unknown, actor: AuthUser, now: number): LabourBody {
  if (!isObject(body)) throw badRequest('body', 'body must be a JSON object');
  const user = checkedWorker(body, actor);
  if (body.startedAt === undefined || body.startedAt === null) throw badRequest('startedAt', 'startedAt is required');
  const startedAt = workTime('startedAt', 'Started', body.startedAt, now);
  let endedAt: number | null = null;
  if (body.endedAt !== undefined && body.endedAt !== null) {
    if (body.hours !== undefined && body.hours !== null) throw badRequest('hours', 'hours: give either endedAt or hours, not both');
    endedAt = workTime('endedAt', 'Ended', body.endedAt, now);
    checkedSpan('endedAt', startedAt, endedAt);
  } else if (body.hours !== undefined && body.hours !== null) {
    if (typeof body.hours !== 'number' || !Number.isFinite(body.hours) || body.hours <= 0) throw badRequest('hours', 'hours must be a number above 0');
    endedAt = startedAt + Math.round(body.hours * HOUR_MS);
    checkedSpan('hours', startedAt, endedAt);
  }
  let note = '';
  if (body.note !== undefined && body.note !== null) {
    if (typeof body.note !== 'string') throw badRequest('note', 'note must be a text');
    note = body.note.trim();
    if (note.length > LABOUR_NOTE_MAX_LENGTH) throw badRequest('note', `note must be at most ${LABOUR_NOTE_MAX_LENGTH} characters`);
  }
  unknownField(body, ['user', 'startedAt', 'endedAt', 'hours', 'note']);
  return { user, startedAt, endedAt, note };
}

/** The order locked, for a write of its labour or parts: still the caller's to act on, and not Completed (409). */
export async function openOrderFor(tx: Transaction, id: string, actor: AuthUser): Promise<WorkOrderRow> {
  const order = await lockedOrder(tx, id);
  if (!mayManage(actor) && order.assignedTo !== actor._id) throw forbidden(NOT_YOURS);
  if (isCompleted(order.status)) throw conflict('status', COMPLETED_TAKES_NO_WORK);
  return order;
}

async function touch(tx: Transaction, id: string, now: number): Promise<void> {
  await tx.update(workOrders).set({ updatedAt: now }).where(eq(workOrders._id, id));
}

/**
 * Records an entry, or starts a timer (one per person and order: a second is 409). The person's
 * current hourly rate is kept on the entry. Answers whom the order is assigned to, for the pushes.
 */
export async function addLabour(db: Database, id: string, body: unknown, actor: AuthUser): Promise<{ assignees: readonly string[] }> {
  await orderFor(db, id, actor);
  const now = Date.now();
  const entry = checkedLabour(body, actor, now);
  const [worker] = await db.select({ _id: users._id, rate: users.hourlyRate }).from(users).where(eq(users._id, entry.user));
  if (!worker) throw badRequest('user', `user: no user has the id ${entry.user}`);
  return db.transaction(async (tx) => {
    const order = await openOrderFor(tx, id, actor);
    const [saved] = await tx
      .insert(workOrderLabour)
      .values({ _id: newId(), workOrder: id, user: entry.user, startedAt: entry.startedAt, endedAt: entry.endedAt, hourlyRate: worker.rate, note: entry.note, createdBy: actor._id, createdAt: now })
      .onConflictDoNothing()
      .returning();
    if (!saved) throw conflict('startedAt', TIMER_RUNNING);
    await touch(tx, id, now);
    await recordAudit(tx, { entity: ENTITY, recordId: id, action: 'update', actor, changes: [{ field: 'labour', from: null, to: { startedAt: saved.startedAt, endedAt: saved.endedAt, user: saved.user } }] });
    return { assignees: [order.assignedTo] };
  });
}

/**
 * POST /workOrder/{id}/labour/stop {endedAt?, user?}: ends the person's running timer on the
 * order at `endedAt` (default now; not before it started), 409 when none runs.
 */
export async function stopLabour(db: Database, id: string, body: unknown, actor: AuthUser): Promise<{ assignees: readonly string[] }> {
  await orderFor(db, id, actor);
  const now = Date.now();
  if (body !== undefined && body !== null && !isObject(body)) throw badRequest('body', 'body must be a JSON object');
  const sent = (body ?? {}) as Record<string, unknown>;
  const user = checkedWorker(sent, actor);
  const endedAt = sent.endedAt === undefined || sent.endedAt === null ? now : workTime('endedAt', 'Ended', sent.endedAt, now);
  unknownField(sent, ['user', 'endedAt']);
  return db.transaction(async (tx) => {
    const order = await openOrderFor(tx, id, actor);
    const running = and(eq(workOrderLabour.workOrder, id), eq(workOrderLabour.user, user), isNull(workOrderLabour.endedAt));
    const [timer] = await tx.select().from(workOrderLabour).where(running).for('update');
    if (!timer) throw conflict('endedAt', NO_TIMER);
    checkedSpan('endedAt', timer.startedAt, endedAt);
    await tx.update(workOrderLabour).set({ endedAt }).where(eq(workOrderLabour._id, timer._id));
    await touch(tx, id, now);
    await recordAudit(tx, { entity: ENTITY, recordId: id, action: 'update', actor, changes: [{ field: 'labour', from: { startedAt: timer.startedAt, endedAt: null }, to: { startedAt: timer.startedAt, endedAt } }] });
    return { assignees: [order.assignedTo] };
  });
}

/** DELETE /workOrder/{id}/labour/{entryId}: one's own entry, or anyone's with manage-workorder. */
export async function deleteLabour(db: Database, id: string, entryId: string, actor: AuthUser): Promise<{ assignees: readonly string[] }> {
  await orderFor(db, id, actor);
  return db.transaction(async (tx) => {
    const order = await openOrderFor(tx, id, actor);
    const [entry] = await tx.select().from(workOrderLabour).where(and(eq(workOrderLabour._id, entryId), eq(workOrderLabour.workOrder, id)));
    if (!entry) throw notFound(ENTRY_NOT_FOUND);
    if (!mayManage(actor) && entry.user !== actor._id) throw forbidden('Only your own labour entries may be removed');
    await tx.delete(workOrderLabour).where(eq(workOrderLabour._id, entryId));
    await touch(tx, id, Date.now());
    await recordAudit(tx, { entity: ENTITY, recordId: id, action: 'update', actor, changes: [{ field: 'labour', from: { startedAt: entry.startedAt, endedAt: entry.endedAt, user: entry.user }, to: null }] });
    return { assignees: [order.assignedTo] };
  });
}

/**
 * Timers still running when the order is completed end then (a timer left on would otherwise
 * count forever); one whose start lies after `now` (a phone's clock ahead) ends at its start.
 */
export async function stopRunningLabour(tx: Pick<Transaction, 'update'>, orderId: string, now: number): Promise<void> {
  await tx
    .update(workOrderLabour)
    .set({ endedAt: sql`greatest(${workOrderLabour.startedAt}, ${now}::bigint)` })
    .where(and(eq(workOrderLabour.workOrder, orderId), isNull(workOrderLabour.endedAt)));
}
