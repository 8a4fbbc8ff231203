import dayjs from 'dayjs';

/**
 * The date a month is shown at: midnight starting today when today is in that month, else the
 * month's first day.
 *
 * FullCalendar's month grid scrolls to the week holding the date it is shown at (and keeps that
 * week at the top while its rows grow with the events, until the user scrolls). It finds that week
 * by comparing the date with each week's first and last day, both at midnight: a date with a time
 * of day after midnight on a week's last day (a Saturday afternoon, in a Sunday-first month) falls
 * in no week, and the grid scrolled past its end — the schedule opened at the bottom of the month,
 * its bars there without their day numbers (issue 40). Midnight is always in its week. A month
 * other than today's opens at its first week, not at the day of the month the user came from.
 */
export function monthAnchor(anyDayOfMonth: Date | number, now: number): Date {
  const month = dayjs(anyDayOfMonth).startOf('month');
  const today = dayjs(now);
  return today.isSame(month, 'month') ? today.startOf('day').toDate() : month.toDate();
}
