import { MAX_SCHEDULE_DAYS, planSpanProblem, planTimeProblem } from './planTimes';

/**
 * Spec §3 Inspection schedule as GET /inspectionSchedule answers it (DESIGN §12), and the checks of
 * spec §5 that the schedule dialog and the server both make, in the spec's order.
 */
export interface InspectionSchedule {
  _id: string;
  asset: string;
  assetName: string;
  /** Checklist ids, and their names in the same order. */
  checklists: string[];
  checklistNames: string[];
  start: number;
  end: number;
  /** Ids of the inspections that completed it. */
  inspections: string[];
  /** Planned by the server from a checklist's frequency (docs/schedules-calendar.md). */
  generated: boolean;
  /** Changed by a person since it was planned; the planner leaves it alone. */
  edited: boolean;
}

/** Body of POST /inspectionSchedule and PUT /inspectionSchedule/{id} (spec §7). */
export interface InspectionScheduleInput {
  assetId: string;
  checklistIds: string[];
  /** Start of the first day and end of the last day, epoch ms (spec §7). */
  start: number;
  end: number;
}

/** Spec §5, word for word. */
export const SCHEDULE_MESSAGES = {
  startNotSet: 'Start date is not set',
  endNotSet: 'End date is not set',
  endBeforeStart: 'End date should be the same or should be after the start date',
  noAsset: 'Please select an asset',
  noChecklist: 'Please select at least one checklist',
} as const;

/** Spec §5: the calendar entry dialog checks the three date rules too, in the same words. */
export const PERIOD_MESSAGES = {
  startNotSet: SCHEDULE_MESSAGES.startNotSet,
  endNotSet: SCHEDULE_MESSAGES.endNotSet,
  endBeforeStart: SCHEDULE_MESSAGES.endBeforeStart,
} as const;

export interface FieldProblem {
  field: string;
  message: string;
}

/** No value: what a cleared date field or an unpicked select leaves. */
export const isUnset = (value: unknown): boolean => value === undefined || value === null || value === '';

/** Epoch milliseconds a JavaScript Date can hold. */
export function isEpochMs(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && Math.abs(value) <= 8.64e15;
}

/**
 * The first of spec §5's period rules a start and end break, or null: start set, end set, end
 * not before start. A value that is set but is no time is named as such. Then the bounds of
 * planned work (planTimes.ts): both between 2000 and 2100, the end at most `maxDays` after the start.
 */
export function periodProblem(start: unknown, end: unknown, maxDays: number): FieldProblem | null {
  if (isUnset(start)) return { field: 'start', message: PERIOD_MESSAGES.startNotSet };
  if (!isEpochMs(start)) return { field: 'start', message: 'start must be a time in epoch milliseconds' };
  if (isUnset(end)) return { field: 'end', message: PERIOD_MESSAGES.endNotSet };
  if (!isEpochMs(end)) return { field: 'end', message: 'end must be a time in epoch milliseconds' };
  if (end < start) return { field: 'end', message: PERIOD_MESSAGES.endBeforeStart };
  const startProblem = planTimeProblem('start', start);
  if (startProblem) return { field: 'start', message: startProblem };
  const endProblem = planTimeProblem('end', end) ?? planSpanProblem({ start: 'start', end: 'end' }, start, end, maxDays);
  return endProblem ? { field: 'end', message: endProblem } : null;
}

/** The first of spec §5's five schedule rules the input breaks, in the spec's order; null when none. */
export function scheduleInputProblem(input: { assetId?: unknown; checklistIds?: unknown; start?: unknown; end?: unknown }): FieldProblem | null {
  const period = periodProblem(input.start, input.end, MAX_SCHEDULE_DAYS);
  if (period) return period;
  const { assetId, checklistIds } = input;
  if (isUnset(assetId) || (typeof assetId === 'string' && assetId.trim() === '')) return { field: 'assetId', message: SCHEDULE_MESSAGES.noAsset };
  if (typeof assetId !== 'string' || assetId.length > 64) return { field: 'assetId', message: 'assetId must be an asset id' };
  if (isUnset(checklistIds) || (Array.isArray(checklistIds) && checklistIds.length === 0)) return { field: 'checklistIds', message: SCHEDULE_MESSAGES.noChecklist };
  if (!Array.isArray(checklistIds)) return { field: 'checklistIds', message: 'checklistIds must be a list of checklist ids' };
  const bad = checklistIds.findIndex((id) => typeof id !== 'string' || id.trim() === '' || id.length > 64);
  if (bad >= 0) return { field: `checklistIds.${bad}`, message: `checklistIds.${bad} must be a checklist id` };
  return null;
}
