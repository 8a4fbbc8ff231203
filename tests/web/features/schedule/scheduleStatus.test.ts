import { describe, expect, it } from 'vitest';
import { scheduleStatus } from '../../../../src/features/schedule/scheduleStatus';

/**
 * Spec §4 "Inspection schedule colour": green if it has inspections; red if its end is before
 * the start of today; otherwise blue. Cases worked out by hand.
 */
const startOfToday = new Date(2026, 2, 18).getTime();
const DAY = 86_400_000;

describe('the colour of a schedule', () => {
  it.each([
    ['ended yesterday, no inspection', 'overdue', startOfToday - 1, []],
    ['ended a month ago, no inspection', 'overdue', startOfToday - 30 * DAY, []],
    ['ends exactly at the start of today', 'pending', startOfToday, []],
    ['ends later today', 'pending', startOfToday + DAY - 1, []],
    ['ends next week', 'pending', startOfToday + 7 * DAY, []],
    ['ended yesterday with an inspection', 'completed', startOfToday - 1, ['i1']],
    ['ends next week with an inspection', 'completed', startOfToday + 7 * DAY, ['i1']],
    ['ended long ago with two inspections', 'completed', startOfToday - 90 * DAY, ['i1', 'i2']],
  ])('%s → %s', (_case, expected, end, inspections) => {
    expect(scheduleStatus({ end, inspections }, startOfToday)).toBe(expected);
  });
});
