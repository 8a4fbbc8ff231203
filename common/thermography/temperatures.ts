import type { KeyValue } from './note';

/**
 * Temperatures as the notes show them: "62.2 °C" (DESIGN §8, the reader's measurements). Parsed
 * loosely, as an engineer may type them ("62.2", "62,2 °C", "62.2°C"); anything else is no value.
 */
const CELSIUS = /^([-+]?\d+(?:[.,]\d+)?)\s*(?:°\s*C|°|C)?$/i;

export function parseCelsius(text: unknown): number | null {
  if (typeof text === 'number') return Number.isFinite(text) ? text : null;
  if (typeof text !== 'string') return null;
  const match = CELSIUS.exec(text.trim());
  return match ? Number(match[1]!.replace(',', '.')) : null;
}

export const formatCelsius = (value: number) => `${value.toFixed(1)} °C`;

/** The value of the first row with this key (keys compared without letter case or surrounding blanks). */
export function valueOf(rows: readonly KeyValue[], key: string): string | undefined {
  const wanted = key.trim().toLowerCase();
  return rows.find((row) => row.k.trim().toLowerCase() === wanted)?.v;
}

/** The hottest spot of a note: its `Max` measurement in °C, or null. */
export const maxTemperatureOf = (measurements: readonly KeyValue[]) => parseCelsius(valueOf(measurements, 'Max'));
