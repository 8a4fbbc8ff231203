import { HOUR_MS, hoursBetween, type LabourEntry } from '../../../../../common/resources/workAccounting';
import type { WorkOrder } from '../../../../../common/resources/workOrder';
import type { OutboxItem, OutboxState } from '../../../../platform/offline/outbox/outboxItem';
import { workOrderApiPath } from '../../../workOrders/shared/workOrderApiPath';
import type { QueuedPartDraft } from './workAccountingRequests';

/**
 * What of an order still waits on this phone (docs/offline.md): the outbox items of its writes,
 * read as the screen shows them — labour, timers, parts, the downtime and the procedure — until
 * the server has them. Items the server refused are shown with its reason (`error`).
 */

export interface PendingMark {
  /** The outbox item (its id is the write's Idempotency-Key). */
  id: string;
  state: OutboxState;
  /** The server's reason when it refused the item. */
  error: string | null;
}

/** A labour entry as the screen lists it: one the server holds, or one that waits to be sent. */
export interface LabourRow {
  key: string;
  userName: string;
  /** null: a stop whose start the phone does not know (refused). */
  startedAt: number | null;
  /** null: a start the server refused (no timer runs). */
  endedAt: number | null;
  hours: number | null;
  pending: PendingMark | null;
}

export interface RunningTimer {
  startedAt: number;
  /** The start waits on the phone. */
  pending: PendingMark | null;
}

export interface PendingPart extends PendingMark {
  partNumber: string;
  partName: string;
  quantity: number;
}

const markOf = (item: OutboxItem): PendingMark => ({ id: item.id, state: item.state, error: item.error ?? null });

const numberIn = (body: unknown, key: string): number | null => {
  const value = typeof body === 'object' && body !== null ? (body as Record<string, unknown>)[key] : undefined;
  return typeof value === 'number' ? value : null;
};

/** The outbox items that write to this order, oldest first (as the outbox lists them). */
export function itemsOfOrder(items: readonly OutboxItem[], orderId: string): OutboxItem[] {
  const path = workOrderApiPath(orderId);
  return items.filter(
    (item) => item.request.path === path || item.request.path.startsWith(`${path}/`) || (item.kind === 'inspection' && item.request.query?.workOrder === orderId),
  );
}

/**
 * The signed-in user's timer and the order's labour: the server's finished entries, then what waits —
 * time added, a timer started (running) and stopped (an entry). A stop waiting on the phone ends the
 * server's running timer, or the timer started on the phone before it. A refused start runs nothing.
 */
export function labourView(entries: readonly LabourEntry[], items: readonly OutboxItem[], orderId: string, user: { _id: string; name: string }) {
  const rows: LabourRow[] = entries
    .filter((entry) => entry.endedAt !== null)
    .map((entry) => ({ key: entry._id, userName: entry.userName, startedAt: entry.startedAt, endedAt: entry.endedAt as number, hours: entry.hours, pending: null }));
  const serverTimer = entries.find((entry) => entry.user === user._id && entry.endedAt === null);
  let running: RunningTimer | null = serverTimer ? { startedAt: serverTimer.startedAt, pending: null } : null;
  const labourPath = workOrderApiPath(orderId, '/labour');
  for (const item of items) {
    const startedAt = numberIn(item.request.body, 'startedAt');
    const refused = item.state === 'refused';
    if (item.request.path === labourPath && startedAt !== null) {
      const hours = numberIn(item.request.body, 'hours');
      if (hours !== null) rows.push({ key: item.id, userName: user.name, startedAt, endedAt: startedAt + Math.round(hours * HOUR_MS), hours, pending: markOf(item) });
      else if (refused) rows.push({ key: item.id, userName: user.name, startedAt, endedAt: null, hours: null, pending: markOf(item) });
      else running = { startedAt, pending: markOf(item) };
    } else if (item.request.path === `${labourPath}/stop`) {
      const endedAt = numberIn(item.request.body, 'endedAt') ?? item.createdAt;
      const start = refused ? null : (running?.startedAt ?? null);
      rows.push({ key: item.id, userName: user.name, startedAt: start, endedAt, hours: start === null ? null : hoursBetween(start, endedAt), pending: markOf(item) });
      if (!refused) running = null;
    }
  }
  return { running, rows };
}

/** Parts whose use waits on the phone (or was refused), with the part's number and name kept at the press. */
export function pendingParts(items: readonly OutboxItem[], orderId: string): PendingPart[] {
  const partsPath = workOrderApiPath(orderId, '/parts');
  return items
    .filter((item) => item.request.path === partsPath)
    .map((item) => {
      const draft = item.draft as Partial<QueuedPartDraft> | undefined;
      return { ...markOf(item), partNumber: draft?.partNumber ?? '', partName: draft?.partName ?? '', quantity: numberIn(item.request.body, 'quantity') ?? 0 };
    });
}

/** The procedure's inspection waiting on the phone (the latest, if the technician filled it again after a refusal). */
export const pendingProcedure = (items: readonly OutboxItem[]): PendingMark | null => {
  const item = items.filter((entry) => entry.kind === 'inspection').at(-1);
  return item ? markOf(item) : null;
};

type OrderOverlay = Pick<WorkOrder, 'status' | 'downtimeStart' | 'downtimeEnd'>;

/**
 * The order as the technician left it on this phone: a status or downtime change waiting to be sent
 * (a PUT of the whole order) shows as made — the latest one, unless the server refused it.
 */
export function withPendingChanges<T extends WorkOrder>(order: T, items: readonly OutboxItem[]): { order: T; pending: PendingMark | null } {
  const put = items.filter((item) => item.request.method === 'PUT' && item.state !== 'refused').at(-1);
  if (!put || typeof put.request.body !== 'object' || put.request.body === null) return { order, pending: null };
  const body = put.request.body as Partial<OrderOverlay>;
  const overlay: Partial<OrderOverlay> = {};
  if (typeof body.status === 'string') overlay.status = body.status;
  if (body.downtimeStart !== undefined) overlay.downtimeStart = body.downtimeStart;
  if (body.downtimeEnd !== undefined) overlay.downtimeEnd = body.downtimeEnd;
  return { order: { ...order, ...overlay }, pending: put.kind === 'workOrderDowntime' ? markOf(put) : null };
}
