import type { KeyValue } from './note';
import type { AtmosphereConstants, ObjectSettings, PlanckConstants } from './radiometricFormula';

/**
 * GET thermographyNote/{id}/radiometry (DESIGN §16): what a page needs to paint a note's thermal
 * picture and read the temperature under the pointer, with the single-path formula of DESIGN §8
 * (radiometricFormula.ts) and the settings the note's parameters give (cameraSettings.ts). The
 * same for as long as the note keeps this thermal image and these parameters: answered with an ETag of both.
 */
export interface NoteRadiometry {
  /** The thermal image these values were read from (`/api/file/<id>`). */
  thermalImage: string;
  width: number;
  height: number;
  /** Every pixel's raw sensor value, row by row from the top left, 16-bit little-endian, in base64. */
  raw: string;
  planck: PlanckConstants;
  atmosphere: AtmosphereConstants;
  /** The settings the camera stored with the picture. */
  cameraSettings: ObjectSettings;
  /** The settings the note reads temperatures with: the camera's, with the note's saved corrections. */
  settings: ObjectSettings;
  /** The parameters as the camera gave them: a note's row with the same text is no correction. */
  cameraParameters: KeyValue[];
}

/** The raw values of an answer (`raw`), whatever the byte order of the machine reading them. */
export function rawValuesOf(radiometry: Pick<NoteRadiometry, 'raw' | 'width' | 'height'>): Uint16Array {
  const text = atob(radiometry.raw);
  const count = radiometry.width * radiometry.height;
  if (text.length !== count * 2) throw new Error(`raw holds ${text.length} bytes, not ${count * 2}`);
  const values = new Uint16Array(count);
  for (let i = 0; i < count; i++) values[i] = text.charCodeAt(2 * i) | (text.charCodeAt(2 * i + 1) << 8);
  return values;
}
