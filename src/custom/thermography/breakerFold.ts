import { hasBreakerData, parseDecimal, type FieldNote } from './fieldNotes';

/** The breaker attributes as POST /thermographyNote takes them (spec §3 note create). */
export interface BreakerAttributes {
  capacity: number | null;
  currents: { r: number | null; y: number | null; b: number | null };
}

export function breakerAttributesOf(note: FieldNote): BreakerAttributes | undefined {
  if (!hasBreakerData(note.breaker)) return undefined;
  const number = (text: string) => parseDecimal(text) ?? null;
  return { capacity: number(note.breaker.capacity), currents: { r: number(note.breaker.r), y: number(note.breaker.y), b: number(note.breaker.b) } };
}

/** Preview of the note text the server will store (breaker data folded in), or null without breaker data. */
export function foldPreview(note: FieldNote): string | null {
  const breaker = breakerAttributesOf(note);
  if (!breaker) return null;
  const parts = [
    breaker.capacity !== null ? `Capacity ${breaker.capacity} A` : null,
    ...(['r', 'y', 'b'] as const).map((phase) => (breaker.currents[phase] !== null ? `${phase.toUpperCase()} ${breaker.currents[phase]} A` : null)),
  ].filter(Boolean);
  return [note.note.trim(), `Breaker: ${parts.join(', ')}`].filter(Boolean).join('\n');
}
