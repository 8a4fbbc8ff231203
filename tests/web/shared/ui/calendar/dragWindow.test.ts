import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { movedWindow, resizedWindow, snapDown } from '../../../../../src/shared/ui/calendar/dragWindow';

/**
 * Spec §4 "Calendar drag": start and end shifted by the same duration, snapped down to 15
 * minutes; an event without an end lasts an hour. Expected values are worked out by hand.
 */
const at = (text: string) => new Date(text).getTime();
const MINUTE = 60_000;

describe('snapping down to the quarter hour', () => {
  it.each([
    ['2026-03-10T10:00:00', '2026-03-10T10:00:00'],
    ['2026-03-10T10:07:00', '2026-03-10T10:00:00'],
    ['2026-03-10T10:14:59.999', '2026-03-10T10:00:00'],
    ['2026-03-10T10:15:00', '2026-03-10T10:15:00'],
    ['2026-03-10T10:44:30', '2026-03-10T10:30:00'],
    ['2026-03-10T23:59:59.999', '2026-03-10T23:45:00'],
  ])('%s → %s', (time, snapped) => {
    expect(snapDown(at(time))).toBe(at(snapped));
  });
});

describe('a dragged event', () => {
  it('moves start and end by the same amount, keeping its length', () => {
    const moved = movedWindow({ start: at('2026-03-10T09:00:00'), end: at('2026-03-10T10:30:00') }, { days: 1, milliseconds: 30 * MINUTE });
    expect(moved).toEqual({ start: at('2026-03-11T09:30:00'), end: at('2026-03-11T11:00:00') });
  });

  it('lands on the quarter hour below where it was let go, still as long as before', () => {
    // 09:00 + 37 min = 09:37 → 09:30; the end follows: 10:30 + 30 min = 11:00.
    const moved = movedWindow({ start: at('2026-03-10T09:00:00'), end: at('2026-03-10T10:30:00') }, { milliseconds: 37 * MINUTE });
    expect(moved).toEqual({ start: at('2026-03-10T09:30:00'), end: at('2026-03-10T11:00:00') });
  });

  it('without an end lasts an hour', () => {
    const moved = movedWindow({ start: at('2026-03-10T09:00:00'), end: null }, { days: 2 });
    expect(moved).toEqual({ start: at('2026-03-12T09:00:00'), end: at('2026-03-12T10:00:00') });
  });

  it('a whole-day schedule dragged a day later covers the next day, first to last millisecond', () => {
    const moved = movedWindow({ start: at('2026-03-10T00:00:00'), end: at('2026-03-10T23:59:59.999') }, { days: 1 });
    expect(moved).toEqual({ start: at('2026-03-11T00:00:00'), end: at('2026-03-11T23:59:59.999') });
  });

  it('a week-long schedule dragged back three days keeps its seven days', () => {
    const moved = movedWindow({ start: at('2026-03-08T00:00:00'), end: at('2026-03-14T23:59:59.999') }, { days: -3 });
    expect(moved).toEqual({ start: at('2026-03-05T00:00:00'), end: at('2026-03-11T23:59:59.999') });
  });
});

describe('a resized event', () => {
  it('keeps its start; its end moves by the drag', () => {
    const resized = resizedWindow({ start: at('2026-03-10T00:00:00'), end: at('2026-03-10T23:59:59.999') }, {}, { days: 2 });
    expect(resized).toEqual({ start: at('2026-03-10T00:00:00'), end: at('2026-03-12T23:59:59.999') });
  });

  it('without an end grows from its default hour', () => {
    const resized = resizedWindow({ start: at('2026-03-10T09:00:00') }, {}, { milliseconds: 45 * MINUTE });
    expect(resized).toEqual({ start: at('2026-03-10T09:00:00'), end: at('2026-03-10T10:45:00') });
  });
});

describe('across a change to summer time (Europe/Berlin, 29 March 2026)', () => {
  const zone = process.env.TZ;
  beforeAll(() => {
    process.env.TZ = 'Europe/Berlin';
  });
  afterAll(() => {
    process.env.TZ = zone;
  });

  it('a day later is the same clock time the next day', () => {
    // The night of 28 → 29 March is an hour shorter; the schedule still covers all of the 29th.
    const moved = movedWindow({ start: at('2026-03-28T00:00:00'), end: at('2026-03-28T23:59:59.999') }, { days: 1 });
    expect(new Date(moved.end).getTimezoneOffset()).toBe(-120); // the 29th ends in summer time
    expect(moved).toEqual({ start: at('2026-03-29T00:00:00'), end: at('2026-03-29T23:59:59.999') });
  });
});
