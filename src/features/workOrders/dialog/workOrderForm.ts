import * as yup from 'yup';
import type { TranslateFunction } from 'react-admin';
import { EARLIEST_PLAN_DAY, LATEST_PLAN_DAY, MAX_ENTRY_DAYS } from '../../../../common/resources/planTimes';
import { CLOCK_SKEW_MS, MAX_ESTIMATED_HOURS, WORK_ORDER_TYPES, type WorkOrderAccountingInput, type WorkOrderType } from '../../../../common/resources/workAccounting';
import { TITLE_MAX_LENGTH, workOrderFormSchema, type WorkOrder, type WorkOrderInput } from '../../../../common/resources/workOrder';

/**
 * What the dialog holds: spec §2.8's seven fields, then DESIGN §18's accounting fields; the dates
 * as epoch ms, null while empty; the estimate as typed and the procedure's checklist id, '' for none.
 */
export interface WorkOrderFormState {
  title: string;
  asset: string;
  assignedTo: string;
  priority: string;
  status: string;
  startTimestamp: number | null;
  endTimestamp: number | null;
  type: WorkOrderType;
  estimatedHours: string;
  downtimeStart: number | null;
  downtimeEnd: number | null;
  procedure: string;
}

export type WorkOrderFormField = keyof WorkOrderFormState;

/** The cleared form: what a new order starts from, and what Reset goes back to (spec §4 "clears the form"). */
export const EMPTY_WORK_ORDER_FORM: Readonly<WorkOrderFormState> = {
  title: '',
  asset: '',
  assignedTo: '',
  priority: '',
  status: '',
  startTimestamp: null,
  endTimestamp: null,
  type: 'corrective',
  estimatedHours: '',
  downtimeStart: null,
  downtimeEnd: null,
  procedure: '',
};

/** The estimate as typed ('1.5', '1,5' or blank) as hours, null when blank; NaN when it is no number. */
export function hoursOfText(text: string): number | null {
  const trimmed = text.trim().replace(',', '.');
  if (trimmed === '') return null;
  return /^\d*\.?\d+$|^\d+\.$/.test(trimmed) ? Number(trimmed) : Number.NaN;
}

/** Downtime is what happened: not later than now (the server allows its clock skew too). */
const notInFuture = (value: number | null | undefined) => typeof value !== 'number' || value <= Date.now() + CLOCK_SKEW_MS;

/**
 * The dialog's rules: the shared schema's seven fields as they are (spec §5), and what the server
 * checks of the accounting fields (docs/work-orders.md), said before the server has to: the
 * estimate above 0 and at most 10,000 hours, the downtime not in the future, its end after a start.
 */
export const workOrderDialogSchema = workOrderFormSchema.shape({
  type: yup.string().oneOf([...WORK_ORDER_TYPES]).default('corrective'),
  estimatedHours: yup
    .string()
    .default('')
    .test('estimated-hours', 'estimatedHours', (value) => {
      const hours = hoursOfText(value ?? '');
      return hours === null || (hours > 0 && hours <= MAX_ESTIMATED_HOURS);
    }),
  downtimeStart: yup.number().nullable().default(null).test('downtime-in-future', 'downtimeStart', notInFuture),
  downtimeEnd: yup
    .number()
    .nullable()
    .default(null)
    .test('downtime-in-future', 'downtimeEnd', notInFuture)
    .test('downtime-needs-start', 'downtimeEnd', function needsStart(value) {
      return value === null || value === undefined || typeof this.parent.downtimeStart === 'number';
    })
    .test('downtime-end-before-start', 'downtimeEnd', function notBeforeStart(value) {
      const start = this.parent.downtimeStart as number | null | undefined;
      return typeof value !== 'number' || typeof start !== 'number' || value >= start;
    }),
  procedure: yup.string().default(''),
});

export function formOfOrder(order: WorkOrder): WorkOrderFormState {
  return {
    title: order.title,
    asset: order.asset,
    assignedTo: order.assignedTo,
    priority: order.priority,
    status: order.status,
    startTimestamp: order.startTimestamp,
    endTimestamp: order.endTimestamp,
    type: order.type,
    estimatedHours: order.estimatedHours === null ? '' : String(order.estimatedHours),
    downtimeStart: order.downtimeStart,
    downtimeEnd: order.downtimeEnd,
    procedure: order.procedure ?? '',
  };
}

/** The accounting fields of a validated form as sent (DESIGN §18): blank ones as null. */
function accountingBody(values: WorkOrderFormState): Required<WorkOrderAccountingInput> {
  return {
    type: values.type,
    estimatedHours: hoursOfText(values.estimatedHours),
    downtimeStart: values.downtimeStart,
    downtimeEnd: values.downtimeEnd,
    procedure: values.procedure === '' ? null : values.procedure,
  };
}

/** A validated form as the POST body (spec §7): the seven fields, the accounting fields, and the alert it is opened for. */
export function newOrderBody(values: WorkOrderFormState, alert: string | null): WorkOrderInput {
  return {
    title: values.title.trim(),
    asset: values.asset,
    assignedTo: values.assignedTo,
    priority: values.priority,
    status: values.status,
    // The schema let only numbers through.
    startTimestamp: values.startTimestamp as number,
    endTimestamp: values.endTimestamp as number,
    ...accountingBody(values),
    ...(alert ? { alert } : {}),
  };
}

/** Spec §7: PUT carries the whole order as read, with the form's fields over it. */
export function editedOrderBody(order: WorkOrder, values: WorkOrderFormState): WorkOrder {
  return { ...order, ...newOrderBody(values, null) };
}

/** The en.ts words of each field's "is required" (spec §5), the schema's own English being the server's. */
const REQUIRED_KEYS: Partial<Record<WorkOrderFormField, string>> = {
  title: 'app.work_order.validation.title_required',
  asset: 'app.work_order.validation.asset_required',
  assignedTo: 'app.work_order.validation.assignee_required',
  priority: 'app.work_order.validation.priority_required',
  status: 'app.work_order.validation.status_required',
  startTimestamp: 'app.work_order.validation.start_date_required',
  endTimestamp: 'app.work_order.validation.end_date_required',
};

/** The dialog's own words for the accounting fields' rules (en.ts). */
const ACCOUNTING_RULE_KEYS: Record<string, string> = {
  'estimated-hours': 'app.work_order_screen.estimated_hours_invalid',
  'downtime-in-future': 'app.work_order_screen.downtime_in_future',
  'downtime-needs-start': 'app.work_order_screen.downtime_needs_start',
  'downtime-end-before-start': 'app.work_order_screen.downtime_end_before_start',
};

/** A failed rule of the form, or the server's refusal of a field (`type: 'server'`, its message as the server said it). */
export interface FieldProblem {
  type?: string;
  message?: string;
}

/** Marks the server's refusal of a field, shown under it as the server says it. */
export const SERVER_PROBLEM = 'server';

/**
 * What to show under a field for a failed rule of `workOrderDialogSchema`, from en.ts: its length
 * limit, the end before the start, a date outside 2000–2100 or too long after the start
 * (docs/work-orders.md), the accounting fields' rules; the server's own message for a field it
 * refused; and otherwise (required, or no date) the field's spec message.
 */
export function fieldErrorText(field: WorkOrderFormField, { type, message }: FieldProblem, translate: TranslateFunction): string {
  if (type === SERVER_PROBLEM && message) return message;
  const accountingKey = type === undefined ? undefined : ACCOUNTING_RULE_KEYS[type];
  if (accountingKey) return translate(accountingKey, { max: MAX_ESTIMATED_HOURS });
  if (type === 'max') return translate('app.work_order_screen.title_too_long', { max: TITLE_MAX_LENGTH });
  if (type === 'not-before-start') return translate('app.work_order_screen.end_before_start');
  if (type === 'within-plan-times') {
    return translate(field === 'startTimestamp' ? 'app.work_order_screen.start_out_of_range' : 'app.work_order_screen.end_out_of_range', { earliest: EARLIEST_PLAN_DAY, latest: LATEST_PLAN_DAY });
  }
  if (type === 'at-most-max-days') return translate('app.work_order_screen.too_long', { days: MAX_ENTRY_DAYS });
  const requiredKey = REQUIRED_KEYS[field];
  return requiredKey ? translate(requiredKey) : (message ?? '');
}

const FORM_FIELDS: ReadonlySet<string> = new Set(Object.keys(EMPTY_WORK_ORDER_FORM));

/**
 * The fields a 400 or 409 names (DESIGN §3's `errors`), with the server's message for each — the
 * technical name it starts with ('downtimeStart: …') left out, since it shows under that field.
 */
export function serverFieldProblems(error: unknown): [WorkOrderFormField, string][] {
  const errors = (error as { body?: { errors?: unknown } } | null)?.body?.errors;
  if (typeof errors !== 'object' || errors === null) return [];
  return Object.entries(errors as Record<string, unknown>)
    .filter((entry): entry is [WorkOrderFormField, string] => FORM_FIELDS.has(entry[0]) && typeof entry[1] === 'string')
    .map(([field, message]) => [field, message.startsWith(`${field}: `) ? message.slice(field.length + 2) : message]);
}
