import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { fileBytes } from '../../db/fileBytes';
import type { Database } from '../../db/client';
import { files, thermographyNotes } from '../../db/schema';
import { HttpError, notFound } from '../../http/errors';
import { fileUrlOf } from '../../../common/thermography/note';
import { correctedSettings } from '../../../common/thermography/cameraSettings';
import type { NoteRadiometry } from '../../../common/thermography/radiometry';
import { FlirReadError, readFlirRaw } from './flir/readFlir';

const NOT_RADIOMETRIC = 'thermalImage holds no temperatures: the note has no thermal image, or one without FLIR radiometric data';
const noRadiometry = () => new HttpError(404, NOT_RADIOMETRIC, { thermalImage: NOT_RADIOMETRIC });

/** The raw values as little-endian bytes in base64, whatever this machine's byte order. */
function base64LittleEndian(values: Uint16Array): string {
  const bytes = Buffer.alloc(values.length * 2);
  for (let i = 0; i < values.length; i++) bytes.writeUInt16LE(values[i]!, 2 * i);
  return bytes.toString('base64');
}

async function radiometricNote(db: Database, id: string) {
  const [note] = await db
    .select({ thermalImage: thermographyNotes.thermalImage, camera: thermographyNotes.camera, parameters: thermographyNotes.parameters })
    .from(thermographyNotes)
    .where(eq(thermographyNotes._id, id));
  if (!note) throw notFound('Thermography note not found');
  return note;
}

/**
 * What the answer depends on: the thermal image and the note's parameters (its corrected
 * settings). The same tag, the same answer: a page opened again gets a 304, not the matrix.
 */
function tagOf(note: Awaited<ReturnType<typeof radiometricNote>>): string | null {
  if (!note.thermalImage || !note.camera?.radiometry) return null;
  const parameters = createHash('sha256').update(JSON.stringify(note.parameters)).digest('base64url').slice(0, 16);
  return `"radiometry-${note.thermalImage}-${parameters}"`;
}

/** The ETag the note's radiometry answers with now; null when it has none (404 for an unknown note). */
export async function radiometryTag(db: Database, id: string): Promise<string | null> {
  return tagOf(await radiometricNote(db, id));
}

/**
 * A note's thermal picture as raw values and constants (common/thermography/radiometry.ts): its
 * stored thermal image decoded again in a FLIR reader thread (the matrix is not kept: the file
 * is, and a read takes milliseconds). 404 for a note whose picture holds no temperatures.
 */
export async function noteRadiometry(db: Database, id: string): Promise<{ answer: NoteRadiometry; tag: string }> {
  const note = await radiometricNote(db, id);
  const tag = tagOf(note);
  if (!note.thermalImage || !note.camera?.radiometry || !tag) throw noRadiometry();
  const [file] = await db.select({ data: fileBytes }).from(files).where(eq(files._id, note.thermalImage));
  if (!file) throw noRadiometry();
  let reading;
  try {
    reading = await readFlirRaw(new Uint8Array(file.data));
  } catch (error) {
    // It was read on upload; a failure now (the reader's time limit on a loaded server) is no verdict on the file.
    if (error instanceof FlirReadError) throw new HttpError(503, `The thermal picture could not be read just now: ${error.message}`);
    throw error;
  }
  const raw = reading.rawImage;
  if (!raw || !reading.radiometry) throw noRadiometry();
  const cameraSettings = note.camera.radiometry.settings;
  return {
    tag,
    answer: {
      thermalImage: fileUrlOf(note.thermalImage)!,
      width: raw.width,
      height: raw.height,
      raw: base64LittleEndian(raw.values),
      planck: reading.radiometry.planck,
      atmosphere: reading.radiometry.atmosphere,
      cameraSettings,
      settings: correctedSettings(cameraSettings, note.parameters, note.camera.parameters),
      cameraParameters: note.camera.parameters,
    },
  };
}
