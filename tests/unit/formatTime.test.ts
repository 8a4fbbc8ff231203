import { describe, expect, it } from 'vitest';
import { formatDate, formatTimeOfDay, formatTimestamp, sameDay } from '../../common/formatTime';

/** Hand-kept: spec §9's formats, and instants whose wall clock in a zone is known (Asia/Kolkata is UTC+05:30 all year; New York is UTC−05:00 in January). */
describe('the one date and time formatter (spec §9, issue 40 §10d)', () => {
  it('formats the device zone as YYYY/MM/DD, YYYY/MM/DD hh:mm A and hh:mm(:ss) A', () => {
    const afternoon = new Date(2024, 0, 5, 15, 4, 9).getTime();
    expect(formatDate(afternoon)).toBe('2024/01/05');
    expect(formatTimestamp(afternoon)).toBe('2024/01/05 03:04 PM');
    expect(formatTimeOfDay(afternoon)).toBe('03:04 PM');
    expect(formatTimeOfDay(afternoon, undefined, { seconds: true })).toBe('03:04:09 PM');
    expect(formatTimeOfDay(new Date(2024, 0, 5, 0, 30, 0).getTime(), undefined, { seconds: true })).toBe('12:30:00 AM');
    expect(formatTimeOfDay(new Date(2024, 0, 5, 12, 0, 0).getTime(), undefined, { seconds: true })).toBe('12:00:00 PM');
  });

  it('formats in a given zone', () => {
    const instant = Date.UTC(2025, 0, 15, 6, 30);
    expect(formatTimestamp(instant, 'Asia/Kolkata')).toBe('2025/01/15 12:00 PM');
    expect(formatTimestamp(instant, 'America/New_York')).toBe('2025/01/15 01:30 AM');
    expect(formatDate(Date.UTC(2025, 0, 15, 20, 0), 'Asia/Kolkata')).toBe('2025/01/16');
    expect(formatTimestamp(Date.UTC(2025, 0, 15, 0, 0), 'UTC')).toBe('2025/01/15 12:00 AM');
  });

  it('tells whether two instants are on the same day of the zone', () => {
    expect(sameDay(Date.UTC(2025, 0, 15, 1), Date.UTC(2025, 0, 15, 22), 'UTC')).toBe(true);
    expect(sameDay(Date.UTC(2025, 0, 15, 1), Date.UTC(2025, 0, 15, 22), 'Asia/Kolkata')).toBe(false);
  });
});
