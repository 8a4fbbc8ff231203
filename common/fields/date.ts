import * as yup from 'yup';
import { formatDate } from '../formatTime';
import { registerFieldKind } from './fieldKind';

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A real calendar day written YYYY-MM-DD (no 2026-02-30). */
export function isCalendarDay(value: string): boolean {
  const [, year, month, day] = DAY.exec(value) ?? [];
  if (!year) return false;
  const date = new Date(Date.UTC(Number(year), Number(month) - 1, Number(day)));
  return date.getUTCFullYear() === Number(year) && date.getUTCMonth() === Number(month) - 1 && date.getUTCDate() === Number(day);
}

/** A calendar day (a warranty's end), YYYY-MM-DD as a date input gives it, or null: a PostgreSQL `date`. Shown YYYY/MM/DD (spec §9). */
export const dateField = registerFieldKind({
  name: 'date',
  schema(meta) {
    const schema = yup
      .string()
      .typeError(`${meta.label} must be a date (YYYY-MM-DD)`)
      .test('day', `${meta.label} must be a date (YYYY-MM-DD)`, (value) => value === undefined || value === null || isCalendarDay(value));
    return meta.required ? schema.required(`${meta.label} is required`) : schema.nullable().default(null);
  },
  column: () => ({ type: 'date' }),
  input: () => ({ control: 'date' }),
  // The day as written, not an instant: no zone moves it.
  text: (value) => (typeof value === 'string' && isCalendarDay(value) ? formatDate(Date.parse(`${value}T00:00:00Z`), 'UTC') : ''),
  sortValue: (value) => (typeof value === 'string' ? value : ''),
  searched: false,
  sheetValue: (value) => (typeof value === 'string' && isCalendarDay(value) ? new Date(`${value}T00:00:00Z`) : null),
  openApi: (meta) => ({ type: 'string', format: 'date', nullable: !meta.required }),
});
