/** Spec §9: the engineer's severity choices, A the most severe. */
export const SEVERITY_LEVELS = ['A', 'B', 'C', 'D'] as const;
export type Severity = (typeof SEVERITY_LEVELS)[number];

/** Spec §3 "Constants also list thermography note statuses". */
export const NOTE_STATUSES = ['draft', 'pendingApproval', 'approved', 'deleted'] as const;
export type NoteStatus = (typeof NOTE_STATUSES)[number];

/** A key/value row of measurements and parameters (spec §3). */
export interface KeyValue {
  k: string;
  v: string | number | null;
}

/** An observation or recommendation line (spec §3: observations [{v}], recommendations [{v}]). */
export interface TextLine {
  v: string;
}

/**
 * GET /thermographyNote/{id} (spec §3 note view, DESIGN §8). Image values are file URLs of the
 * API (or bare file ids); `originalRealImage` is the picture before the image editor's arrows.
 */
export interface ThermographyNote {
  _id: string;
  inspection: string;
  asset: string;
  imageNumber: string | number;
  identification: string;
  note: string;
  ambientTemperature: number | null;
  thermalImage: string | null;
  realImage: string | null;
  originalRealImage?: string | null;
  measurements: KeyValue[];
  parameters: KeyValue[];
  observations: TextLine[];
  recommendations: TextLine[];
  severityLevel: Severity | null;
  status: NoteStatus;
  createdBy?: string;
  updatedAt?: number;
  /** The server's suggestion from the measured ΔT; the engineer may choose another. */
  suggestedSeverityLevel?: Severity | null;
}

/** POST thermographyNote/{id}/thermalImage answers what it stored on the note (DESIGN §8). */
export interface ThermalImageUpload {
  thermalImage: string;
  realImage: string | null;
  parameters: KeyValue[];
  measurements: KeyValue[];
}
