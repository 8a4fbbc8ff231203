import * as yup from 'yup';
import { formatTimestamp } from '../formatTime';
import { excelDateTime } from '../spreadsheetCells';
import { registerFieldKind } from './fieldKind';

/** Instants a record may hold: 1970 to 2999, in epoch milliseconds. */
const LATEST = Date.UTC(3000, 0, 1) - 1;

/** An instant (a delivery's arrival), epoch milliseconds as every time in the API, or null: shown in the phone's zone (spec §9). */
export const dateTimeField = registerFieldKind({
  name: 'dateTime',
  schema(meta) {
    const schema = yup
      .number()
      .typeError(`${meta.label} must be a time (milliseconds since 1970)`)
      .integer(`${meta.label} must be a time (milliseconds since 1970)`)
      .min(0, `${meta.label} must be a time (milliseconds since 1970)`)
      .max(LATEST, `${meta.label} must be before the year 3000`);
    return meta.required ? schema.required(`${meta.label} is required`) : schema.nullable().default(null);
  },
  column: () => ({ type: 'timestamp' }),
  input: () => ({ control: 'dateTime' }),
  text: (value, _meta, { timeZone }) => (typeof value === 'number' ? formatTimestamp(value, timeZone) : ''),
  sortValue: (value) => (typeof value === 'number' ? value : Number.NEGATIVE_INFINITY),
  searched: false,
  sheetValue: (value, _meta, { timeZone }) => (typeof value === 'number' ? excelDateTime(value, timeZone) : null),
  openApi: (meta) => ({ type: 'integer', minimum: 0, maximum: LATEST, nullable: !meta.required }),
});
