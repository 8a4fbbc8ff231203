import { HttpError } from '../../http/errors';
import { parseCelsius } from '../../../common/thermography/temperatures';

/**
 * Checks of note values shared by create and update. Problems are collected per field so one
 * 400 names them all (DESIGN §3): `errors` maps each field to its message (the spec's words where
 * it has some, e.g. 'Image number is mandatory'), `message` is the first, led by its field.
 */
export class NoteProblems {
  readonly errors: Record<string, string> = {};
  add(field: string, message: string) {
    this.errors[field] ??= message;
  }
  get any(): boolean {
    return Object.keys(this.errors).length > 0;
  }
  throwIfAny() {
    const first = Object.entries(this.errors)[0];
    if (!first) return;
    const [field, message] = first;
    throw new HttpError(400, message.startsWith(field) ? message : `${field}: ${message}`, this.errors);
  }
}

/** Ambient air in a plant room or outdoors; beyond this range the value is a typing mistake. */
export const AMBIENT_RANGE_C = { min: -60, max: 100 } as const;

/** An ambient temperature as sent: a number or its text (the form's field); '' or null is none. */
export function ambientTemperatureOf(value: unknown, field: string, problems: NoteProblems): number | null {
  if (value === null || value === undefined || (typeof value === 'string' && value.trim() === '')) return null;
  const parsed = parseCelsius(value);
  if (parsed === null) {
    problems.add(field, `${field} must be a temperature in °C`);
    return null;
  }
  if (parsed < AMBIENT_RANGE_C.min || parsed > AMBIENT_RANGE_C.max) {
    problems.add(field, `${field} must be between ${AMBIENT_RANGE_C.min} and ${AMBIENT_RANGE_C.max} °C`);
    return null;
  }
  return parsed;
}

/** A load above this (% of rated) is a typing mistake: a breaker trips long before. */
export const MAX_LOAD_PERCENT = 500;

/** The load at the time of the scan as sent: % of rated, a number or its text; '' or null is none. */
export function loadPercentOf(value: unknown, field: string, problems: NoteProblems): number | null {
  if (value === null || value === undefined || (typeof value === 'string' && value.trim() === '')) return null;
  const parsed = typeof value === 'number' ? value : typeof value === 'string' && /^\s*\d+([.,]\d+)?\s*%?\s*$/.test(value) ? Number(value.replace(',', '.').replace('%', '')) : NaN;
  if (!Number.isFinite(parsed) || parsed < 0 || parsed > MAX_LOAD_PERCENT) {
    problems.add(field, `${field} must be a load from 0 to ${MAX_LOAD_PERCENT} % of rated`);
    return null;
  }
  return parsed;
}
