/**
 * Spec §4 "Inspection schedule colour": green when it holds inspections; red when its end is
 * before the start of today; otherwise blue. The legend (spec §2.6) names the three.
 */
export type ScheduleStatus = 'completed' | 'overdue' | 'pending';

export const SCHEDULE_STATUS_COLOURS: Record<ScheduleStatus, string> = {
  overdue: '#d32f2f',
  completed: '#2e7d32',
  pending: '#1976d2',
};

/** Legend order of spec §2.6: red Overdue, green Completed, blue Pending. */
export const LEGEND_ORDER: readonly ScheduleStatus[] = ['overdue', 'completed', 'pending'];

/** `startOfToday`: local midnight today, epoch ms. */
export function scheduleStatus(schedule: { end: number; inspections: readonly unknown[] }, startOfToday: number): ScheduleStatus {
  if (schedule.inspections.length > 0) return 'completed';
  if (schedule.end < startOfToday) return 'overdue';
  return 'pending';
}
