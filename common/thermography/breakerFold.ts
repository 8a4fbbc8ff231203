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
