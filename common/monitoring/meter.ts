import type { Reading } from './alertRule';

/**
 * Meter-based maintenance (DESIGN §17, docs/monitoring.md "Service by meter"): a counter point
 * (run hours, cycles, starts) with `serviceEvery` N opens a work order each time its value passes a
 * multiple of N — exactly once per crossing. Pure, so the server and the tests' hand-written
 * tables run the one rule.
 *
 * Readings come in time order (the server evaluates a point's readings under its state's lock and
 * stores an older one without evaluating it). The first reading a point ever takes is its baseline:
 * a counter already at 12,345 h when it is connected does not owe 24 services. A reading that
 * passes several multiples at once (the counter was not read for a while) is one crossing, at the
 * highest multiple: one service is due, not several. A reading a whole interval or more below the
 * highest before is a counter that started again (replaced, or reset by its controller): a new
 * *cycle* begins, counted from it, so its multiples are crossed again — the cycle keeps "once per
 * crossing" true across restarts. A smaller dip (a value typed low, a gateway's rounding) changes
 * nothing: the meter stays at its highest, so the multiple it had passed is not passed twice.
 */

/** A point's meter between readings. */
export interface MeterState {
  /** The highest value of the cycle evaluated; null before the first reading (the baseline). */
  value: number | null;
  /** How many times the counter started again: crossings are once per cycle and multiple. */
  cycle: number;
}

export interface MeterCrossing {
  cycle: number;
  /** The multiple of `every` passed. */
  at: number;
  /** The reading that passed it. */
  reading: Reading;
}

/** The multiple of `every` a value has reached (the multiple itself counts as reached). */
const reached = (value: number, every: number): number => Math.floor(value / every) * every;

/** `readings` (time order) through a meter serviced every `every` units: its state after, and the crossings. */
export function stepMeter(every: number, state: MeterState, readings: readonly Reading[]): { state: MeterState; crossings: MeterCrossing[] } {
  let { value: previous, cycle } = state;
  const crossings: MeterCrossing[] = [];
  for (const reading of readings) {
    if (previous === null) previous = reading.value;
    else if (every > 0 && reading.value <= previous - every) [cycle, previous] = [cycle + 1, reading.value];
    else if (reading.value > previous) {
      if (every > 0 && reached(reading.value, every) > reached(previous, every)) crossings.push({ cycle, at: reached(reading.value, every), reading });
      previous = reading.value;
    }
  }
  return { state: { value: previous, cycle }, crossings };
}

/** The next multiple a meter will pass: what the asset's point shows as "next service at". */
export const nextService = (value: number, every: number): number => reached(value, every) + every;
