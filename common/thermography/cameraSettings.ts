import type { KeyValue } from './note';
import type { ObjectSettings } from './radiometricFormula';
import { parseCelsius } from './temperatures';

const decimal = (text: string, unit: RegExp): number | null => {
  const match = new RegExp(`^([-+]?\\d+(?:[.,]\\d+)?)\\s*${unit.source}$`, 'i').exec(text.trim());
  return match ? Number(match[1]!.replace(',', '.')) : null;
};

export interface CorrectableSetting {
  /** The parameter row's key (DESIGN §8). */
  key: string;
  setting: keyof ObjectSettings;
  /** How a typed value reads (null: not a value). */
  read: (text: string) => number | null;
  ok: (value: number) => boolean;
  expected: string;
}

/**
 * The camera settings an engineer may correct on a note (issue 19: "camera settings are often
 * wrong"), by the parameter keys of DESIGN §8, with how a typed value reads and what is allowed:
 * the server stores temperatures by these rules, and a page previews with the same.
 */
export const CORRECTABLE_SETTINGS: readonly CorrectableSetting[] = [
  { key: 'Emissivity', setting: 'emissivity', read: (t) => decimal(t, /(?:)/), ok: (v) => v > 0 && v <= 1, expected: 'a number more than 0 and at most 1' },
  { key: 'Reflected temperature', setting: 'reflectedTemperatureC', read: parseCelsius, ok: (v) => v >= -100 && v <= 1000, expected: 'a temperature from -100 to 1000 °C' },
  { key: 'Atmospheric temperature', setting: 'atmosphericTemperatureC', read: parseCelsius, ok: (v) => v >= -100 && v <= 100, expected: 'a temperature from -100 to 100 °C' },
  { key: 'Object distance', setting: 'objectDistanceM', read: (t) => decimal(t, /m?/), ok: (v) => v >= 0 && v <= 10_000, expected: 'a distance from 0 to 10000 m' },
  { key: 'Relative humidity', setting: 'relativeHumidityPercent', read: (t) => decimal(t, /%?/), ok: (v) => v >= 0 && v <= 100, expected: 'a humidity from 0 to 100 %' },
];

/**
 * The settings the engineer changed: a correctable parameter whose text differs from the camera's.
 * Sending the camera's own text back is no correction (its float was rounded for display). A
 * value that does not read, or is out of range, is told to `problem` (with the row's index) and
 * left out.
 */
export function correctionsOf(
  parameters: readonly KeyValue[],
  cameraParameters: readonly KeyValue[],
  problem: (index: number, rule: CorrectableSetting) => void = () => undefined,
): Partial<ObjectSettings> {
  const corrections: Partial<ObjectSettings> = {};
  for (const rule of CORRECTABLE_SETTINGS) {
    const index = parameters.findIndex((row) => row.k.trim() === rule.key);
    if (index < 0) continue;
    const text = parameters[index]!.v;
    const cameraText = cameraParameters.find((row) => row.k === rule.key)?.v;
    if (cameraText !== undefined && cameraText.trim() === text.trim()) continue;
    const value = rule.read(text);
    if (value === null || !rule.ok(value)) {
      problem(index, rule);
      continue;
    }
    corrections[rule.setting] = value;
  }
  return corrections;
}

/** The camera's settings with the parameters' corrections applied (the ones that read). */
export function correctedSettings(camera: ObjectSettings, parameters: readonly KeyValue[], cameraParameters: readonly KeyValue[]): ObjectSettings {
  return { ...camera, ...correctionsOf(parameters, cameraParameters) };
}
