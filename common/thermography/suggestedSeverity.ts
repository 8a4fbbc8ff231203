import { SEVERITY_LEVELS, type SeverityLevelChoice, type SuggestedSeverity } from './note';
import { DELTA_AMBIENT, DELTA_REFERENCE, type ShownDeltaT, type StoredTool } from './measurementTools';

/**
 * What a thermographer rates a finding by (DESIGN §16, docs/thermography.md "Suggested severity"):
 * a ΔT criterion, the reference the ΔT is measured against and the load at the time of the scan.
 */

export interface DeltaTBand {
  above: number;
  level: SeverityLevelChoice;
}

/** The criteria a note may be rated by: two published ones and the site's own (a config entry). */
export const SEVERITY_CRITERIA = ['neta-mts', 'nfpa-70b', 'site'] as const;
export type SeverityCriterionId = (typeof SEVERITY_CRITERIA)[number];
export const DEFAULT_CRITERION: SeverityCriterionId = 'neta-mts';

export interface SeverityCriterion {
  id: SeverityCriterionId;
  name: string;
  /** ΔT over the ambient air, most severe band first. */
  overAmbient: readonly DeltaTBand[];
  /** ΔT over a similar component under similar load (another tool, or the reference note). */
  overSimilar: readonly DeltaTBand[];
  /** From this ΔT (°C) up to the lowest band: D. Below it nothing is suggested. */
  minDeltaT: number;
  /** No suggestion without a recorded load of at least MIN_LOAD_PERCENT (NFPA 70B 7.4.5, 7.4.6). */
  needsLoad: boolean;
}

/** NFPA 70B (2023) 7.4.5: inspect at no less than 40 % of normal circuit loading. */
export const MIN_LOAD_PERCENT = 40;
export const isLowLoad = (loadPercent: number | null | undefined): boolean => loadPercent !== null && loadPercent !== undefined && loadPercent < MIN_LOAD_PERCENT;

/**
 * NETA MTS (Maintenance Testing Specifications) ΔT criteria for infrared inspection of electrical
 * equipment, mapped to the spec's severities A (most severe) … D:
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
export const NETA_OVER_AMBIENT: readonly DeltaTBand[] = [
  { above: 40, level: 'A' },
  { above: 20, level: 'B' },
  { above: 10, level: 'C' },
];
export const NETA_OVER_SIMILAR: readonly DeltaTBand[] = [
  { above: 15, level: 'A' },
  { above: 3, level: 'C' },
];
/** Below this ΔT (°C) neither table calls it a deficiency. */
export const NETA_MIN_DELTA_T = 1;

export const NETA_MTS: SeverityCriterion = { id: 'neta-mts', name: 'NETA MTS', overAmbient: NETA_OVER_AMBIENT, overSimilar: NETA_OVER_SIMILAR, minDeltaT: NETA_MIN_DELTA_T, needsLoad: false };
/**
 * NFPA 70B (2023) asks that the ΔT against a reference be documented (7.4.3) at no less than 40 % of
 * normal load, the load recorded (7.4.5, 7.4.6); it publishes no bands of its own, so its ΔTs are
 * graded with NETA's table and nothing is suggested until a load of at least 40 % is recorded.
 */
export const NFPA_70B: SeverityCriterion = { ...NETA_MTS, id: 'nfpa-70b', name: 'NFPA 70B', needsLoad: true };

/** The config entry's value a new installation starts with: NETA's bands under the site's name, to be edited. */
export const DEFAULT_SITE_CRITERION = {
  name: 'Site criterion',
  overAmbient: NETA_OVER_AMBIENT,
  overSimilar: NETA_OVER_SIMILAR,
  minDeltaT: NETA_MIN_DELTA_T,
  needsLoad: false,
};

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Bands as the site wrote them, most severe first; null when they are not a list of {above: number, level: A–D}. */
function bandsOf(value: unknown): DeltaTBand[] | null {
  if (!Array.isArray(value)) return null;
  const bands: DeltaTBand[] = [];
  for (const entry of value) {
    if (!isRecord(entry) || typeof entry.above !== 'number' || !Number.isFinite(entry.above)) return null;
    if (!SEVERITY_LEVELS.includes(entry.level as SeverityLevelChoice)) return null;
    bands.push({ above: entry.above, level: entry.level as SeverityLevelChoice });
  }
  return bands.sort((a, b) => b.above - a.above);
}

/**
 * The site's criterion from the config entry `thermography.siteSeverityCriterion` (JSON, shaped as
 * DEFAULT_SITE_CRITERION), read leniently as the other thermography entries are: a part that is
 * missing or malformed is NETA's.
 */
export function siteCriterionOf(configValue: string | undefined): SeverityCriterion {
  let parsed: unknown = null;
  try {
    parsed = configValue ? JSON.parse(configValue) : null;
  } catch {
    // Not JSON: the site criterion is NETA's bands under the default name.
  }
  const site = isRecord(parsed) ? parsed : {};
  const name = typeof site.name === 'string' && site.name.trim() ? site.name.trim().slice(0, 80) : DEFAULT_SITE_CRITERION.name;
  const minDeltaT = typeof site.minDeltaT === 'number' && Number.isFinite(site.minDeltaT) ? site.minDeltaT : NETA_MIN_DELTA_T;
  return {
    id: 'site',
    name,
    overAmbient: bandsOf(site.overAmbient) ?? NETA_OVER_AMBIENT,
    overSimilar: bandsOf(site.overSimilar) ?? NETA_OVER_SIMILAR,
    minDeltaT,
    needsLoad: site.needsLoad === true,
  };
}

export function criterionOf(id: string | null | undefined, site: SeverityCriterion): SeverityCriterion {
  if (id === 'nfpa-70b') return NFPA_70B;
  if (id === 'site') return site;
  return NETA_MTS;
}

type Basis = SuggestedSeverity['basis'];

/** One decimal, as the temperatures are shown: the band is chosen on the ΔT the engineer reads. */
const oneDecimal = (value: number) => Math.round(value * 10) / 10;

export function severityForDeltaT(deltaT: number, basis: Basis, criterion: SeverityCriterion = NETA_MTS): SeverityLevelChoice | null {
  const bands = basis === 'ambient' ? criterion.overAmbient : criterion.overSimilar;
  for (const band of bands) if (deltaT > band.above) return band.level;
  return deltaT >= criterion.minDeltaT ? 'D' : null;
}

export interface SeverityInput {
  /** The note's hottest spot (its Max), °C. */
  maxC: number | null;
  ambientC: number | null;
  /** The reference note's Max, °C. */
  referenceMaxC?: number | null;
  referenceNote?: string | null;
  /** The note's measurement tools, as the server measured them. */
  tools?: readonly StoredTool[];
  /** Its ΔT rows with their values. */
  deltaTs?: readonly ShownDeltaT[];
  criterion?: SeverityCriterion;
  loadPercent?: number | null;
}

interface Candidate {
  deltaT: number;
  basis: Basis;
  from: string | null;
  to: string | null;
}

const RANK: Record<SeverityLevelChoice, number> = { A: 4, B: 3, C: 2, D: 1 };
const rankOf = (level: SeverityLevelChoice | null) => (level ? RANK[level] : 0);

/** What the tools measured: every ΔT row with a value, or else the hottest tool over the reference or the ambient. */
function toolCandidates(input: SeverityInput, referenceNote: string | null): Candidate[] {
  const tools = input.tools ?? [];
  const labelOf = (id: string) => tools.find((tool) => tool.id === id)?.label ?? id;
  const rows = (input.deltaTs ?? []).flatMap((row): Candidate[] => {
    if (row.valueC === null) return [];
    if (row.to === DELTA_AMBIENT) return [{ deltaT: oneDecimal(row.valueC), basis: 'ambient', from: labelOf(row.from), to: null }];
    if (row.to === DELTA_REFERENCE) return [{ deltaT: oneDecimal(row.valueC), basis: 'reference', from: labelOf(row.from), to: null }];
    // Two components on one picture: the hotter one is the finding, whichever way the row was written.
    const hotterFirst = row.valueC >= 0;
    return [{ deltaT: oneDecimal(Math.abs(row.valueC)), basis: 'similar', from: labelOf(hotterFirst ? row.from : row.to), to: labelOf(hotterFirst ? row.to : row.from) }];
  });
  if (rows.length > 0) return rows;
  const measured = tools.filter((tool) => tool.reading !== null);
  if (measured.length === 0) return [];
  const hottest = measured.reduce((best, tool) => (tool.reading!.maxC > best.reading!.maxC ? tool : best));
  const against = referenceNote ? (input.referenceMaxC ?? null) : input.ambientC;
  if (against === null) return [];
  return [{ deltaT: oneDecimal(hottest.reading!.maxC - against), basis: referenceNote ? 'reference' : 'ambient', from: hottest.label, to: null }];
}

/**
 * The severity the measured ΔT suggests under the note's criterion. With measurement tools, their ΔT
 * rows decide (the most severe of them), or without rows the hottest tool over the reference note
 * or the ambient; without tools, the note's Max over the reference note's Max when one is named, else
 * over the ambient. A criterion that needs the load suggests nothing until a load of at least 40 %
 * is recorded (the ΔT is still shown). Unknown temperatures suggest nothing.
 */
export function suggestSeverity(input: SeverityInput): SuggestedSeverity {
  const referenceNote = input.referenceNote ?? null;
  const criterion = input.criterion ?? NETA_MTS;
  const loadPercent = input.loadPercent ?? null;
  const common = { referenceNote, criterion: criterion.id, criterionName: criterion.name, loadPercent, lowLoad: isLowLoad(loadPercent) };

  const fromTools = toolCandidates(input, referenceNote);
  let candidates: Candidate[] = fromTools;
  if (candidates.length === 0) {
    const against = referenceNote ? (input.referenceMaxC ?? null) : input.ambientC;
    if (input.maxC !== null && against !== null) candidates = [{ deltaT: oneDecimal(input.maxC - against), basis: referenceNote ? 'reference' : 'ambient', from: null, to: null }];
  }
  const source: SuggestedSeverity['source'] = fromTools.length > 0 ? 'tools' : 'note';
  if (candidates.length === 0) return { ...common, level: null, deltaT: null, basis: referenceNote ? 'reference' : 'ambient', source, from: null, to: null, withheld: null };

  const graded = candidates.map((candidate) => ({ ...candidate, level: severityForDeltaT(candidate.deltaT, candidate.basis, criterion) }));
  const worst = graded.reduce((best, next) => (rankOf(next.level) > rankOf(best.level) || (rankOf(next.level) === rankOf(best.level) && next.deltaT > best.deltaT) ? next : best));
  const withheld = criterion.needsLoad && (loadPercent === null || loadPercent < MIN_LOAD_PERCENT) ? 'load' : null;
  return { ...common, level: withheld ? null : worst.level, deltaT: worst.deltaT, basis: worst.basis, source, from: worst.from, to: worst.to, withheld };
}
