import { and, eq, ne } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { thermographyNotes } from '../../db/schema';
import { conflict, notFound } from '../../http/errors';
import { SEVERITY_LEVELS, type KeyValue, type SeverityLevelChoice, type TextEntry } from '../../../common/thermography/note';
import type { CameraReading } from './cameraReading';
import { correctedReadings } from './cameraCorrections';
import { MAX_IDENTIFICATION_LENGTH, MAX_NOTE_LENGTH } from './createNotes';
import { ambientTemperatureOf, loadPercentOf, NoteProblems } from './noteInput';
import { SEVERITY_CRITERIA, type SeverityCriterionId } from '../../../common/thermography/suggestedSeverity';
import type { NoteRow } from './noteView';
import type { DeltaT } from '../../../common/thermography/measurementTools';
import { deltaTsBodySchema, deltaTsOf, measuredTools, toolsBodySchema, toolsOf, type ToolInput } from './noteTools';

const MAX_ROWS = 100;
const keyValues = {
  type: 'array',
  maxItems: MAX_ROWS,
  items: { type: 'object', required: ['k', 'v'], additionalProperties: false, properties: { k: { type: 'string', maxLength: 200 }, v: { type: 'string', maxLength: 1000 } } },
} as const;
const texts = {
  type: 'array',
  maxItems: MAX_ROWS,
  items: { type: 'object', required: ['v'], additionalProperties: false, properties: { v: { type: 'string', maxLength: 2000 } } },
} as const;
/** Fields of the view a client sends back with the note; never changed by PUT (status and images have their own calls). */
const readOnly = {} as const;
const READ_ONLY_FIELDS = [
  '_id', 'id', 'inspection', 'asset', 'assetName', 'imageNumber', 'thermalImage', 'realImage', 'originalRealImage', 'status',
  'suggestedSeverityLevel', 'suggestedSeverity', 'radiometric', 'timestamp', 'createdBy', 'createdByName', 'updatedAt',
] as const;

/** PUT thermographyNote/{id}: the editable fields (any subset); the view's other fields are accepted and ignored. */
export const updateNoteBodySchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    identification: { type: 'string', maxLength: MAX_IDENTIFICATION_LENGTH },
    note: { type: 'string', maxLength: MAX_NOTE_LENGTH },
    ambientTemperature: { type: ['number', 'string', 'null'], maxLength: 20 },
    measurements: keyValues,
    parameters: keyValues,
    observations: texts,
    recommendations: texts,
    severityLevel: { type: ['string', 'null'], enum: [...SEVERITY_LEVELS, '', null] },
    referenceNote: { type: ['string', 'null'], maxLength: 64 },
    loadPercent: { type: ['number', 'string', 'null'], maxLength: 20 },
    criterion: { type: 'string', enum: [...SEVERITY_CRITERIA] },
    tools: toolsBodySchema,
    deltaTs: deltaTsBodySchema,
    ...Object.fromEntries(READ_ONLY_FIELDS.map((field) => [field, readOnly])),
  },
} as const;

export interface UpdateNoteBody {
  identification?: string;
  note?: string;
  ambientTemperature?: number | string | null;
  measurements?: KeyValue[];
  parameters?: KeyValue[];
  observations?: TextEntry[];
  recommendations?: TextEntry[];
  severityLevel?: SeverityLevelChoice | '' | null;
  referenceNote?: string | null;
  loadPercent?: number | string | null;
  criterion?: SeverityCriterionId;
  tools?: ToolInput[];
  deltaTs?: DeltaT[];
}

/** Blank observations and recommendations are dropped; the rest trimmed. */
const keptTexts = (entries: readonly TextEntry[]) => entries.map((entry) => ({ v: entry.v.trim() })).filter((entry) => entry.v !== '');
/** Rows without a key are dropped (an empty row of the editor); keys and values trimmed. */
const keptRows = (rows: readonly KeyValue[]) => rows.map((row) => ({ k: row.k.trim(), v: row.v.trim() })).filter((row) => row.k !== '');

export const readOnlyNote = () => conflict('status', 'An approved note is read-only');

/** 404 for no note, 409 for an approved one (spec §4: read-only). */
export async function editableNote(db: Database, id: string): Promise<NoteRow> {
  const [row] = await db.select().from(thermographyNotes).where(eq(thermographyNotes._id, id));
  if (!row) throw notFound('Thermography note not found');
  if (row.status === 'approved') throw readOnlyNote();
  return row;
}

/** A reference note must be another note of the same asset that is not deleted. */
async function checkReference(db: Database, row: NoteRow, referenceNote: string, problems: NoteProblems) {
  if (referenceNote === row._id) {
    problems.add('referenceNote', 'referenceNote must be another note than this one');
    return;
  }
  const [found] = await db
    .select({ _id: thermographyNotes._id })
    .from(thermographyNotes)
    .where(and(eq(thermographyNotes._id, referenceNote), eq(thermographyNotes.asset, row.asset), ne(thermographyNotes.status, 'deleted')));
  if (!found) problems.add('referenceNote', 'referenceNote must name a note of the same asset');
}

/**
 * PUT thermographyNote/{id} (DESIGN §8): saves the editable fields; corrected camera settings
 * recompute the temperatures (cameraCorrections.ts). The status is kept (spec §4: "Update keeps
 * the status"); an approved note answers 409 and stays as it was, also when it was approved
 * while this request was on its way.
 */
export async function updateNote(db: Database, id: string, body: UpdateNoteBody): Promise<void> {
  const row = await editableNote(db, id);
  const problems = new NoteProblems();
  const changes: Partial<typeof thermographyNotes.$inferInsert> = {};
  if (body.identification !== undefined) changes.identification = body.identification.trim();
  if (body.note !== undefined) changes.note = body.note.trim();
  if (body.ambientTemperature !== undefined) changes.ambientTemperature = ambientTemperatureOf(body.ambientTemperature, 'ambientTemperature', problems);
  if (body.observations !== undefined) changes.observations = keptTexts(body.observations);
  if (body.recommendations !== undefined) changes.recommendations = keptTexts(body.recommendations);
  if (body.severityLevel !== undefined) changes.severityLevel = body.severityLevel || null;
  if (body.loadPercent !== undefined) changes.loadPercent = loadPercentOf(body.loadPercent, 'loadPercent', problems);
  if (body.criterion !== undefined) changes.criterion = body.criterion;
  if (body.referenceNote !== undefined) {
    const reference = body.referenceNote?.trim() || null;
    // The editor sends the reference with every save: one chosen earlier stays valid when that note was deleted since.
    if (reference && reference !== row.referenceNote) await checkReference(db, row, reference, problems);
    changes.referenceNote = reference;
  }
  if (body.parameters !== undefined || body.measurements !== undefined) {
    const readings = correctedReadings(keptRows(body.parameters ?? row.parameters), keptRows(body.measurements ?? row.measurements), row.camera as CameraReading | null, problems);
    changes.parameters = readings.parameters;
    changes.measurements = readings.measurements;
  }
  // The server measures the tools (DESIGN §16): when they change, and when corrected settings change what they read.
  if (body.tools !== undefined || body.deltaTs !== undefined || (changes.parameters !== undefined && row.tools.length > 0)) {
    const tools = body.tools !== undefined ? toolsOf(body.tools, problems) : row.tools.map(({ reading: _measured, ...tool }) => tool);
    const deltaTs = body.deltaTs !== undefined ? deltaTsOf(body.deltaTs) : row.deltaTs;
    if (!problems.any) {
      changes.tools = await measuredTools(db, row, tools, deltaTs, changes.parameters ?? row.parameters, problems);
      changes.deltaTs = deltaTs;
    }
  }
  problems.throwIfAny();
  const updated = await db
    .update(thermographyNotes)
    .set({ ...changes, updatedAt: Date.now() })
    .where(and(eq(thermographyNotes._id, id), ne(thermographyNotes.status, 'approved')))
    .returning({ _id: thermographyNotes._id });
  if (updated.length === 0) throw readOnlyNote();
}
