import { clockParts } from './formatTime';

/**
 * What the two spreadsheet writers share (issue 40 §8): the server's XLSX reports and the tables'
 * Export to Excel in the browser. Times are real Excel dates shown in spec §9's formats, and each
 * column is as wide as its content.
 */

/**
 * Spec §9's YYYY/MM/DD hh:mm A and YYYY/MM/DD as Excel number formats. The slashes are escaped:
 * unescaped, Excel shows the reader's locale date separator instead (2026.03.10 in Germany).
 */
export const EXCEL_DATE_TIME_FORMAT = 'yyyy\\/mm\\/dd hh:mm AM/PM';
export const EXCEL_DATE_FORMAT = 'yyyy\\/mm\\/dd';

/**
 * An instant as an Excel date. Excel dates have no zone — a cell holds a wall clock — so the date
 * carries the wall clock of `timeZone` (the device's when undefined) in its UTC fields, which is
 * what exceljs writes.
 */
export function excelDateTime(epochMs: number, timeZone?: string): Date {
  const { year, month, day, hour, minute, second } = clockParts(epochMs, timeZone);
  return new Date(Date.UTC(year, month - 1, day, hour, minute, second));
}

/** The calendar day of an instant in `timeZone` as an Excel date (midnight). */
export function excelDay(epochMs: number, timeZone?: string): Date {
  const { year, month, day } = clockParts(epochMs, timeZone);
  return new Date(Date.UTC(year, month - 1, day));
}

export const MIN_COLUMN_WIDTH = 8;
export const MAX_COLUMN_WIDTH = 60;

/**
 * A column's width in characters from its heading and its cells as shown: the longest line plus
 * room for the filter button, 8 to 60; a column held at 60 wraps its text rather than run under
 * the next one.
 */
export function columnWidth(shown: Iterable<string>): { width: number; wraps: boolean } {
  let longest = 0;
  for (const text of shown) for (const line of text.split('\n')) longest = Math.max(longest, [...line].length);
  return { width: Math.min(MAX_COLUMN_WIDTH, Math.max(MIN_COLUMN_WIDTH, longest + 2)), wraps: longest + 2 > MAX_COLUMN_WIDTH };
}
