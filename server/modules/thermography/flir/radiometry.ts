import { showCelsius, type KeyValue } from './displayValues';
import { FlirSettingsError } from './flirReadError';
import type { ObjectSettings, RadiometryData } from './radiometryTypes';
import { objectTemperatures } from '../../../../common/thermography/radiometricFormula';

/** What the formula accepts for each setting (docs/thermography.md): the camera's own values and corrections alike. */
const SETTING_RULES: Record<keyof ObjectSettings, { label: string; ok: (value: number) => boolean; expected: string }> = {
  emissivity: { label: 'Emissivity', ok: (v) => v > 0 && v <= 1, expected: 'more than 0 and at most 1' },
  reflectedTemperatureC: { label: 'Reflected temperature', ok: (v) => v >= -100 && v <= 1000, expected: 'between -100 and 1000 °C' },
  atmosphericTemperatureC: { label: 'Atmospheric temperature', ok: (v) => v >= -100 && v <= 100, expected: 'between -100 and 100 °C' },
  objectDistanceM: { label: 'Object distance', ok: (v) => v >= 0 && v <= 10_000, expected: 'between 0 and 10000 m' },
  relativeHumidityPercent: { label: 'Relative humidity', ok: (v) => v >= 0 && v <= 100, expected: 'between 0 and 100 %' },
};

export const SETTING_NAMES = Object.keys(SETTING_RULES) as (keyof ObjectSettings)[];

/** Throws FlirSettingsError naming the first setting that is not a number in its range. */
export function checkSettings(settings: Partial<ObjectSettings>): void {
  for (const name of SETTING_NAMES) {
    const value: unknown = settings[name];
    if (value === undefined) continue;
    const rule = SETTING_RULES[name];
    if (typeof value !== 'number' || !Number.isFinite(value) || !rule.ok(value)) {
      throw new FlirSettingsError(name, `${rule.label} must be ${rule.expected}`);
    }
  }
}

export function settingsAreUsable(settings: ObjectSettings): boolean {
  try {
    checkSettings(settings);
    return true;
  } catch {
    return false;
  }
}

/**
 * Min, Max and Center (°C, one decimal) of the raw values kept in `radiometry`, under `settings`.
 * The mapping from raw value to temperature is monotonic, so Min and Max come from the smallest
 * and largest raw values. A value without a finite temperature under these settings is left out.
 */
export function measurementsFor(radiometry: RadiometryData, settings: ObjectSettings): KeyValue[] {
  const { celsius } = objectTemperatures(radiometry.planck, radiometry.atmosphere, settings);
  const atMin = celsius(radiometry.raw.min);
  const atMax = celsius(radiometry.raw.max);
  // Monotonic either way: if constants ever made it fall, the colder end is still Min.
  const [low, high] = atMax < atMin ? [atMax, atMin] : [atMin, atMax];
  const values: [string, number][] = [
    ['Min', low],
    ['Max', high],
    ['Center', celsius(radiometry.raw.centre)],
  ];
  return values.filter(([, value]) => Number.isFinite(value)).map(([k, value]) => ({ k, v: showCelsius(value) }));
}

/** The measurements with some settings corrected (the rest as the camera stored them). */
export function recomputeMeasurements(radiometry: RadiometryData, corrections: Partial<ObjectSettings>): KeyValue[] {
  checkSettings(corrections);
  const settings: ObjectSettings = { ...radiometry.settings };
  for (const name of SETTING_NAMES) {
    const value = corrections[name];
    if (value !== undefined) settings[name] = value;
  }
  return measurementsFor(radiometry, settings);
}
