/**
 * Parameters an engineer may correct on a note (camera settings are often wrong): the server
 * recomputes the temperatures from the picture's raw data with them (docs/thermography.md,
 * "Corrections") and shows the camera's own value after a corrected row as `<key> (camera)`.
 */
export const CORRECTABLE_PARAMETERS: readonly string[] = ['Emissivity', 'Reflected temperature', 'Atmospheric temperature', 'Object distance', 'Relative humidity'];

/** Measurements the reader computes from the raw data: with radiometry they are recomputed, never typed. */
export const COMPUTED_MEASUREMENTS: readonly string[] = ['Min', 'Max', 'Center'];

const CAMERA_SUFFIX = ' (camera)';

export const isCameraKey = (key: string) => key.endsWith(CAMERA_SUFFIX);
export const cameraKeyOf = (key: string) => `${key}${CAMERA_SUFFIX}`;
