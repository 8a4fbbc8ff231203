import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { newId } from '../../db/ids';
import { workOrderActivity } from '../../db/schema';
import { resolveAlerts } from '../alerts/alertReads';
import { statusChangeComment } from '../../../common/resources/workOrder';

type Executor = Pick<Database, 'select' | 'insert' | 'update'>;

/**
 * The time of a new log entry: now, or just after the order's latest entry when that is not
 * earlier (two entries in one millisecond, or a clock behind another process's): the log reads
 * newest first by time, so each entry must come after the one recorded before it. Callers hold
 * the order's row lock, so two writers cannot take the same time.
 */
async function nextEntryTime(tx: Executor, orderId: string, now: number): Promise<number> {
  const [row] = await tx.select({ latest: sql<number | null>`max(${workOrderActivity.createdAt})`.mapWith(Number) }).from(workOrderActivity).where(eq(workOrderActivity.workOrder, orderId));
  const latest = row?.latest ?? null;
  return latest !== null && Number.isFinite(latest) && latest >= now ? latest + 1 : now;
}

/** A comment someone recorded (spec §5: already trimmed and non-blank). */
export async function recordComment(tx: Executor, orderId: string, userId: string, comment: string, now: number, photos: readonly string[] = []): Promise<void> {
  await tx.insert(workOrderActivity).values({ _id: newId(), workOrder: orderId, user: userId, comment, photos: [...photos], createdAt: await nextEntryTime(tx, orderId, now) });
}

/** DESIGN §11: every status change is in the log, who and old → new, so the log is the order's history. */
export async function recordStatusChange(tx: Executor, orderId: string, userId: string, from: string, to: string, now: number): Promise<void> {
  await tx.insert(workOrderActivity).values({
    _id: newId(),
    workOrder: orderId,
    user: userId,
    comment: statusChangeComment(from, to),
    statusFrom: from,
    statusTo: to,
    createdAt: await nextEntryTime(tx, orderId, now),
  });
}

/** What completing an order changed, for update-detail pushes. */
export interface ResolvedByCompletion {
  alerts: string[];
  inspections: string[];
}

export const NOTHING_RESOLVED: ResolvedByCompletion = { alerts: [], inspections: [] };

/**
 * DESIGN §11: an order linked to an alert that becomes Completed resolves that alert, if still
 * open, by the user who completed it, with the order's last recorded comment as remark — what
 * was done — or 'Work order completed: <title>' when nobody wrote one. In the caller's transaction.
 */
export async function resolveAlertOfCompletedOrder(tx: Executor, order: { _id: string; title: string; alert: string | null }, userId: string): Promise<ResolvedByCompletion> {
  if (order.alert === null) return NOTHING_RESOLVED;
  const [last] = await tx
    .select({ comment: workOrderActivity.comment })
    .from(workOrderActivity)
    .where(and(eq(workOrderActivity.workOrder, order._id), isNull(workOrderActivity.statusFrom)))
    .orderBy(desc(workOrderActivity.createdAt), desc(workOrderActivity._id))
    .limit(1);
  return resolveAlerts(tx, [order.alert], last?.comment ?? `Work order completed: ${order.title}`, userId);
}
