import type { BreakerAttributes } from './note';

/** A breaker value as typed: a number or its text; blank is none. */
function valueText(value: unknown): string | null {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value === 'string' && value.trim() !== '') return value.trim();
  return null;
}

/**
 * The breaker data as one line of note text (spec §3: "Breaker data is folded into the note
 * text"), e.g. `Breaker: capacity 100 A; currents R 45 A, Y 47 A, B 44 A`. Only what was given
 * appears; nothing given → ''. Values are in amperes.
 */
export function breakerText(breaker: BreakerAttributes | null | undefined): string {
  if (!breaker) return '';
  const parts: string[] = [];
  const capacity = valueText(breaker.capacity);
  if (capacity !== null) parts.push(`capacity ${capacity} A`);
  const currents = breaker.currents ?? {};
  const phases = (
    [
      ['R', currents.r],
      ['Y', currents.y],
      ['B', currents.b],
    ] as const
  ).flatMap(([phase, value]) => {
    const text = valueText(value);
    return text === null ? [] : [`${phase} ${text} A`];
  });
  if (phases.length > 0) parts.push(`currents ${phases.join(', ')}`);
  return parts.length > 0 ? `Breaker: ${parts.join('; ')}` : '';
}

/** The note text the server stores: the technician's text, then the breaker line on its own line. */
export function foldBreakerAttributes(note: string | null | undefined, breaker: BreakerAttributes | null | undefined): string {
  return [(note ?? '').trim(), breakerText(breaker)].filter((part) => part !== '').join('\n');
}

/**
 * The load of a breaker at the scan, % of its rating: the most loaded phase over the capacity, one
 * decimal (NFPA 70B records the load; the technician typed both). Null without a rating above 0
 * or without a current.
 */
export function breakerLoadPercent(breaker: BreakerAttributes | null | undefined): number | null {
  const capacity = Number(breaker?.capacity);
  const currents = [breaker?.currents?.r, breaker?.currents?.y, breaker?.currents?.b].map((value) => (value === null || value === undefined || value === '' ? NaN : Number(value))).filter(Number.isFinite);
  if (!(capacity > 0) || currents.length === 0) return null;
  return Math.round((Math.max(...currents) / capacity) * 1000) / 10;
}
