import type { KeyValue } from '../../../common/thermography/note';
import type { RadiometryData } from './flir/readFlir';

/**
 * What the camera wrote into a note's thermal image, as read on upload (extractMoreInfo=true):
 * its parameters and measurements as shown, and the radiometry that recomputes the temperatures
 * when an engineer corrects a setting (cameraCorrections.ts). Kept on the note, never served whole.
 */
export interface CameraReading {
  parameters: KeyValue[];
  measurements: KeyValue[];
  radiometry: RadiometryData | null;
}
