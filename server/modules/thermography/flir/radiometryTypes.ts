/** The camera's calibration of its sensor: raw signal S(T) = R1 / (R2 · (exp(B / T) − F)) − O, T in kelvin. */
export interface PlanckConstants {
  r1: number;
  r2: number;
  b: number;
  f: number;
  o: number;
}

/** The camera's model of the air between it and the object (FLIR's AtmosphericTrans* constants). */
export interface AtmosphereConstants {
  alpha1: number;
  alpha2: number;
  beta1: number;
  beta2: number;
  x: number;
}

/** The settings a thermographer enters on the camera (and may correct afterwards). */
export interface ObjectSettings {
  /** 0 < e ≤ 1. */
  emissivity: number;
  reflectedTemperatureC: number;
  atmosphericTemperatureC: number;
  objectDistanceM: number;
  /** 0–100. */
  relativeHumidityPercent: number;
}

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
