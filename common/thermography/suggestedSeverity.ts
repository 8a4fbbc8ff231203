import type { SeverityLevelChoice, SuggestedSeverity } from './note';

/**
 * NETA MTS (Maintenance Testing Specifications) ΔT criteria for infrared inspection of electrical
 * equipment, mapped to the spec's severities A (most severe) … D (docs/thermography.md):
 *
 * | NETA priority | ΔT similar components (same load) | ΔT over ambient air | action | severity |
 * |---|---|---|---|---|
 * | 1 | > 15 °C | > 40 °C | major discrepancy; repair immediately | A |
 * | 2 | — | 21–40 °C | monitor until corrective measures can be accomplished | B |
 * | 3 | 4–15 °C | 11–20 °C | probable deficiency; repair as time permits | C |
 * | 4 | 1–3 °C | 1–10 °C | possible deficiency; warrants investigation | D |
 *
 * The bands are read as "above the band below": ΔT over ambient > 40 → A, > 20 → B, > 10 → C,
 * ≥ 1 → D; over a similar component > 15 → A, > 3 → C, ≥ 1 → D. Below 1 °C nothing is suggested.
 */
export const NETA_OVER_AMBIENT: readonly { above: number; level: SeverityLevelChoice }[] = [
  { above: 40, level: 'A' },
  { above: 20, level: 'B' },
  { above: 10, level: 'C' },
];
export const NETA_OVER_SIMILAR: readonly { above: number; level: SeverityLevelChoice }[] = [
  { above: 15, level: 'A' },
  { above: 3, level: 'C' },
];
/** Below this ΔT (°C) neither table calls it a deficiency. */
export const NETA_MIN_DELTA_T = 1;

/** One decimal, as the temperatures are shown: the band is chosen on the ΔT the engineer reads. */
const oneDecimal = (value: number) => Math.round(value * 10) / 10;

export function severityForDeltaT(deltaT: number, basis: SuggestedSeverity['basis']): SeverityLevelChoice | null {
  const bands = basis === 'ambient' ? NETA_OVER_AMBIENT : NETA_OVER_SIMILAR;
  for (const band of bands) if (deltaT > band.above) return band.level;
  return deltaT >= NETA_MIN_DELTA_T ? 'D' : null;
}

/**
 * The severity the measured ΔT suggests: the note's hottest spot over a reference note's hottest
 * spot (a similar component under similar load) when one is named, else over the ambient
 * temperature. Unknown temperatures suggest nothing.
 */
export function suggestSeverity(input: { maxC: number | null; ambientC: number | null; referenceMaxC?: number | null; referenceNote?: string | null }): SuggestedSeverity {
  const referenceNote = input.referenceNote ?? null;
  const basis: SuggestedSeverity['basis'] = referenceNote ? 'reference' : 'ambient';
  const against = referenceNote ? (input.referenceMaxC ?? null) : input.ambientC;
  if (input.maxC === null || against === null) return { level: null, deltaT: null, basis, referenceNote };
  const deltaT = oneDecimal(input.maxC - against);
  return { level: severityForDeltaT(deltaT, basis), deltaT, basis, referenceNote };
}
