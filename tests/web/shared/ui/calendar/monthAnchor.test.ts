import { describe, expect, it } from 'vitest';
import { monthAnchor } from '../../../../../src/shared/ui/calendar/monthAnchor';

/**
 * Issue 40 §2: the month grid scrolls to the week of the date it is shown at. Today's month is
 * shown at midnight starting today (a time of day on a week's last day put that date in no week,
 * and the schedule opened at the bottom of the month); any other month at its first day. Local
 * dates, worked out by hand (November 2026 starts on a Sunday; the 28th is a Saturday).
 */
const local = (year: number, month: number, day: number, hour = 0, minute = 0) => new Date(year, month - 1, day, hour, minute);

describe('the date a month is shown at', () => {
  it("today's month: midnight starting today, whatever the time of day", () => {
    const saturdayAfternoon = local(2026, 11, 28, 15, 30).getTime();
    expect(monthAnchor(local(2026, 11, 1), saturdayAfternoon)).toEqual(local(2026, 11, 28));
    expect(monthAnchor(local(2026, 11, 17, 9), saturdayAfternoon)).toEqual(local(2026, 11, 28));
    expect(monthAnchor(local(2026, 11, 30), local(2026, 11, 1, 0, 1).getTime())).toEqual(local(2026, 11, 1));
    expect(monthAnchor(local(2026, 11, 1), local(2026, 11, 30, 23, 59).getTime())).toEqual(local(2026, 11, 30));
  });

  it('another month: its first day, not the day of the month the user came from', () => {
    const saturdayAfternoon = local(2026, 11, 28, 15, 30).getTime();
    expect(monthAnchor(local(2026, 12, 28), saturdayAfternoon)).toEqual(local(2026, 12, 1));
    expect(monthAnchor(local(2026, 10, 28, 15, 30), saturdayAfternoon)).toEqual(local(2026, 10, 1));
    expect(monthAnchor(local(2027, 11, 28), saturdayAfternoon)).toEqual(local(2027, 11, 1));
  });
});
