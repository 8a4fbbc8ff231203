import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { assets, inspections, thermographyNotes } from '../../db/schema';
import { newId } from '../../db/ids';
import { notFound } from '../../http/errors';
import type { AuthUser } from '../../auth/access';
import { breakerLoadPercent, foldBreakerAttributes } from '../../../common/thermography/breakerFold';
import { createNoteProblems, imageNumberText } from '../../../common/thermography/createRules';
import type { BreakerAttributes, CreateThermographyNotesRequest, NewThermographyNote } from '../../../common/thermography/note';
import { ambientTemperatureOf, NoteProblems } from './noteInput';

export const MAX_NOTES_PER_INSPECTION = 200;
export const MAX_NOTE_LENGTH = 10_000;
export const MAX_IDENTIFICATION_LENGTH = 200;
export const MAX_IMAGE_NUMBER_LENGTH = 50;
/** A breaker rating or a phase current beyond this many amperes is a typing mistake. */
const MAX_AMPERES = 100_000;

const breakerValueSchema = { type: ['number', 'string', 'null'], maxLength: 20 } as const;

/** POST /thermographyNote's body (DESIGN §8). The spec's rules are checked in code, with its messages. */
export const createNotesBodySchema = {
  type: 'object',
  required: ['assetIdentification', 'notes'],
  additionalProperties: false,
  properties: {
    assetIdentification: { type: 'string', minLength: 1, maxLength: 200 },
    notes: {
      type: 'array',
      minItems: 1,
      maxItems: MAX_NOTES_PER_INSPECTION,
      items: {
        type: 'object',
        additionalProperties: false,
        properties: {
          imageNumber: { type: ['string', 'number'], maxLength: MAX_IMAGE_NUMBER_LENGTH },
          identification: { type: 'string', maxLength: MAX_IDENTIFICATION_LENGTH },
          note: { type: 'string', maxLength: MAX_NOTE_LENGTH },
          ambientTemperature: { type: ['number', 'string', 'null'], maxLength: 20 },
          breakerAttributes: {
            type: ['object', 'null'],
            additionalProperties: false,
            properties: {
              capacity: breakerValueSchema,
              currents: { type: ['object', 'null'], additionalProperties: false, properties: { r: breakerValueSchema, y: breakerValueSchema, b: breakerValueSchema } },
            },
          },
        },
      },
    },
  },
} as const;

/** A breaker value in amperes: a number or its text; blank is none. */
function amperesOf(value: unknown, field: string, problems: NoteProblems): number | null {
  if (value === null || value === undefined || (typeof value === 'string' && value.trim() === '')) return null;
  const number = typeof value === 'number' ? value : /^\d+(?:[.,]\d+)?$/.test(value as string) ? Number((value as string).trim().replace(',', '.')) : NaN;
  if (!Number.isFinite(number) || number < 0 || number > MAX_AMPERES) {
    problems.add(field, `${field} must be a number of amperes from 0 to ${MAX_AMPERES}`);
    return null;
  }
  return number;
}

/** The breaker data with its values as numbers; null when nothing was given. */
function breakerOf(raw: BreakerAttributes | null | undefined, field: string, problems: NoteProblems): BreakerAttributes | null {
  if (!raw) return null;
  const capacity = amperesOf(raw.capacity, `${field}.capacity`, problems);
  const currents = {
    r: amperesOf(raw.currents?.r, `${field}.currents.r`, problems),
    y: amperesOf(raw.currents?.y, `${field}.currents.y`, problems),
    b: amperesOf(raw.currents?.b, `${field}.currents.b`, problems),
  };
  const anyCurrent = currents.r !== null || currents.y !== null || currents.b !== null;
  if (capacity === null && !anyCurrent) return null;
  return { capacity, currents: anyCurrent ? currents : null };
}

interface PreparedNote {
  imageNumber: string;
  identification: string;
  note: string;
  ambientTemperature: number | null;
  breakerAttributes: BreakerAttributes | null;
  /** From the breaker's currents and rating, when both were typed. */
  loadPercent: number | null;
}

/** The notes as they will be stored, or a 400 naming `notes.<i>.<field>` with the spec's messages. */
export function prepareNotes(notes: readonly NewThermographyNote[]): PreparedNote[] {
  const problems = new NoteProblems();
  for (const problem of createNoteProblems(notes)) problems.add(`notes.${problem.index}.${problem.field}`, problem.message);
  const prepared = notes.map((raw, index) => {
    const field = `notes.${index}`;
    const breakerAttributes = breakerOf(raw.breakerAttributes, `${field}.breakerAttributes`, problems);
    return {
      imageNumber: imageNumberText(raw.imageNumber),
      identification: (raw.identification ?? '').trim(),
      note: foldBreakerAttributes(raw.note, breakerAttributes),
      ambientTemperature: ambientTemperatureOf(raw.ambientTemperature, `${field}.ambientTemperature`, problems),
      breakerAttributes,
      loadPercent: breakerLoadPercent(breakerAttributes),
    };
  });
  problems.throwIfAny();
  return prepared;
}

export interface CreatedNotes {
  inspection: { _id: string; asset: string; assetName: string; timestamp: number };
  notes: string[];
}

/**
 * POST /thermographyNote (DESIGN §8): one ThermographyInspection for the first asset of the
 * identification (by name, as the scanned label finds it; archived assets take no new work), one
 * draft note per entry, in one transaction. Nothing is written when anything is wrong.
 */
export async function createNotes(db: Database, user: AuthUser, body: CreateThermographyNotesRequest): Promise<CreatedNotes> {
  const prepared = prepareNotes(body.notes);
  const identification = body.assetIdentification.trim();
  const [asset] = await db
    .select({ _id: assets._id, name: assets.name })
    .from(assets)
    .where(and(eq(assets.identification, identification), isNull(assets.archivedAt)))
    .orderBy(asc(assets.name))
    .limit(1);
  if (!asset) throw notFound(`No asset has the identification "${identification}"`);
  const timestamp = Date.now();
  const inspectionId = newId();
  const rows = prepared.map((note, position) => ({
    _id: newId(),
    inspection: inspectionId,
    asset: asset._id,
    timestamp,
    position,
    ...note,
    status: 'draft',
    createdBy: user._id,
    createdAt: timestamp,
    updatedAt: timestamp,
  }));
  await db.transaction(async (tx) => {
    await tx.insert(inspections).values({ _id: inspectionId, timestamp, user: user._id, checklist: null, asset: asset._id, type: 'ThermographyInspection', createdAt: timestamp });
    await tx.insert(thermographyNotes).values(rows);
  });
  return { inspection: { _id: inspectionId, asset: asset._id, assetName: asset.name, timestamp }, notes: rows.map((row) => row._id) };
}
