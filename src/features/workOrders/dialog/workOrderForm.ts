import type { TranslateFunction } from 'react-admin';
import { EARLIEST_PLAN_DAY, LATEST_PLAN_DAY, MAX_ENTRY_DAYS } from '../../../../common/resources/planTimes';
import { TITLE_MAX_LENGTH, type WorkOrder, type WorkOrderInput } from '../../../../common/resources/workOrder';

/** What the dialog holds: spec §2.8's seven fields; the dates as epoch ms, null while empty. */
export interface WorkOrderFormState {
  title: string;
  asset: string;
  assignedTo: string;
  priority: string;
  status: string;
  startTimestamp: number | null;
  endTimestamp: number | null;
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
};

export function formOfOrder(order: WorkOrder): WorkOrderFormState {
  return {
    title: order.title,
    asset: order.asset,
    assignedTo: order.assignedTo,
    priority: order.priority,
    status: order.status,
    startTimestamp: order.startTimestamp,
    endTimestamp: order.endTimestamp,
  };
}

/** A validated form as the POST body (spec §7): the seven fields, and the alert it is opened for. */
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
    ...(alert ? { alert } : {}),
  };
}

/** Spec §7: PUT carries the whole order as read, with the form's fields over it. */
export function editedOrderBody(order: WorkOrder, values: WorkOrderFormState): WorkOrder {
  return { ...order, ...newOrderBody(values, null) };
}

/** The en.ts words of each field's "is required" (spec §5), the schema's own English being the server's. */
const REQUIRED_KEYS: Record<WorkOrderFormField, string> = {
  title: 'app.work_order.validation.title_required',
  asset: 'app.work_order.validation.asset_required',
  assignedTo: 'app.work_order.validation.assignee_required',
  priority: 'app.work_order.validation.priority_required',
  status: 'app.work_order.validation.status_required',
  startTimestamp: 'app.work_order.validation.start_date_required',
  endTimestamp: 'app.work_order.validation.end_date_required',
};

/**
 * What to show under a field for a failed rule of `workOrderFormSchema`, from en.ts: its length
 * limit, the end before the start, a date outside 2000–2100 or too long after the start
 * (docs/work-orders.md), and otherwise (required, or no date) the field's spec message.
 */
export function fieldErrorText(field: WorkOrderFormField, type: string | undefined, translate: TranslateFunction): string {
  if (type === 'max') return translate('app.work_order_screen.title_too_long', { max: TITLE_MAX_LENGTH });
  if (type === 'not-before-start') return translate('app.work_order_screen.end_before_start');
  if (type === 'within-plan-times') {
    return translate(field === 'startTimestamp' ? 'app.work_order_screen.start_out_of_range' : 'app.work_order_screen.end_out_of_range', { earliest: EARLIEST_PLAN_DAY, latest: LATEST_PLAN_DAY });
  }
  if (type === 'at-most-max-days') return translate('app.work_order_screen.too_long', { days: MAX_ENTRY_DAYS });
  return translate(REQUIRED_KEYS[field]);
}
