import { eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client';
import { assets, configEntries, thermographyNotes, users } from '../../db/schema';
import { fileUrlOf, type KeyValue, type SeverityLevelChoice, type ThermographyNoteStatus, type ThermographyNoteView } from '../../../common/thermography/note';
import { maxTemperatureOf } from '../../../common/thermography/temperatures';
import { criterionOf, siteCriterionOf, suggestSeverity } from '../../../common/thermography/suggestedSeverity';
import type { CameraReading } from './cameraReading';
import { deltaValues } from '../../../common/thermography/measurementTools';
import { SITE_CRITERION_KEY } from './thermographyConfig';

export type NoteRow = typeof thermographyNotes.$inferSelect;

/** Rows the view derives from the camera's values sit right after their own row, with this suffix. */
export const CAMERA_SUFFIX = ' (camera)';
export const isCameraRow = (row: KeyValue) => row.k.endsWith(CAMERA_SUFFIX);

/**
 * The rows with the camera's value beside each one an engineer corrected (docs/thermography.md,
 * "Corrections"): after `Emissivity 0.90` comes `Emissivity (camera) 0.95`; after the recomputed
 * `Max 61.0 °C` comes `Max (camera) 62.2 °C`. Rows the camera agrees with, or never wrote, stand alone.
 */
export function withCameraValues(rows: readonly KeyValue[], camera: readonly KeyValue[] | undefined): KeyValue[] {
  if (!camera || camera.length === 0) return [...rows];
  const cameraValue = new Map(camera.map((row) => [row.k, row.v]));
  return rows.flatMap((row) => {
    const original = cameraValue.get(row.k);
    return original !== undefined && original.trim() !== row.v.trim() ? [row, { k: `${row.k}${CAMERA_SUFFIX}`, v: original }] : [row];
  });
}

const reference = alias(thermographyNotes, 'reference_note');

/** One note with the names, the reference note's measurements and the site's criterion its view needs. */
export async function loadNote(db: Database, id: string) {
  const [found] = await db
    .select({
      note: thermographyNotes,
      assetName: sql<string | null>`${assets.name}`,
      createdByName: sql<string | null>`${users.name}`,
      referenceMeasurements: sql<KeyValue[] | null>`${reference.measurements}`,
      siteCriterion: sql<string | null>`(select ${configEntries.value} from ${configEntries} where ${configEntries.key} = ${SITE_CRITERION_KEY})`,
    })
    .from(thermographyNotes)
    .leftJoin(assets, eq(assets._id, thermographyNotes.asset))
    .leftJoin(users, eq(users._id, thermographyNotes.createdBy))
    .leftJoin(reference, eq(reference._id, thermographyNotes.referenceNote))
    .where(eq(thermographyNotes._id, id));
  return found ?? null;
}

export type LoadedNote = NonNullable<Awaited<ReturnType<typeof loadNote>>>;

/** GET thermographyNote/{id}: spec §3's note view plus DESIGN §8's fields and the suggested severity. */
export function noteView({ note, assetName, createdByName, referenceMeasurements, siteCriterion }: LoadedNote): ThermographyNoteView {
  const camera = note.camera as CameraReading | null;
  const referenceMaxC = referenceMeasurements ? maxTemperatureOf(referenceMeasurements) : null;
  const deltaTs = deltaValues(note.deltaTs, note.tools, note.ambientTemperature, referenceMaxC);
  const suggested = suggestSeverity({
    maxC: maxTemperatureOf(note.measurements),
    ambientC: note.ambientTemperature,
    referenceMaxC,
    referenceNote: note.referenceNote,
    tools: note.tools,
    deltaTs,
    criterion: criterionOf(note.criterion, siteCriterionOf(siteCriterion ?? undefined)),
    loadPercent: note.loadPercent,
  });
  return {
    _id: note._id,
    inspection: note.inspection,
    asset: note.asset,
    assetName,
    imageNumber: note.imageNumber,
    identification: note.identification,
    note: note.note,
    ambientTemperature: note.ambientTemperature,
    thermalImage: fileUrlOf(note.thermalImage),
    realImage: fileUrlOf(note.realImage),
    originalRealImage: fileUrlOf(note.originalRealImage),
    measurements: withCameraValues(note.measurements, camera?.measurements),
    parameters: withCameraValues(note.parameters, camera?.parameters),
    observations: note.observations,
    recommendations: note.recommendations,
    severityLevel: note.severityLevel as SeverityLevelChoice | null,
    status: note.status as ThermographyNoteStatus,
    referenceNote: note.referenceNote,
    loadPercent: note.loadPercent,
    criterion: note.criterion,
    suggestedSeverityLevel: suggested.level,
    suggestedSeverity: suggested,
    radiometric: Boolean(camera?.radiometry),
    tools: note.tools,
    deltaTs,
    timestamp: note.timestamp,
    createdBy: note.createdBy,
    createdByName,
    updatedAt: note.updatedAt,
  };
}
