import type { AtmosphereConstants, ObjectSettings, PlanckConstants } from '../../../../common/thermography/radiometricFormula';

export type { AtmosphereConstants, ObjectSettings, PlanckConstants };

/**
 * Everything needed to recompute Min, Max and Center with other settings, without the raw image:
 * the temperature is monotonic in the raw value, so the hottest and coldest pixels stay the ones
 * with the largest and smallest raw values. Plain numbers, kept as JSON on the note.
 */
export interface RadiometryData {
  planck: PlanckConstants;
  atmosphere: AtmosphereConstants;
  /** The settings the camera stored with the picture. */
  settings: ObjectSettings;
  /** Raw values of the coldest, hottest and centre pixel ((floor(w/2), floor(h/2)), 0-based) and the image size. */
  raw: { min: number; max: number; centre: number; width: number; height: number };
}
