import { parseDecimal } from './fieldNotes';
import type { KeyValue, Severity, ThermographyNote } from './noteTypes';
import { isCameraKey } from './parameterCorrections';
import { DELTA_AMBIENT, DELTA_REFERENCE, type DeltaT } from '../../../common/thermography/measurementTools';
import { editedToolOf, type EditedTool } from './thermalTools';
import { DEFAULT_CRITERION, SEVERITY_CRITERIA, type SeverityCriterionId } from '../../../common/thermography/suggestedSeverity';

/** The load as typed: a number from 0 to 500 (% of rated), null for none, undefined when it is no such number. */
export function parseLoadPercent(text: string): number | null | undefined {
  const value = parseDecimal(text);
  if (value === null || value === undefined) return value;
  return value >= 0 && value <= 500 ? value : undefined;
}

/** What the engineer edits of a note (spec §2.5 thermography note detail); numbers as typed. */
export interface NoteDraft {
  identification: string;
  note: string;
  ambientTemperature: string;
  severityLevel: Severity | null;
  observations: string[];
  recommendations: string[];
  measurements: KeyValue[];
  parameters: KeyValue[];
  /** Measurement tools as placed (their readings are the server's, or a preview). */
  tools: EditedTool[];
  deltaTs: DeltaT[];
  /** % of rated load at the scan, as typed. */
  loadPercent: string;
  criterion: string;
  /** Another note of the asset the ΔT is read against; '' for the ambient air. */
  referenceNote: string;
}

const lines = (items: readonly { v: string }[] | null | undefined) => (items ?? []).map((item) => item.v).filter((text) => typeof text === 'string');

export function draftOf(note: ThermographyNote): NoteDraft {
  return {
    identification: note.identification ?? '',
    note: note.note ?? '',
    ambientTemperature: note.ambientTemperature === null || note.ambientTemperature === undefined ? '' : String(note.ambientTemperature),
    severityLevel: note.severityLevel ?? null,
    observations: lines(note.observations),
    recommendations: lines(note.recommendations),
    measurements: (note.measurements ?? []).map((row) => ({ ...row })),
    parameters: (note.parameters ?? []).map((row) => ({ ...row })),
    tools: (note.tools ?? []).map(editedToolOf),
    deltaTs: (note.deltaTs ?? []).map(({ id, from, to }) => ({ id, from, to })),
    loadPercent: note.loadPercent === null || note.loadPercent === undefined ? '' : String(note.loadPercent),
    criterion: note.criterion ?? DEFAULT_CRITERION,
    referenceNote: note.referenceNote ?? '',
  };
}

/** Tools changed: ΔTs naming a tool that is gone go too. */
export function withTools(draft: NoteDraft, tools: EditedTool[]): NoteDraft {
  const ids = new Set(tools.map((tool) => tool.id));
  const named = (id: string) => ids.has(id) || id === DELTA_AMBIENT || id === DELTA_REFERENCE;
  return { ...draft, tools, deltaTs: draft.deltaTs.filter((delta) => ids.has(delta.from) && named(delta.to)) };
}

export function sameDraft(a: NoteDraft, b: NoteDraft): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/**
 * The body of PUT /thermographyNote/{id}: the editable fields; blank lines and keys dropped, and
 * the camera's values (rows ending in "(camera)", shown beside corrected ones) left to the server.
 */
export function updateBodyOf(draft: NoteDraft) {
  const kept = (texts: readonly string[]) => texts.map((text) => text.trim()).filter((text) => text !== '').map((v) => ({ v }));
  const rows = (items: readonly KeyValue[]) => items.filter((row) => row.k.trim() !== '' && !isCameraKey(row.k)).map((row) => ({ k: row.k.trim(), v: row.v.trim() }));
  return {
    identification: draft.identification.trim(),
    note: draft.note,
    ambientTemperature: parseDecimal(draft.ambientTemperature) ?? null,
    severityLevel: draft.severityLevel,
    observations: kept(draft.observations),
    recommendations: kept(draft.recommendations),
    measurements: rows(draft.measurements),
    parameters: rows(draft.parameters),
    tools: draft.tools,
    deltaTs: draft.deltaTs,
    loadPercent: parseLoadPercent(draft.loadPercent) ?? null,
    criterion: (SEVERITY_CRITERIA as readonly string[]).includes(draft.criterion) ? (draft.criterion as SeverityCriterionId) : DEFAULT_CRITERION,
    referenceNote: draft.referenceNote || null,
  };
}
