import type { ShownDeltaT, StoredTool } from './measurementTools';

/**
 * Spec §3 Thermography note (view and create) and DESIGN §8's calls, shared by the server and the
 * web. A note is one image record of a ThermographyInspection, addressed by its own `_id`.
 */

/** Spec §3 constants: the statuses a note moves through. */
export const THERMOGRAPHY_NOTE_STATUSES = ['draft', 'pendingApproval', 'approved', 'deleted'] as const;
export type ThermographyNoteStatus = (typeof THERMOGRAPHY_NOTE_STATUSES)[number];

/** What PUT thermographyNote/{id}/status may ask for (DESIGN §8); a note is created as a draft. */
export const THERMOGRAPHY_STATUS_TARGETS = ['pendingApproval', 'approved', 'deleted'] as const;
export type ThermographyStatusTarget = (typeof THERMOGRAPHY_STATUS_TARGETS)[number];

/** Spec §9: severity choices, A the most severe. */
export const SEVERITY_LEVELS = ['A', 'B', 'C', 'D'] as const;
export type SeverityLevelChoice = (typeof SEVERITY_LEVELS)[number];

export interface KeyValue {
  k: string;
  v: string;
}

export interface TextEntry {
  v: string;
}

/** Breaker data of the create form (spec §3), folded into the note text (breakerFold.ts). */
export interface BreakerAttributes {
  /** Rated current of the breaker, in A. */
  capacity?: number | string | null;
  /** Measured phase currents R, Y, B, in A. */
  currents?: { r?: number | string | null; y?: number | string | null; b?: number | string | null } | null;
}

/** One note of POST /thermographyNote. */
export interface NewThermographyNote {
  imageNumber: string | number;
  identification?: string;
  note?: string;
  /** °C; a number, or the text of the form's field ('' for none). */
  ambientTemperature?: number | string | null;
  breakerAttributes?: BreakerAttributes | null;
}

export interface CreateThermographyNotesRequest {
  assetIdentification: string;
  notes: NewThermographyNote[];
}

export interface CreateThermographyNotesResponse {
  inspection: string;
  notes: string[];
}

/** How the suggested severity was reached (docs/thermography.md, "Suggested severity"). */
export interface SuggestedSeverity {
  level: SeverityLevelChoice | null;
  /** The ΔT the level was read from, °C (one decimal); null when no temperature pair is known. */
  deltaT: number | null;
  /**
   * What the ΔT is over: 'ambient' the ambient air; 'reference' a similar component on the
   * reference note; 'similar' a similar component on this picture (another tool).
   */
  basis: 'ambient' | 'reference' | 'similar';
  /** The reference note's id, when the note names one. */
  referenceNote: string | null;
  /** 'tools': the measurement tools' ΔT; 'note': the note's Max. */
  source: 'tools' | 'note';
  /** The tool the ΔT was read on (its label), and the tool it was read against when basis is 'similar'. */
  from: string | null;
  to: string | null;
  /** The criterion graded by (neta-mts, nfpa-70b, site) and its name as shown. */
  criterion: string;
  criterionName: string;
  /** The load at the time of the scan (% of rated), and whether it is under 40 % (NFPA 70B 7.4.5). */
  loadPercent: number | null;
  lowLoad: boolean;
  /** 'load': the criterion suggests nothing until a load of at least 40 % is recorded. */
  withheld: 'load' | null;
}

/** GET thermographyNote/{id} (spec §3 note view plus DESIGN §8's extra fields). */
export interface ThermographyNoteView {
  _id: string;
  inspection: string;
  asset: string;
  assetName: string | null;
  imageNumber: string;
  identification: string;
  note: string;
  ambientTemperature: number | null;
  /** File URLs of the API (`/api/file/<id>`), or null. */
  thermalImage: string | null;
  realImage: string | null;
  /** The real image before the first edit in the image editor (kept, viewable); null while unedited. */
  originalRealImage: string | null;
  measurements: KeyValue[];
  parameters: KeyValue[];
  observations: TextEntry[];
  recommendations: TextEntry[];
  severityLevel: SeverityLevelChoice | null;
  status: ThermographyNoteStatus;
  /** Another note of the same asset this one is compared with (similar component, same load). */
  referenceNote: string | null;
  /** The load at the time of the scan, % of rated (NFPA 70B asks at least 40 %); null when not recorded. */
  loadPercent: number | null;
  /** The severity criterion: 'neta-mts' (the default), 'nfpa-70b' or 'site' (the config entry's). */
  criterion: string;
  suggestedSeverityLevel: SeverityLevelChoice | null;
  suggestedSeverity: SuggestedSeverity;
  /** Whether the thermal image carried radiometric data, so corrected parameters recompute the temperatures. */
  radiometric: boolean;
  /** Measurement tools on the thermal picture, with what the server measured (DESIGN §16). */
  tools: StoredTool[];
  /** ΔT between tools, or a tool and the ambient or reference, worked out on read. */
  deltaTs: ShownDeltaT[];
  timestamp: number;
  createdBy: string;
  createdByName: string | null;
  updatedAt: number;
}

/** The fields PUT thermographyNote/{id} saves; the rest of a view sent back is ignored. */
export const THERMOGRAPHY_EDITABLE_FIELDS = [
  'identification',
  'note',
  'ambientTemperature',
  'measurements',
  'parameters',
  'observations',
  'recommendations',
  'severityLevel',
  'referenceNote',
  'loadPercent',
  'criterion',
  'tools',
  'deltaTs',
] as const;

/** Image values are file URLs of the API (DESIGN §8). */
export const FILE_URL_PREFIX = '/api/file/';
export const fileUrlOf = (fileId: string | null): string | null => (fileId ? `${FILE_URL_PREFIX}${fileId}` : null);
/** The file id of an image value (`/api/file/<id>`, or a bare id); null when it names none. */
export function fileIdOf(url: string | null | undefined): string | null {
  if (!url) return null;
  const id = url.startsWith(FILE_URL_PREFIX) ? url.slice(FILE_URL_PREFIX.length) : url;
  return /^[A-Za-z0-9_-]{1,64}$/.test(id) ? id : null;
}
