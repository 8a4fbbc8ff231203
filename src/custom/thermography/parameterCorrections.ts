/**
 * Parameters an engineer may correct on a note (camera settings are often wrong); the server
 * recomputes the temperatures from the picture's raw data with them (DESIGN §8, docs/thermography.md)
 * and keeps the camera's own value beside the corrected one under `<key> (camera)`.
 */
export const CORRECTABLE_PARAMETERS: readonly string[] = ['Emissivity', 'Reflected temperature', 'Object distance'];

const CAMERA_SUFFIX = ' (camera)';

export const isCameraKey = (key: string) => key.endsWith(CAMERA_SUFFIX);
export const cameraKeyOf = (key: string) => `${key}${CAMERA_SUFFIX}`;
