import { describe, expect, it } from 'vitest';
import { nextService, stepMeter, type MeterState } from '../../common/monitoring/meter';

/**
 * Meter-based maintenance (DESIGN §17, docs/monitoring.md "Service by meter"): hand-written tables
 * of a counter's readings and the crossings they must give. Times are minutes.
 */
const at = (rows: [minute: number, value: number][]) => rows.map(([minute, value]) => ({ ts: minute * 60_000, value }));
const START: MeterState = { value: null, cycle: 0 };

describe('a counter serviced every 500 h', () => {
  const cases: { name: string; from: MeterState; readings: [number, number][]; crossings: [cycle: number, at: number, minute: number][]; after: MeterState }[] = [
    { name: 'takes its first reading as the baseline: 12,345 h owes no service', from: START, readings: [[0, 12_345]], crossings: [], after: { value: 12_345, cycle: 0 } },
    { name: 'is due once when it passes 500', from: START, readings: [[0, 480], [1, 495], [2, 502], [3, 510]], crossings: [[0, 500, 2]], after: { value: 510, cycle: 0 } },
    { name: 'counts reaching the multiple itself as passing it', from: { value: 499.5, cycle: 0 }, readings: [[0, 500]], crossings: [[0, 500, 0]], after: { value: 500, cycle: 0 } },
    { name: 'is not due again within the same interval', from: { value: 500, cycle: 0 }, readings: [[0, 500], [1, 750], [2, 999.9]], crossings: [], after: { value: 999.9, cycle: 0 } },
    { name: 'is due at each multiple it passes reading by reading', from: { value: 990, cycle: 0 }, readings: [[0, 1_001], [1, 1_400], [2, 1_500.2]], crossings: [[0, 1_000, 0], [0, 1_500, 2]], after: { value: 1_500.2, cycle: 0 } },
    { name: 'is due once, at the highest, when one reading passes several multiples', from: { value: 1_001, cycle: 0 }, readings: [[0, 2_600]], crossings: [[0, 2_500, 0]], after: { value: 2_600, cycle: 0 } },
    {
      name: 'stays at its highest through a dip smaller than an interval (a value typed low): the multiple is not passed twice',
      from: { value: 1_004, cycle: 0 },
      readings: [[0, 998], [1, 1_000.5], [2, 1_010]],
      crossings: [],
      after: { value: 1_010, cycle: 0 },
    },
    {
      name: 'starts a new cycle when the counter goes back an interval or more (a replaced meter), and is due at its multiples again',
      from: { value: 1_200, cycle: 0 },
      readings: [[0, 3], [1, 499], [2, 505]],
      crossings: [[1, 500, 2]],
      after: { value: 505, cycle: 1 },
    },
  ];
  for (const { name, from, readings, crossings, after } of cases) {
    it(name, () => {
      const stepped = stepMeter(500, from, at(readings));
      expect(stepped.crossings.map((c) => [c.cycle, c.at, c.reading.ts / 60_000])).toEqual(crossings);
      expect(stepped.state).toEqual(after);
    });
  }

  it('says the next service after a value', () => {
    expect(nextService(18_826.4, 500)).toBe(19_000);
    expect(nextService(19_000, 500)).toBe(19_500);
  });
});
