import { describe, expect, it } from 'vitest';
import { forecastCrossing, type TimedValue } from '../../common/monitoring/forecast';

/** DESIGN §17's "in ~12 days": hand-made straight lines, their crossings worked out by hand. */
const DAY = 86_400_000;
const HOUR = 3_600_000;
const NOW = Date.UTC(2026, 10, 30, 12);

/** Hourly values of the last 28 days on the line value(now) + perDay × days from now. */
function line(atNow: number, perDay: number): TimedValue[] {
  return Array.from({ length: 28 * 24 }, (_, i) => {
    const ts = NOW - 28 * DAY + i * HOUR;
    return { ts, value: atNow + (perDay * (ts - NOW)) / DAY };
  });
}

describe('forecastCrossing', () => {
  it('says when a rising value reaches the warning level (30 °C now, +0.5 a day, warning 36: 12 days)', () => {
    expect(forecastCrossing(line(30, 0.5), { direction: 'above', warning: 36, critical: 40 }, NOW)).toEqual({ level: 'warning', threshold: 36, at: NOW + 12 * DAY, inDays: 12 });
  });

  it('names the critical level when the warning one is already passed (warning 25, critical 40: 20 days)', () => {
    expect(forecastCrossing(line(30, 0.5), { direction: 'above', warning: 25, critical: 40 }, NOW)).toMatchObject({ level: 'critical', inDays: 20 });
  });

  it('follows a falling value toward a low level (10 bar, −0.25 a day, warning below 8: 8 days)', () => {
    expect(forecastCrossing(line(10, -0.25), { direction: 'below', warning: 8, critical: null }, NOW)).toMatchObject({ level: 'warning', threshold: 8, inDays: 8 });
  });

  it('says nothing of a value moving away from its levels, or flat, or too sparse, or crossing past a year', () => {
    expect(forecastCrossing(line(30, -0.5), { direction: 'above', warning: 36, critical: null }, NOW)).toBeNull();
    expect(forecastCrossing(line(30, 0), { direction: 'above', warning: 36, critical: null }, NOW)).toBeNull();
    expect(forecastCrossing(line(30, 0.5).slice(0, 10), { direction: 'above', warning: 36, critical: null }, NOW)).toBeNull();
    expect(forecastCrossing(line(30, 0.01), { direction: 'above', warning: 36, critical: null }, NOW)).toBeNull();
  });
});
