import { and, eq, ne, notInArray } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { files, thermographyNotes } from '../../db/schema';
import { newId } from '../../db/ids';
import { badRequest, HttpError } from '../../http/errors';
import type { AuthUser } from '../../auth/access';
import { fileIdOf, fileUrlOf, type KeyValue } from '../../../common/thermography/note';
import { sniffImageType } from '../files/imageContent';
import { checkImagePixels } from '../files/imagePixels';
import { checkUploadQuota, withUserUploadLock } from '../files/uploadQuota';
import { insertFiles } from '../files/insertFiles';
import { FlirReadError, readFlirJpeg } from './flir/readFlir';
import type { FlirReading } from './flir/flirReading';
import type { CameraReading } from './cameraReading';
import { editableNote, readOnlyNote } from './updateNote';
import type { NoteRow } from './noteView';

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

/** Files of a note are owned by it: readable by whoever may read notes (files/fileAccess.ts). */
export const NOTE_FILE_OWNER = 'thermographyNote';
const MAX_NAME_LENGTH = 200;

interface NewFile {
  name: string;
  contentType: string;
  data: Uint8Array;
}

/** 429 past the user's hourly upload quota (the files module's rule, docs/inspections.md). */
async function storeFiles(tx: Transaction, user: AuthUser, noteId: string, quotaBytes: number, incoming: readonly NewFile[]): Promise<string[]> {
  const now = Date.now();
  const size = incoming.reduce((sum, file) => sum + file.data.length, 0);
  const quota = await checkUploadQuota(tx, user._id, size, quotaBytes, now);
  if (quota.fitsAt !== null) {
    const message = `Upload quota reached: ${Math.round((quota.usedBytes / 1_048_576) * 10) / 10} MB uploaded in the last hour`;
    throw new HttpError(429, message, { file: message });
  }
  const rows = incoming.map((file) => ({
    _id: newId(),
    name: file.name.slice(0, MAX_NAME_LENGTH),
    contentType: file.contentType,
    data: file.data,
    uploadedBy: user._id,
    ownerType: NOTE_FILE_OWNER,
    ownerId: noteId,
    createdAt: now,
  }));
  await insertFiles(tx, rows);
  return rows.map((row) => row._id);
}

/**
 * Files the note no longer names (a replaced thermal image, an edit made over) stop being the
 * note's: unowned, only their uploader reads them, and the daily cleanup deletes them a day after
 * their upload (files/fileCleanup.ts). Until then they still count against the uploader's hourly
 * quota, so replacing a picture again and again is no way around it.
 */
async function releaseUnnamedFiles(tx: Transaction, note: NoteRow) {
  const named = [note.thermalImage, note.realImage, note.originalRealImage].filter((id): id is string => id !== null);
  const owned = and(eq(files.ownerType, NOTE_FILE_OWNER), eq(files.ownerId, note._id));
  await tx
    .update(files)
    .set({ ownerType: null, ownerId: null })
    .where(named.length > 0 ? and(owned, notInArray(files._id, named)) : owned);
}

/** Saves the changes unless the note was approved meanwhile (409, nothing written). */
async function saveNote(tx: Transaction, id: string, changes: Partial<typeof thermographyNotes.$inferInsert>): Promise<NoteRow> {
  const [saved] = await tx
    .update(thermographyNotes)
    .set({ ...changes, updatedAt: Date.now() })
    .where(and(eq(thermographyNotes._id, id), ne(thermographyNotes.status, 'approved')))
    .returning();
  if (!saved) throw readOnlyNote();
  return saved;
}

export interface ThermalImageAnswer {
  thermalImage: string | null;
  realImage: string | null;
  parameters: KeyValue[];
  measurements: KeyValue[];
  /** With extractMoreInfo: why the file gave no temperatures (a DJI R-JPEG, a plain JPEG…), else null. */
  noTemperatures?: string | null;
}

const baseName = (name: string) => name.replace(/\.[^.]*$/, '') || 'thermal';

/** The reader's verdict on the file; a damaged or hostile one is the client's 400, in plain words. */
async function readCamera(bytes: Uint8Array): Promise<FlirReading> {
  try {
    return await readFlirJpeg(bytes);
  } catch (error) {
    if (error instanceof FlirReadError) throw badRequest('thermalImage', `thermalImage could not be read: ${error.message}`);
    throw error;
  }
}

/**
 * POST thermographyNote/{id}/thermalImage (DESIGN §8), after the route checked size and type; the
 * picture and any embedded one are held to the pixel bound of uploads (files/imagePixels.ts).
 * extractMoreInfo: what the file says replaces the note's parameters and measurements (a JPEG
 * without FLIR data says nothing: both become empty) and its embedded visible picture, if any,
 * becomes the real image. Without it only the thermal image changes; the camera data read from
 * the previous file is forgotten either way, as it described another picture.
 */
export async function saveThermalImage(
  db: Database,
  user: AuthUser,
  id: string,
  upload: { name: string; bytes: Uint8Array },
  extractMoreInfo: boolean,
  quotaBytes: number,
): Promise<{ note: NoteRow; answer: ThermalImageAnswer }> {
  await editableNote(db, id);
  const reading = extractMoreInfo ? await readCamera(upload.bytes) : null;
  // After the reader, whose words for a damaged camera file are the more precise. Both pictures
  // are shown in browsers like any upload (the embedded one as the real image): the same bound.
  await checkImagePixels(upload.bytes, 'thermalImage');
  if (reading?.realImage) await checkImagePixels(reading.realImage.bytes, 'thermalImage', "thermalImage's embedded picture");
  const incoming: NewFile[] = [{ name: upload.name || 'thermal.jpg', contentType: 'image/jpeg', data: upload.bytes }];
  if (reading?.realImage) {
    const extension = reading.realImage.contentType === 'image/png' ? 'png' : 'jpg';
    incoming.push({ name: `${baseName(upload.name)}-visible.${extension}`, contentType: reading.realImage.contentType, data: reading.realImage.bytes });
  }
  const note = await withUserUploadLock(db, user._id, async (tx) => {
    const [thermalId, realId] = await storeFiles(tx, user, id, quotaBytes, incoming);
    // Tools were placed on the old picture: they go with it.
    const changes: Partial<typeof thermographyNotes.$inferInsert> = { thermalImage: thermalId!, camera: null, tools: [], deltaTs: [] };
    if (reading) {
      const camera: CameraReading | null = reading.isFlir ? { parameters: reading.parameters, measurements: reading.measurements, radiometry: reading.radiometry } : null;
      Object.assign(changes, { camera, parameters: reading.parameters, measurements: reading.measurements });
    }
    if (realId) Object.assign(changes, { realImage: realId, originalRealImage: null });
    const saved = await saveNote(tx, id, changes);
    await releaseUnnamedFiles(tx, saved);
    return saved;
  });
  return {
    note,
    answer: {
      thermalImage: fileUrlOf(note.thermalImage),
      realImage: fileUrlOf(note.realImage),
      parameters: note.parameters,
      measurements: note.measurements,
      ...(reading ? { noTemperatures: reading.noTemperatures } : {}),
    },
  };
}

const DATA_URL = /^data:(image\/(?:png|jpeg));base64,([A-Za-z0-9+/]*={0,2})$/;

/** The edited picture of a data URL, checked by content as every upload is (DESIGN §8). */
export function editedImageOf(dataURL: string, maxBytes: number): { contentType: 'image/png' | 'image/jpeg'; bytes: Uint8Array } {
  const match = DATA_URL.exec(dataURL);
  if (!match) throw badRequest('dataURL', 'dataURL must be a PNG or JPEG data URL (data:image/png;base64,…)');
  const bytes = new Uint8Array(Buffer.from(match[2]!, 'base64'));
  if (bytes.length > maxBytes) throw new HttpError(413, `dataURL holds an image larger than ${maxBytes / 1_048_576} MB`, { dataURL: 'image is too large' });
  const contentType = sniffImageType(bytes);
  if (contentType !== match[1]) throw new HttpError(415, `dataURL must hold the ${match[1]} image it declares`, { dataURL: `dataURL must hold the ${match[1]} image it declares` });
  return { contentType, bytes } as { contentType: 'image/png' | 'image/jpeg'; bytes: Uint8Array };
}

/**
 * PUT thermographyNote/{id}/realImage {filepath, dataURL} (DESIGN §8): the picture drawn on in the
 * image editor becomes the real image as a new file; the real image as it was before the first
 * edit stays kept as `originalRealImage`. `filepath` names the picture that was edited: the note's
 * real image or its kept original (an edit may start over from the original).
 */
export async function saveEditedRealImage(
  db: Database,
  user: AuthUser,
  id: string,
  body: { filepath: string; dataURL: string },
  maxBytes: number,
  quotaBytes: number,
): Promise<{ note: NoteRow; answer: { realImage: string | null; originalRealImage: string | null } }> {
  const current = await editableNote(db, id);
  const edited = fileIdOf(body.filepath);
  if (!edited || (edited !== current.realImage && edited !== current.originalRealImage)) {
    throw badRequest('filepath', 'filepath must name the real image of this note');
  }
  const image = editedImageOf(body.dataURL, maxBytes);
  await checkImagePixels(image.bytes, 'dataURL');
  const extension = image.contentType === 'image/png' ? 'png' : 'jpg';
  const note = await withUserUploadLock(db, user._id, async (tx) => {
    const [newId] = await storeFiles(tx, user, id, quotaBytes, [{ name: `real-image-edited.${extension}`, contentType: image.contentType, data: image.bytes }]);
    // Re-read inside the lock: another edit may have kept the original already.
    const [latest] = await tx.select().from(thermographyNotes).where(eq(thermographyNotes._id, id));
    if (!latest || latest.status === 'approved') throw readOnlyNote();
    const saved = await saveNote(tx, id, { realImage: newId!, originalRealImage: latest.originalRealImage ?? latest.realImage ?? edited });
    await releaseUnnamedFiles(tx, saved);
    return saved;
  });
  return { note, answer: { realImage: fileUrlOf(note.realImage), originalRealImage: fileUrlOf(note.originalRealImage) } };
}
