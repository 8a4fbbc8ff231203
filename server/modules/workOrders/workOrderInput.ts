import { eq } from 'drizzle-orm';
import { ValidationError } from 'yup';
import type { Database } from '../../db/client';
import { assets, checklists, workOrders } from '../../db/schema';
import { badRequest } from '../../http/errors';
import {
  DESCRIPTION_MAX_LENGTH,
  WORK_ORDER_FORM_FIELDS,
  WORK_ORDER_MESSAGES,
  WORK_ORDER_READ_ONLY_FIELDS,
  workOrderFormSchema,
  type WorkOrderInput,
} from '../../../common/resources/workOrder';
import { CLOCK_SKEW_MS, MAX_ESTIMATED_HOURS, WORK_ORDER_TYPES, isWorkOrderType, type WorkOrderType } from '../../../common/resources/workAccounting';
import { planTimeProblem } from '../../../common/resources/planTimes';
import { canHoldOrders, displayName, usersById } from './assignees';
import type { WorkOrderSettings } from './workOrderSettings';

export type WorkOrderRow = typeof workOrders.$inferSelect;

/** A body that passed every check, as it will be stored: undefined description or alert was not sent (a PUT keeps the stored description; the spec's form has none). */
export type CheckedWorkOrder = Omit<WorkOrderInput, 'description' | 'alert' | keyof CheckedAccounting> & {
  description: string | undefined;
  alert: string | null | undefined;
} & CheckedAccounting;

/** DESIGN §18's fields as checked: undefined = not sent (a PUT keeps the stored value, a POST the default). */
export interface CheckedAccounting {
  type: WorkOrderType | undefined;
  estimatedHours: number | null | undefined;
  downtimeStart: number | null | undefined;
  downtimeEnd: number | null | undefined;
  procedure: string | null | undefined;
}

type FormField = (typeof WORK_ORDER_FORM_FIELDS)[number];
const OPTIONAL_FIELDS = ['description', 'alert', 'type', 'estimatedHours', 'downtimeStart', 'downtimeEnd', 'procedure'] as const;
const MAX_ID_LENGTH = 64;
/** Epoch ms a JavaScript Date can hold. */
const MAX_TIME = 8.64e15;

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The form's own rule for one field (common/resources/workOrder.ts): spec §5's message, as the dialog shows it. */
function formRule(field: FormField, input: Record<string, unknown>): void {
  try {
    workOrderFormSchema.validateSyncAt(field, input, { strict: true });
  } catch (error) {
    if (error instanceof ValidationError) throw badRequest(field, error.message);
    // A test that threw on a value of a type it did not expect: still the field's bad input.
    throw badRequest(field, `${field} holds a value of the wrong type`);
  }
}

function idOf(field: 'asset' | 'assignedTo', value: unknown): string {
  const id = String(value).trim();
  // Blank is nothing chosen: spec §5's message, as for a missing field.
  if (id === '') throw badRequest(field, WORK_ORDER_MESSAGES[field]);
  if (id.length > MAX_ID_LENGTH) throw badRequest(field, `${field} must be an id of at most ${MAX_ID_LENGTH} characters`);
  return id;
}

function timeOf(field: 'startTimestamp' | 'endTimestamp', value: unknown): number {
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || Math.abs(value) > MAX_TIME) throw badRequest(field, `${field} must be a time in epoch milliseconds`);
  return value;
}

function oneOfConfigured(field: 'priority' | 'status', value: string, configured: readonly string[], held: string | undefined): string {
  // Blank is nothing chosen, as for the ids: the spec's message, not a list of values.
  if (value.trim() === '') throw badRequest(field, WORK_ORDER_MESSAGES[field]);
  const label = field === 'priority' ? 'Priority' : 'Status';
  // A value the config has since dropped may be kept by the order that holds it, not given to another.
  if (configured.includes(value) || value === held) return value;
  throw badRequest(field, `${label} must be one of ${configured.join(', ')}`);
}

/**
 * A POST or PUT body (docs/work-orders.md) checked field by field in the form's order — each
 * required one with spec §5's message, then what the server alone can tell (the asset exists and
 * is current, the assignee may hold orders, status and priority are configured values) — then
 * description and alert, then unknown fields; a 400 names the first field that fails. On PUT
 * (`existing`), an archived asset, an assignee who can no longer hold orders or a value the
 * config dropped may be kept by the order that already has it.
 */
export async function checkedWorkOrder(
  db: Database,
  body: unknown,
  settings: Pick<WorkOrderSettings, 'statusValues' | 'priorityValues'>,
  existing: WorkOrderRow | null,
): Promise<CheckedWorkOrder> {
  if (!isObject(body)) throw badRequest('body', 'body must be a JSON object');
  const input = body;
  const assetId = typeof input.asset === 'string' ? input.asset.trim() : '';
  const assigneeId = typeof input.assignedTo === 'string' ? input.assignedTo.trim() : '';
  const [[asset], people] = await Promise.all([
    assetId === '' || assetId.length > MAX_ID_LENGTH ? [] : db.select({ _id: assets._id, name: assets.name, archivedAt: assets.archivedAt, checklists: assets.checklists }).from(assets).where(eq(assets._id, assetId)),
    usersById(db, assigneeId === '' || assigneeId.length > MAX_ID_LENGTH ? [] : [assigneeId]),
  ]);

  formRule('title', input);
  const title = (input.title as string).trim();

  formRule('asset', input);
  const assetField = idOf('asset', input.asset);
  if (!asset) throw badRequest('asset', `asset: no asset has the id ${assetField}`);
  if (asset.archivedAt !== null && existing?.asset !== asset._id) throw badRequest('asset', `asset: "${asset.name}" is archived: it takes no new work orders`);

  formRule('assignedTo', input);
  const assignedTo = idOf('assignedTo', input.assignedTo);
  const assignee = people.get(assignedTo);
  if (!assignee) throw badRequest('assignedTo', `assignedTo: no user has the id ${assignedTo}`);
  if (!canHoldOrders(assignee) && existing?.assignedTo !== assignee._id) {
    throw badRequest('assignedTo', `assignedTo: ${displayName(assignee)} cannot be given work orders (only active users holding update-workorder can)`);
  }

  formRule('priority', input);
  const priority = oneOfConfigured('priority', input.priority as string, settings.priorityValues, existing?.priority);
  formRule('status', input);
  const status = oneOfConfigured('status', input.status as string, settings.statusValues, existing?.status);

  formRule('startTimestamp', input);
  const startTimestamp = timeOf('startTimestamp', input.startTimestamp);
  formRule('endTimestamp', input);
  const endTimestamp = timeOf('endTimestamp', input.endTimestamp);

  let description: string | undefined;
  if (input.description === null) description = '';
  else if (input.description !== undefined) {
    if (typeof input.description !== 'string') throw badRequest('description', 'description must be a text');
    if (input.description.length > DESCRIPTION_MAX_LENGTH) throw badRequest('description', `description must be at most ${DESCRIPTION_MAX_LENGTH} characters`);
    description = input.description;
  }

  let alert: string | null | undefined;
  if (input.alert === null) alert = null;
  else if (input.alert !== undefined) {
    if (typeof input.alert !== 'string' || input.alert.trim() === '' || input.alert.length > MAX_ID_LENGTH) throw badRequest('alert', 'alert must be the id of an alert, or null');
    alert = input.alert.trim();
  }

  const accounting = await checkedAccounting(db, input, existing, asset, Date.now());

  const known: readonly string[] = [...WORK_ORDER_FORM_FIELDS, ...OPTIONAL_FIELDS, ...WORK_ORDER_READ_ONLY_FIELDS];
  const unknown = Object.keys(input).find((key) => !known.includes(key));
  if (unknown !== undefined) throw badRequest(unknown, `${unknown} is not allowed`);

  return { title, asset: asset._id, assignedTo, priority, status, startTimestamp, endTimestamp, description, alert, ...accounting };
}

/** A downtime time: whole epoch ms within the plan times, not later than now (downtime is what happened). */
function downtimeTimeOf(field: 'downtimeStart' | 'downtimeEnd', value: unknown, now: number): number | null | undefined {
  if (value === undefined || value === null) return value;
  const label = field === 'downtimeStart' ? 'Asset stopped' : 'Running again';
  if (typeof value !== 'number' || !Number.isSafeInteger(value)) throw badRequest(field, `${field} must be a time in epoch milliseconds, or null`);
  const problem = planTimeProblem(label, value);
  if (problem) throw badRequest(field, `${field}: ${problem}`);
  if (value > now + CLOCK_SKEW_MS) throw badRequest(field, `${field}: ${label} must not be in the future`);
  return value;
}

/**
 * DESIGN §18's fields of a POST or PUT body (docs/work-orders.md "Work accounting"), each checked
 * when sent: the type among WORK_ORDER_TYPES, the estimate above 0 hours, the downtime's start
 * before its end (an end needs a start; the asset still down has none), the procedure a checklist
 * of the order's asset (fixed once its inspection is filled: workOrderWrites.ts).
 */
async function checkedAccounting(
  db: Database,
  input: Record<string, unknown>,
  existing: WorkOrderRow | null,
  asset: { name: string; checklists: string[] },
  now: number,
): Promise<CheckedAccounting> {
  const { type, estimatedHours, procedure } = input;
  if (type !== undefined && !isWorkOrderType(type)) throw badRequest('type', `type must be one of ${WORK_ORDER_TYPES.join(', ')}`);
  if (estimatedHours !== undefined && estimatedHours !== null) {
    if (typeof estimatedHours !== 'number' || !Number.isFinite(estimatedHours) || estimatedHours <= 0 || estimatedHours > MAX_ESTIMATED_HOURS) {
      throw badRequest('estimatedHours', `estimatedHours must be a number of hours above 0 and at most ${MAX_ESTIMATED_HOURS}, or null`);
    }
  }
  const downtimeStart = downtimeTimeOf('downtimeStart', input.downtimeStart, now);
  const downtimeEnd = downtimeTimeOf('downtimeEnd', input.downtimeEnd, now);
  const start = downtimeStart === undefined ? (existing?.downtimeStart ?? null) : downtimeStart;
  const end = downtimeEnd === undefined ? (existing?.downtimeEnd ?? null) : downtimeEnd;
  if (end !== null && start === null) throw badRequest('downtimeStart', 'downtimeStart: Asset stopped is required when Running again is set');
  if (end !== null && start !== null && end < start) throw badRequest('downtimeEnd', 'downtimeEnd: Running again must not be before Asset stopped');
  let checklist: string | null | undefined;
  if (procedure === null) checklist = null;
  else if (procedure !== undefined) {
    if (typeof procedure !== 'string' || procedure.trim() === '' || procedure.length > MAX_ID_LENGTH) throw badRequest('procedure', 'procedure must be the id of a checklist, or null');
    checklist = procedure.trim();
    if (checklist !== existing?.procedure) {
      const [found] = await db.select({ _id: checklists._id, name: checklists.name }).from(checklists).where(eq(checklists._id, checklist));
      if (!found) throw badRequest('procedure', `procedure: no checklist has the id ${checklist}`);
      // The technician fills it as an inspection of the asset: offline too, from the asset's checklists the phone holds.
      if (!asset.checklists.includes(checklist)) throw badRequest('procedure', `procedure: "${found.name}" is not a checklist of the asset "${asset.name}"`);
    }
  }
  return { type: type as WorkOrderType | undefined, estimatedHours: estimatedHours as number | null | undefined, downtimeStart, downtimeEnd, procedure: checklist };
}
