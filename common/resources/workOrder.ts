import * as yup from 'yup';
import { MAX_ENTRY_DAYS, planSpanProblem, planTimeProblem } from './planTimes';
import type { WorkOrderAccounting, WorkOrderType } from './workAccounting';

/**
 * Spec §3 Work order and Work order config, with DESIGN §11's additions (`alert`, `description`)
 * and the names the screens show. docs/work-orders.md describes the calls that carry them.
 */

/** One entry of an order's activity log (spec §3); newest first wherever it is served. */
export interface WorkOrderActivity {
  _id: string;
  /** User id of who recorded it. */
  user: string;
  /** That user's name, so the log needs no lookups. */
  userName: string;
  /** The comment as recorded (trimmed); for a status change, the server's sentence naming old → new. */
  comment: string;
  createdAt: number;
  /** Set on entries the server writes for a status change (DESIGN §11: the log is the order's history). */
  statusChange?: { from: string; to: string };
  /** Photos taken with the comment (DESIGN §18): file ids, shown from /api/file/{id}. */
  photos?: string[];
}

/** The alert an order was opened for, as the order's detail shows it (technicians cannot read alerts). */
export interface WorkOrderAlertSummary {
  _id: string;
  /** HTML, sanitised before render. */
  message: string;
  levelName: string;
  color: string;
  timestamp: number;
  resolvedAt: number | null;
  inspection: string | null;
  checklistName: string | null;
  inspectedByName: string | null;
  /** The inspection's values that raised it, in checklist order, with attribute names and types (how to show them). */
  values: { attribute: string; name: string; type: string | null; value: unknown }[];
}

export interface WorkOrder {
  _id: string;
  title: string;
  description: string;
  status: string;
  priority: string;
  /** Asset id, and its name. */
  asset: string;
  assetName: string;
  /** User id of the assignee, and their name. */
  assignedTo: string;
  assignedToName: string;
  startTimestamp: number;
  endTimestamp: number;
  /** The alert it was opened for (DESIGN §11), or null. */
  alert: string | null;
  /** DESIGN §18 (common/resources/workAccounting.ts). */
  type: WorkOrderType;
  estimatedHours: number | null;
  /** When the asset stopped, and ran again (null while still down). */
  downtimeStart: number | null;
  downtimeEnd: number | null;
  /** The checklist filled as the order's procedure, and its name. */
  procedure: string | null;
  /** Who completed it and when (set by the server as it becomes Completed). */
  completedBy: string | null;
  completedByName: string | null;
  completedAt: number | null;
  createdBy: string | null;
  createdAt: number;
  updatedAt: number;
}

/** A single order (GET /workOrder/{id}): the list row plus its log, its alert and its accounting. */
export interface WorkOrderDetail extends WorkOrder, WorkOrderAccounting {
  activity: WorkOrderActivity[];
  alertSummary: WorkOrderAlertSummary | null;
}

/** Body of POST /workOrder and PUT /workOrder/{id}; the read-only fields of a read may come along. */
export interface WorkOrderInput {
  title: string;
  asset: string;
  assignedTo: string;
  priority: string;
  status: string;
  startTimestamp: number;
  endTimestamp: number;
  description?: string;
  /** POST only: the alert the order is opened for. */
  alert?: string | null;
  /** DESIGN §18; each left out keeps the stored value (a new order: corrective, none). */
  type?: WorkOrderType;
  estimatedHours?: number | null;
  downtimeStart?: number | null;
  downtimeEnd?: number | null;
  procedure?: string | null;
}

/** Fields a client may send back from a read; the server ignores them (they are not the order's to set). */
export const WORK_ORDER_READ_ONLY_FIELDS = [
  '_id', 'id', 'createdAt', 'updatedAt', 'createdBy', 'assetName', 'assignedToName', 'activity', 'alertSummary',
  'completedBy', 'completedByName', 'completedAt', 'labour', 'parts', 'costs', 'procedureInspection', 'procedureName',
] as const;

export interface NamedRef {
  _id: string;
  name: string;
}

export interface WorkOrderField {
  heading: string;
  dataField: string;
}

export interface WorkOrderFilter {
  name: string;
  /** title, status, priority, asset or assignedTo. */
  key: string;
  /** Values offered; for asset and assignedTo they are ids, shown by the config's names. */
  values: string[];
}

/** GET /workOrder/config (spec §3 "Work order config"). */
export interface WorkOrderConfig {
  assets: NamedRef[];
  /** Users an order may be assigned to: active users holding update-workorder. */
  users: NamedRef[];
  priorityValues: string[];
  statusValues: string[];
  fields: WorkOrderField[];
  filters: WorkOrderFilter[];
  /** Single-key maps, field → direction, applied in order. */
  sort: Record<string, 'asc' | 'desc'>[];
}

/** The terminal status (DESIGN §11): a Completed order takes no status change and no activity. */
export const COMPLETED_STATUS = 'Completed';

export const isCompleted = (status: string | null | undefined): boolean => status === COMPLETED_STATUS;

/** Overdue (issue 40): its end time has passed and it is not Completed, the terminal status. */
export const isOverdue = (order: Pick<WorkOrder, 'status' | 'endTimestamp'>, now: number): boolean => !isCompleted(order.status) && order.endTimestamp < now;

/** The spec §5 messages, word for word. */
export const WORK_ORDER_MESSAGES = {
  title: 'Title is required',
  asset: 'Asset is required',
  assignedTo: 'Assignee is required',
  priority: 'Priority is required',
  status: 'Status is required',
  startTimestamp: 'Start Date is required',
  endTimestamp: 'End Date is required',
} as const;

/** What the pickers prevent in the browser, said by the server when a client sends it anyway. */
export const END_BEFORE_START_MESSAGE = 'End Date must not be before Start Date';
/** An order's dates lie between 2000 and 2100 (UTC) and span at most MAX_ENTRY_DAYS (planTimes.ts, docs/work-orders.md). */
export const WORK_ORDER_TOO_LONG_MESSAGE = `End Date must be at most ${MAX_ENTRY_DAYS} days after Start Date`;

function withinPlanTimes(label: string, value: number | null | undefined, context: yup.TestContext): true | yup.ValidationError {
  const problem = typeof value === 'number' ? planTimeProblem(label, value) : null;
  return problem ? context.createError({ message: problem }) : true;
}

export const TITLE_MAX_LENGTH = 200;
export const DESCRIPTION_MAX_LENGTH = 5000;
export const ACTIVITY_COMMENT_MAX_LENGTH = 2000;

/** Photos one activity entry may carry (docs/work-orders.md "Photos"). */
export const ACTIVITY_PHOTOS_MAX = 10;

/** POST /file?for=<this>: a photo for an activity entry, uploaded by whoever may record activity. */
export const ACTIVITY_PHOTO_UPLOAD_TARGET = 'workOrder.activity';

/** Fields the form holds, in its order. */
export const WORK_ORDER_FORM_FIELDS = ['title', 'asset', 'assignedTo', 'priority', 'status', 'startTimestamp', 'endTimestamp'] as const;

/**
 * The form's rules (spec §5), shared by the dialog and the server: the seven required fields with
 * their messages, and the end not before the start. Status and priority come from the config, so
 * membership is checked by whoever holds it (the server; the dialog offers only those values).
 */
export const workOrderFormSchema = yup.object({
  title: yup
    .string()
    .default('')
    .test('required', WORK_ORDER_MESSAGES.title, (value) => typeof value === 'string' && value.trim() !== '')
    .max(TITLE_MAX_LENGTH, `Title must be at most ${TITLE_MAX_LENGTH} characters`),
  asset: yup.string().default('').required(WORK_ORDER_MESSAGES.asset),
  assignedTo: yup.string().default('').required(WORK_ORDER_MESSAGES.assignedTo),
  priority: yup.string().default('').required(WORK_ORDER_MESSAGES.priority),
  status: yup.string().default('').required(WORK_ORDER_MESSAGES.status),
  startTimestamp: yup
    .number()
    .nullable()
    .default(null)
    .typeError(WORK_ORDER_MESSAGES.startTimestamp)
    .required(WORK_ORDER_MESSAGES.startTimestamp)
    .test('within-plan-times', (value, context) => withinPlanTimes('Start Date', value, context)),
  endTimestamp: yup
    .number()
    .nullable()
    .default(null)
    .typeError(WORK_ORDER_MESSAGES.endTimestamp)
    .required(WORK_ORDER_MESSAGES.endTimestamp)
    .test('not-before-start', END_BEFORE_START_MESSAGE, function notBeforeStart(value) {
      const start = this.parent.startTimestamp as number | null | undefined;
      return value === null || value === undefined || start === null || start === undefined || value >= start;
    })
    .test('within-plan-times', (value, context) => withinPlanTimes('End Date', value, context))
    .test('at-most-max-days', WORK_ORDER_TOO_LONG_MESSAGE, function atMostMaxDays(value) {
      const start = this.parent.startTimestamp as unknown;
      return typeof value !== 'number' || typeof start !== 'number' || planSpanProblem({ start: 'Start Date', end: 'End Date' }, start, value, MAX_ENTRY_DAYS) === null;
    }),
});

export type WorkOrderFormValues = yup.InferType<typeof workOrderFormSchema>;

/** Activity text as stored (spec §5: trimmed); null when nothing is left to record. */
export function activityComment(raw: unknown): string | null {
  if (typeof raw !== 'string') return null;
  const trimmed = raw.trim();
  return trimmed === '' ? null : trimmed;
}

/** The sentence the server logs for a status change. */
export const statusChangeComment = (from: string, to: string): string => `Status changed from ${from} to ${to}`;

/** Spec §9: High red, Medium orange, Low green, any other value grey. */
export type PriorityColour = 'red' | 'orange' | 'green' | 'grey';
export function priorityColour(priority: string | null | undefined): PriorityColour {
  if (priority === 'High') return 'red';
  if (priority === 'Medium') return 'orange';
  if (priority === 'Low') return 'green';
  return 'grey';
}

/** Config entries behind GET /workOrder/config and the alert → order rule (administrators edit them in Configuration). */
export const WORK_ORDER_CONFIG_KEYS = {
  statusValues: 'workOrder.statusValues',
  priorityValues: 'workOrder.priorityValues',
  fields: 'workOrder.fields',
  filters: 'workOrder.filters',
  sort: 'workOrder.sort',
  autoCreate: 'workOrder.autoCreate',
} as const;

/**
 * `workOrder.autoCreate` (DESIGN §11): an alert at one of `levels` (alert level technical names)
 * opens an order for its asset, assigned to the technician who inspected (`assignTo: 'inspector'`)
 * or to a named user (`assignTo: '<username>'`); `fallbackAssignee` (a username) takes alerts with
 * no inspector (a job's alert). `priorities` maps a level's technical name to a priority value
 * (a level it does not name takes the priority of the same rank); the order is due `dueHours`
 * after the alert.
 */
export interface WorkOrderAutoCreateRule {
  levels: string[];
  assignTo: string;
  fallbackAssignee?: string;
  priorities?: Record<string, string>;
  dueHours?: number;
}

/** A new or reassigned order, pushed to its assignee's own sockets (DESIGN §11). */
export interface NewWorkOrderEvent {
  _id: string;
  title: string;
  asset: string;
  assetName: string;
  priority: string;
  status: string;
  startTimestamp: number;
  endTimestamp: number;
  alert: string | null;
}
