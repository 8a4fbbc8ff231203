import { cssColorOrNone } from '../../../common/cssColor';
import { formatTimestamp } from '../../../common/formatTime';
import { htmlAsText } from '../../../common/storedHtml/htmlAsText';

/** Spec §2.5 special columns, by dataField. */
export const TIME_FIELDS = new Set(['timestamp', 'resolvedAt']);
export const REPORT_FORMAT_FIELDS = new Set(['download', 'formats']);

export interface SeverityLevel {
  text: string;
  color?: string;
}

// Colours reach CSS: one that is not a CSS colour is read as none (DESIGN §7). Script output is
// already checked by the server; alerts read from the API pass here too.
export function severityOf(value: unknown): SeverityLevel | null {
  if (!value || typeof value !== 'object') return null;
  const { text, color } = value as { text?: unknown; color?: unknown };
  if (text === undefined || text === null || text === '') return null;
  return { text: String(text), color: cssColorOrNone(color) };
}

/** A level cell holds an alert level ({name, color}) or just its colour; without a CSS colour only its name is left. */
export function levelOf(value: unknown): { name: string; color?: string } | null {
  if (typeof value === 'string' && value) return { name: value, color: cssColorOrNone(value) };
  if (value && typeof value === 'object') {
    const { name, color } = value as { name?: unknown; color?: unknown };
    const colour = cssColorOrNone(color);
    const shownName = typeof name === 'string' && name ? name : colour;
    if (shownName) return { name: shownName, color: colour };
  }
  return null;
}

function isTime(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value);
}

const HTML_TAG = /<\/?[a-z][a-z0-9]*(\s[^>]*)?\/?>/i;

/** Alert messages, HTML attribute values and script output may hold markup (rendered sanitised). */
export function looksLikeHtml(value: unknown): value is string {
  return typeof value === 'string' && HTML_TAG.test(value);
}


/**
 * A cell as plain text: what the search box matches and what the spreadsheet export writes.
 * `priority` renders a severity ('Priority {text}', spec §9); times are in `timeZone` (the phone's
 * own where not given: a screen the server draws gives the phone's, useTimeZone).
 */
export function cellText(dataField: string, value: unknown, priority: (text: string) => string, timeZone?: string): string {
  if (value === undefined || value === null) return '';
  if (TIME_FIELDS.has(dataField)) return isTime(value) ? formatTimestamp(value, timeZone) : String(value);
  if (dataField === 'severityLevel') {
    const severity = severityOf(value);
    return severity ? priority(severity.text) : '';
  }
  if (dataField === 'level') return levelOf(value)?.name ?? '';
  if (Array.isArray(value)) return value.map((item) => (typeof item === 'object' && item !== null ? JSON.stringify(item) : String(item))).join(', ');
  if (typeof value === 'object') {
    const named = value as { name?: unknown; text?: unknown };
    if (typeof named.name === 'string') return named.name;
    if (typeof named.text === 'string') return named.text;
    return JSON.stringify(value);
  }
  return looksLikeHtml(value) ? htmlAsText(value) : String(value);
}
