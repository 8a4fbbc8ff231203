import { foldBreakerAttributes } from '../../../common/thermography/breakerFold';
import type { BreakerAttributes } from '../../../common/thermography/note';
import { hasBreakerData, parseDecimal, type FieldNote } from './fieldNotes';

/** The breaker attributes as POST /thermographyNote takes them (spec §3 note create), or none. */
export function breakerAttributesOf(note: FieldNote): BreakerAttributes | undefined {
  if (!hasBreakerData(note.breaker)) return undefined;
  const number = (text: string) => parseDecimal(text) ?? null;
  return { capacity: number(note.breaker.capacity), currents: { r: number(note.breaker.r), y: number(note.breaker.y), b: number(note.breaker.b) } };
}

/**
 * The note text the server will store, breaker data folded in by the same function the server
 * uses (common/thermography/breakerFold.ts); null without breaker data.
 */
export function foldPreview(note: FieldNote): string | null {
  const breaker = breakerAttributesOf(note);
  return breaker ? foldBreakerAttributes(note.note, breaker) : null;
}
