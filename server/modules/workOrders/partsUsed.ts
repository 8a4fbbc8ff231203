import { and, asc, eq, getTableColumns, ilike, or, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client';
import { newId } from '../../db/ids';
import { reorderNotices, workOrderParts, workOrders } from '../../db/schema';
import { spareParts } from '../spareParts/sparePart.resource';
import type { AuthUser } from '../../auth/access';
import { recordAudit } from '../../crud/auditLog';
import type { Transaction } from '../../crud/crudTypes';
import { badRequest, conflict, forbidden, notFound } from '../../http/errors';
import { MAX_PART_QUANTITY, type PartChoice, type ReorderNotice } from '../../../common/resources/workAccounting';
import { mayManage, orderFor } from './orderAccess';
import { openOrderFor } from './labour';

const ENTITY = 'workOrder';
export const USE_NOT_FOUND = 'Part use not found';
const MAX_ID_LENGTH = 64;
const PART_CHOICES = 20;
/** The stores' columns (a declared resource's table is typed loosely: resourceTable.ts). */
const part = getTableColumns(spareParts) as unknown as Record<'_id' | 'partNumber' | 'name' | 'quantityOnHand' | 'location', PgColumn>;

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** POST /workOrder/{id}/parts {part, quantity}: an existing part's id and a whole number from 1. */
function checkedUse(body: unknown): { part: string; quantity: number } {
  if (!isObject(body)) throw badRequest('body', 'body must be a JSON object');
  const { part, quantity, ...others } = body;
  if (typeof part !== 'string' || part.trim() === '' || part.length > MAX_ID_LENGTH) throw badRequest('part', 'part must be the id of a spare part');
  if (typeof quantity !== 'number' || !Number.isInteger(quantity) || quantity < 1 || quantity > MAX_PART_QUANTITY) {
    throw badRequest('quantity', `quantity must be a whole number from 1 to ${MAX_PART_QUANTITY}`);
  }
  const unknown = Object.keys(others)[0];
  if (unknown !== undefined) throw badRequest(unknown, `${unknown} is not allowed`);
  return { part: part.trim(), quantity };
}

interface StockChange {
  before: number | null;
  after: number | null;
  reorderLevel: number | null;
  unitCost: number | null;
  partNumber: string;
  name: string;
}

/**
 * Moves a part's stock by `delta` in one statement on its locked row, never below zero: answers
 * the stock before and after, or null when there is not enough (a part whose stock is not counted
 * — no quantity on hand — moves nothing and always has enough). Concurrent uses queue on the row,
 * so each sees the stock the one before it left.
 */
async function moveStock(tx: Transaction, partId: string, delta: number): Promise<StockChange | null> {
  const result = (await tx.execute(sql`
    update ${spareParts} set quantity_on_hand = quantity_on_hand + ${delta}::int, updated_at = (extract(epoch from now()) * 1000)::bigint
    where ${part._id} = ${partId} and (quantity_on_hand is null or quantity_on_hand + ${delta}::int >= 0)
    returning quantity_on_hand - ${delta}::int as before, quantity_on_hand as after, reorder_level as "reorderLevel", unit_cost::float8 as "unitCost", part_number as "partNumber", name`)) as unknown as { rows: StockChange[] };
  return result.rows[0] ?? null;
}

/** A crossing from above the reorder level to at or under it: the one use that crossed raises the notice. */
const crossedReorderLevel = (change: StockChange): change is StockChange & { before: number; after: number; reorderLevel: number } =>
  change.before !== null && change.after !== null && change.reorderLevel !== null && change.before > change.reorderLevel && change.after <= change.reorderLevel;

export interface PartsOutcome {
  assignees: readonly string[];
  /** Raised by this use, for the push to manage-sparepart holders. */
  notice: ReorderNotice | null;
}

/**
 * POST /workOrder/{id}/parts: records the use at the part's unit cost now and takes the quantity
 * from stock in the same transaction — 409 naming quantity when the stores hold fewer; a use that
 * brings the stock from above its reorder level to at or under it raises a reorder notice (once
 * per crossing: the row lock orders the uses, so exactly one sees the crossing).
 */
export async function useParts(db: Database, id: string, body: unknown, actor: AuthUser): Promise<PartsOutcome> {
  await orderFor(db, id, actor);
  const use = checkedUse(body);
  const [stored] = await db.select({ name: part.name }).from(spareParts).where(eq(part._id, use.part));
  if (!stored) throw badRequest('part', `part: no spare part has the id ${use.part}`);
  const now = Date.now();
  return db.transaction(async (tx) => {
    const order = await openOrderFor(tx, id, actor);
    const change = await moveStock(tx, use.part, -use.quantity);
    if (!change) {
      const [current] = await tx.select({ quantityOnHand: part.quantityOnHand }).from(spareParts).where(eq(part._id, use.part));
      throw conflict('quantity', `quantity: only ${String(current?.quantityOnHand ?? 0)} of ${String(stored.name)} in stock`);
    }
    await tx.insert(workOrderParts).values({ _id: newId(), workOrder: id, part: use.part, quantity: use.quantity, unitCost: change.unitCost, usedBy: actor._id, usedAt: now });
    let notice: ReorderNotice | null = null;
    if (crossedReorderLevel(change)) {
      notice = { _id: newId(), part: use.part, partNumber: change.partNumber, partName: change.name, quantityOnHand: change.after, reorderLevel: change.reorderLevel, workOrder: id, raisedAt: now };
      await tx.insert(reorderNotices).values({ _id: notice._id, part: use.part, quantityOnHand: change.after, reorderLevel: change.reorderLevel, workOrder: id, raisedBy: actor._id, raisedAt: now });
    }
    await tx.update(workOrders).set({ updatedAt: now }).where(eq(workOrders._id, id));
    await recordAudit(tx, { entity: ENTITY, recordId: id, action: 'update', actor, changes: [{ field: 'parts', from: null, to: { part: use.part, quantity: use.quantity } }] });
    await recordAudit(tx, { entity: 'sparePart', recordId: use.part, action: 'update', actor, changes: [{ field: 'quantityOnHand', from: change.before, to: change.after }] });
    return { assignees: [order.assignedTo], notice };
  });
}

/** DELETE /workOrder/{id}/parts/{useId}: a use recorded by mistake; its quantity goes back to stock. */
export async function returnParts(db: Database, id: string, useId: string, actor: AuthUser): Promise<{ assignees: readonly string[] }> {
  await orderFor(db, id, actor);
  return db.transaction(async (tx) => {
    const order = await openOrderFor(tx, id, actor);
    const [use] = await tx.select().from(workOrderParts).where(and(eq(workOrderParts._id, useId), eq(workOrderParts.workOrder, id)));
    if (!use) throw notFound(USE_NOT_FOUND);
    if (!mayManage(actor) && use.usedBy !== actor._id) throw forbidden('Only parts you recorded may be removed');
    await tx.delete(workOrderParts).where(eq(workOrderParts._id, useId));
    const change = await moveStock(tx, use.part, use.quantity);
    const now = Date.now();
    await tx.update(workOrders).set({ updatedAt: now }).where(eq(workOrders._id, id));
    await recordAudit(tx, { entity: ENTITY, recordId: id, action: 'update', actor, changes: [{ field: 'parts', from: { part: use.part, quantity: use.quantity }, to: null }] });
    if (change) await recordAudit(tx, { entity: 'sparePart', recordId: use.part, action: 'update', actor, changes: [{ field: 'quantityOnHand', from: change.before, to: change.after }] });
    return { assignees: [order.assignedTo] };
  });
}

/**
 * GET /workOrder/parts?search=: up to 20 parts whose number is the search exactly (a scanned
 * label) first, then those whose number or name holds it; by part number.
 */
export async function partChoices(db: Database, search: string): Promise<PartChoice[]> {
  const text = search.trim();
  const pattern = `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const rows = await db
    .select({ _id: part._id, partNumber: part.partNumber, name: part.name, quantityOnHand: part.quantityOnHand, location: part.location })
    .from(spareParts)
    .where(text === '' ? undefined : or(ilike(part.partNumber, pattern), ilike(part.name, pattern)))
    .orderBy(sql`lower(${part.partNumber}) = lower(${text}) desc`, asc(sql`lower(${part.partNumber})`))
    .limit(PART_CHOICES);
  return rows as unknown as PartChoice[];
}
