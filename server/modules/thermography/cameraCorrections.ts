import type { KeyValue } from '../../../common/thermography/note';
import { correctionsOf } from '../../../common/thermography/cameraSettings';
import type { CameraReading } from './cameraReading';
import { recomputeMeasurements } from './flir/readFlir';
import { isCameraRow } from './noteView';
import type { NoteProblems } from './noteInput';

/** The measurement keys the reader computes; with radiometry they are always recomputed, never typed. */
const COMPUTED_MEASUREMENTS = new Set(['Min', 'Max', 'Center']);

/**
 * Parameters and measurements to store after an edit (docs/thermography.md, "Corrections"). Rows
 * ending in "(camera)" are the view's and are dropped. With radiometry, Min, Max and Center are
 * recomputed from the corrected settings and lead the measurements; the engineer's other rows
 * follow. Without it both lists are stored as sent.
 */
export function correctedReadings(
  parameters: readonly KeyValue[],
  measurements: readonly KeyValue[],
  camera: CameraReading | null,
  problems: NoteProblems,
): { parameters: KeyValue[]; measurements: KeyValue[] } {
  const ownParameters = parameters.filter((row) => !isCameraRow(row));
  const ownMeasurements = measurements.filter((row) => !isCameraRow(row));
  if (!camera?.radiometry) return { parameters: ownParameters, measurements: ownMeasurements };
  const corrections = correctionsOf(ownParameters, camera.parameters, (index, rule) => problems.add(`parameters.${index}.v`, `parameters.${index}.v: ${rule.key} must be ${rule.expected}`));
  if (problems.any) return { parameters: ownParameters, measurements: ownMeasurements };
  let computed: KeyValue[];
  try {
    computed = recomputeMeasurements(camera.radiometry, corrections);
  } catch (error) {
    // The reader refuses settings its formula cannot take; the checks above should have said so first.
    problems.add('parameters', `parameters: ${error instanceof Error ? error.message : 'the corrected settings cannot be used'}`);
    return { parameters: ownParameters, measurements: ownMeasurements };
  }
  return { parameters: ownParameters, measurements: [...computed, ...ownMeasurements.filter((row) => !COMPUTED_MEASUREMENTS.has(row.k.trim()))] };
}
