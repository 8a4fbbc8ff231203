import { describe, expect, it } from 'vitest';
import { cadenceOf, windowsOverlapping } from '../../../common/resources/scheduleFrequency';

/**
 * Which checklist frequencies plan schedules, and their windows (docs/schedules-calendar.md):
 * UTC, weeks Sunday to Saturday, N weeks from Sunday 1970-01-04, N days from 1970-01-01, N months
 * from January 1970. Expected windows are written out by hand from a calendar.
 */
const utc = (text: string) => Date.parse(`${text}T00:00:00.000Z`);
const days = (windows: { start: number; end: number }[]) => windows.map((w) => [new Date(w.start).toISOString().slice(0, 10), new Date(w.end + 1).toISOString().slice(0, 10)]);

describe('frequencies that plan', () => {
  it('reads Weekly, Monthly, Yearly and every N days/weeks/months in any letter case; nothing else', () => {
    const plans = ['Weekly', 'MONTHLY', ' yearly ', 'every 10 days', 'Every 2 Weeks', 'every 3 months', 'every week', 'Every  1  month', 'every 1 day'];
    for (const text of plans) expect(cadenceOf(text), text).not.toBeNull();
    const none = ['', 'Daily', 'Quarterly', 'biweekly', 'every 0 days', 'every -1 weeks', 'every 2.5 weeks', 'every two weeks', 'weekly check', 'every 400 days', 'each 2 weeks'];
    for (const text of none) expect(cadenceOf(text), text).toBeNull();
    expect(cadenceOf(null)).toBeNull();
    expect(cadenceOf(7)).toBeNull();
  });

  it('gives weeks Sunday to Saturday, calendar months, quarters and years', () => {
    const from = Date.parse('2031-01-15T10:00:00Z');
    const to = Date.parse('2031-02-09T00:00:00Z');
    expect(days(windowsOverlapping(cadenceOf('Weekly')!, from, to))).toEqual([
      ['2031-01-12', '2031-01-19'],
      ['2031-01-19', '2031-01-26'],
      ['2031-01-26', '2031-02-02'],
      ['2031-02-02', '2031-02-09'],
      ['2031-02-09', '2031-02-16'],
    ]);
    expect(days(windowsOverlapping(cadenceOf('monthly')!, from, to))).toEqual([
      ['2031-01-01', '2031-02-01'],
      ['2031-02-01', '2031-03-01'],
    ]);
    expect(days(windowsOverlapping(cadenceOf('every 3 months')!, Date.parse('2031-05-20T00:00:00Z'), Date.parse('2031-07-01T00:00:00Z')))).toEqual([
      ['2031-04-01', '2031-07-01'],
      ['2031-07-01', '2031-10-01'],
    ]);
    expect(days(windowsOverlapping(cadenceOf('Yearly')!, from, to))).toEqual([['2031-01-01', '2032-01-01']]);
    // A leap February is a month like any other.
    expect(days(windowsOverlapping(cadenceOf('Monthly')!, utc('2032-02-10'), utc('2032-02-10')))).toEqual([['2032-02-01', '2032-03-01']]);
  });

  it('gives every N weeks from Sunday 1970-01-04 and every N days from 1970-01-01', () => {
    const from = Date.parse('2031-01-15T10:00:00Z');
    const to = Date.parse('2031-02-10T00:00:00Z');
    expect(days(windowsOverlapping(cadenceOf('every 2 weeks')!, from, to))).toEqual([
      ['2031-01-12', '2031-01-26'],
      ['2031-01-26', '2031-02-09'],
      ['2031-02-09', '2031-02-23'],
    ]);
    expect(days(windowsOverlapping(cadenceOf('every 10 days')!, from, to))).toEqual([
      ['2031-01-11', '2031-01-21'],
      ['2031-01-21', '2031-01-31'],
      ['2031-01-31', '2031-02-10'],
      ['2031-02-10', '2031-02-20'],
    ]);
  });

  it('ends each window on the last millisecond before the next one starts', () => {
    const [first, second] = windowsOverlapping(cadenceOf('Weekly')!, utc('2031-01-15'), utc('2031-01-20'));
    expect(first!.end + 1).toBe(second!.start);
    expect(new Date(first!.end).toISOString()).toBe('2031-01-18T23:59:59.999Z');
  });
});
