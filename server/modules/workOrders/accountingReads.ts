import { asc, eq, getTableColumns, sql } from 'drizzle-orm';
import { alias, type PgColumn } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client';
import { checklists, inspections, users, workOrderLabour, workOrderParts } from '../../db/schema';
import { spareParts } from '../spareParts/sparePart.resource';
import { cents, hoursBetween, HOUR_MS, labourCost, type LabourEntry, type OrderCosts, type PartUse, type WorkOrderAccounting } from '../../../common/resources/workAccounting';

const part = getTableColumns(spareParts) as unknown as Record<'_id' | 'partNumber' | 'name', PgColumn>;
const worker = alias(users, 'worker');
const personName = (table: { name: PgColumn; username: PgColumn }) => sql<string>`coalesce(nullif(${table.name}, ''), ${table.username}, '')`;

/** An order's labour, oldest first, with hours and cost worked out as common/resources/workAccounting.ts says. */
export async function labourOf(db: Database, orderId: string): Promise<LabourEntry[]> {
  const l = workOrderLabour;
  const rows = await db
    .select({ _id: l._id, workOrder: l.workOrder, user: l.user, userName: personName(worker), startedAt: l.startedAt, endedAt: l.endedAt, hourlyRate: l.hourlyRate, note: l.note })
    .from(l)
    .leftJoin(worker, eq(worker._id, l.user))
    .where(eq(l.workOrder, orderId))
    .orderBy(asc(l.startedAt), asc(l._id));
  return rows.map((row) => ({
    ...row,
    userName: row.userName ?? '',
    hours: row.endedAt === null ? null : hoursBetween(row.startedAt, row.endedAt),
    cost: row.endedAt === null || row.hourlyRate === null ? null : labourCost(row.startedAt, row.endedAt, row.hourlyRate),
  }));
}

/** An order's parts, in the order they were used. */
export async function partsOf(db: Database, orderId: string): Promise<PartUse[]> {
  const u = workOrderParts;
  const rows = await db
    .select({ _id: u._id, workOrder: u.workOrder, part: u.part, partNumber: part.partNumber, partName: part.name, quantity: u.quantity, unitCost: u.unitCost, usedBy: u.usedBy, usedByName: personName(worker), usedAt: u.usedAt })
    .from(u)
    .leftJoin(spareParts, eq(part._id, u.part))
    .leftJoin(worker, eq(worker._id, u.usedBy))
    .where(eq(u.workOrder, orderId))
    .orderBy(asc(u.usedAt), asc(u._id));
  return rows.map((row) => ({
    ...row,
    partNumber: String(row.partNumber ?? ''),
    partName: String(row.partName ?? ''),
    usedByName: row.usedByName ?? '',
    cost: row.unitCost === null ? null : cents(row.quantity * row.unitCost),
  }));
}

/** DESIGN §18: labour (exact hours × each entry's rate) plus parts; running timers count nothing yet. */
export function costsOf(labour: readonly LabourEntry[], parts: readonly PartUse[]): OrderCosts {
  const finished = labour.filter((entry) => entry.endedAt !== null);
  const labourHours = cents(finished.reduce((sum, entry) => sum + ((entry.endedAt as number) - entry.startedAt) / HOUR_MS, 0));
  const labourCostSum = cents(finished.reduce((sum, entry) => sum + (entry.cost ?? 0), 0));
  const partsCost = cents(parts.reduce((sum, use) => sum + (use.cost ?? 0), 0));
  return { labourHours, labourCost: labourCostSum, partsCost, total: cents(labourCostSum + partsCost), unratedEntries: finished.filter((entry) => entry.hourlyRate === null).length };
}

/** The accounting half of GET /workOrder/{id}. */
export async function accountingOf(db: Database, orderId: string, procedure: string | null): Promise<WorkOrderAccounting> {
  const [labour, parts, [filled], [checklist]] = await Promise.all([
    labourOf(db, orderId),
    partsOf(db, orderId),
    db.select({ _id: inspections._id }).from(inspections).where(eq(inspections.workOrder, orderId)),
    procedure === null ? [] : db.select({ name: checklists.name }).from(checklists).where(eq(checklists._id, procedure)),
  ]);
  return { labour, parts, costs: costsOf(labour, parts), procedureInspection: filled?._id ?? null, procedureName: checklist?.name ?? null };
}
