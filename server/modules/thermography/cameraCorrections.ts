import type { KeyValue } from '../../../common/thermography/note';
import { parseCelsius } from '../../../common/thermography/temperatures';
import type { CameraReading } from './cameraReading';
import { recomputeMeasurements } from './flir/readFlir';
import { isCameraRow } from './noteView';
import type { NoteProblems } from './noteInput';

type Corrections = NonNullable<Parameters<typeof recomputeMeasurements>[1]>;
type Setting = keyof Corrections;

const decimal = (text: string, unit: RegExp): number | null => {
  const match = new RegExp(`^([-+]?\\d+(?:[.,]\\d+)?)\\s*${unit.source}$`, 'i').exec(text.trim());
  return match ? Number(match[1]!.replace(',', '.')) : null;
};

/**
 * The camera settings an engineer may correct on a note (issue 19: "camera settings are often
 * wrong"), by the parameter keys of DESIGN §8, with how a typed value reads and what is allowed.
 */
const CORRECTABLE: readonly { key: string; setting: Setting; read: (text: string) => number | null; ok: (value: number) => boolean; expected: string }[] = [
  { key: 'Emissivity', setting: 'emissivity', read: (t) => decimal(t, /(?:)/), ok: (v) => v > 0 && v <= 1, expected: 'a number more than 0 and at most 1' },
  { key: 'Reflected temperature', setting: 'reflectedTemperatureC', read: parseCelsius, ok: (v) => v >= -100 && v <= 1000, expected: 'a temperature from -100 to 1000 °C' },
  { key: 'Atmospheric temperature', setting: 'atmosphericTemperatureC', read: parseCelsius, ok: (v) => v >= -100 && v <= 100, expected: 'a temperature from -100 to 100 °C' },
  { key: 'Object distance', setting: 'objectDistanceM', read: (t) => decimal(t, /m?/), ok: (v) => v >= 0 && v <= 10_000, expected: 'a distance from 0 to 10000 m' },
  { key: 'Relative humidity', setting: 'relativeHumidityPercent', read: (t) => decimal(t, /%?/), ok: (v) => v >= 0 && v <= 100, expected: 'a humidity from 0 to 100 %' },
];

/** The measurement keys the reader computes; with radiometry they are always recomputed, never typed. */
const COMPUTED_MEASUREMENTS = new Set(['Min', 'Max', 'Center']);

/**
 * The settings the engineer changed: a correctable parameter whose text differs from the camera's.
 * Sending the camera's own text back is no correction (its float was rounded for display).
 */
function correctionsOf(parameters: readonly KeyValue[], camera: readonly KeyValue[], problems: NoteProblems): Corrections {
  const corrections: Corrections = {};
  for (const rule of CORRECTABLE) {
    const index = parameters.findIndex((row) => row.k.trim() === rule.key);
    if (index < 0) continue;
    const text = parameters[index]!.v;
    const cameraText = camera.find((row) => row.k === rule.key)?.v;
    if (cameraText !== undefined && cameraText.trim() === text.trim()) continue;
    const value = rule.read(text);
    if (value === null || !rule.ok(value)) {
      problems.add(`parameters.${index}.v`, `parameters.${index}.v: ${rule.key} must be ${rule.expected}`);
      continue;
    }
    corrections[rule.setting] = value;
  }
  return corrections;
}

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
  const corrections = correctionsOf(ownParameters, camera.parameters, problems);
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
