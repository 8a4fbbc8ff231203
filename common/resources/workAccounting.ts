/**
 * What a work order accounts for (DESIGN §18, docs/work-orders.md "Work accounting"): its type,
 * the labour and parts spent on it, the asset's downtime, its procedure and who completed it.
 * Shared by the server's checks, the engineer's order screen and the technician's phone.
 */

/** DESIGN §18: preventive work comes from schedules and meters; condition-based from sensors' alerts. */
export const WORK_ORDER_TYPES = ['corrective', 'preventive', 'condition-based', 'inspection-follow-up'] as const;
export type WorkOrderType = (typeof WORK_ORDER_TYPES)[number];

export const WORK_ORDER_TYPE_LABELS: Record<WorkOrderType, string> = {
  corrective: 'Corrective',
  preventive: 'Preventive',
  'condition-based': 'Condition-based',
  'inspection-follow-up': 'Inspection follow-up',
};

/** Planned work (SMRP 5.4.x): scheduled before it was needed — preventive and condition-based. */
export const PLANNED_TYPES: readonly WorkOrderType[] = ['preventive', 'condition-based'];

export const isWorkOrderType = (value: unknown): value is WorkOrderType => typeof value === 'string' && (WORK_ORDER_TYPES as readonly string[]).includes(value);

/** The order's accounting fields as a client sends them on POST/PUT (each optional: left out keeps the stored value). */
export interface WorkOrderAccountingInput {
  type?: WorkOrderType;
  estimatedHours?: number | null;
  downtimeStart?: number | null;
  downtimeEnd?: number | null;
  procedure?: string | null;
}

/** Most hours one order may be estimated at, and one labour entry may last (a long shutdown job). */
export const MAX_ESTIMATED_HOURS = 10_000;
export const MAX_LABOUR_HOURS = 24 * 14;
export const HOUR_MS = 3_600_000;
/** A client's clock may run this far ahead of the server's: times later than now + this are refused. */
export const CLOCK_SKEW_MS = 5 * 60_000;
export const MAX_PART_QUANTITY = 100_000;
export const LABOUR_NOTE_MAX_LENGTH = 500;

/** One labour entry as served: a running timer has no end, no hours and no cost yet. */
export interface LabourEntry {
  _id: string;
  workOrder: string;
  user: string;
  userName: string;
  startedAt: number;
  endedAt: number | null;
  /** (end − start) in hours, rounded to 2 places; null while running. */
  hours: number | null;
  /** The user's rate when recorded; null when they had none. */
  hourlyRate: number | null;
  /** hours × rate, 2 places; null while running or without a rate. */
  cost: number | null;
  note: string;
}

/** One use of a spare part on an order. */
export interface PartUse {
  _id: string;
  workOrder: string;
  part: string;
  partNumber: string;
  partName: string;
  quantity: number;
  /** The part's unit cost when it was used; null when it had none. */
  unitCost: number | null;
  /** quantity × unit cost, 2 places; null without a unit cost. */
  cost: number | null;
  usedBy: string;
  usedByName: string;
  usedAt: number;
}

/** A spare part as an order's picker offers it (GET /workOrder/parts?search=; technicians hold no read of the stores). */
export interface PartChoice {
  _id: string;
  partNumber: string;
  name: string;
  quantityOnHand: number | null;
  location: string;
}

/** An order's costs (DESIGN §18: labour = hours × the rate, plus parts). */
export interface OrderCosts {
  labourHours: number;
  labourCost: number;
  partsCost: number;
  total: number;
  /** Finished labour entries whose person had no rate: their hours count, their cost cannot. */
  unratedEntries: number;
}

/** A part's stock reached its reorder level (pushed as `reorder-notice` to manage-sparepart holders). */
export interface ReorderNotice {
  _id: string;
  part: string;
  partNumber: string;
  partName: string;
  quantityOnHand: number;
  reorderLevel: number;
  workOrder: string | null;
  raisedAt: number;
}

/** The accounting part of GET /workOrder/{id}. */
export interface WorkOrderAccounting {
  labour: LabourEntry[];
  parts: PartUse[];
  costs: OrderCosts;
  /** The procedure's inspection, once filled. */
  procedureInspection: string | null;
  procedureName: string | null;
}

/** Money to 2 places. */
export const cents = (amount: number): number => Math.round(amount * 100) / 100;

/** Hours between two epoch-ms times, to 2 places, as the screens show them. */
export const hoursBetween = (start: number, end: number): number => cents((end - start) / HOUR_MS);

/** What an entry cost: its exact duration × the rate, to 2 places (not the shown hours × rate). */
export const labourCost = (start: number, end: number, rate: number): number => cents(((end - start) / HOUR_MS) * rate);
