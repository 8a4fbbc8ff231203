import { badRequest } from '../../http/errors';
import { parseDateRange } from '../tables/tableInput';

export type WidgetQuery = Record<string, string | string[] | undefined>;

/** A date-range filter's value on the wire: `start|end` in epoch ms (spec §7, as tables send dateRange). */
const RANGE = /^\s*-?\d+\s*\|\s*-?\d+\s*$/;

/**
 * Spec §7 writes the call as `GET /widget/{id}?filters`: besides one param per filter, a client
 * may send them all in one `filters` param holding a JSON object (as the work order list does).
 */
const FILTERS_PARAM = 'filters';

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** One filter's value as the script sees it: a `start|end` text as {start, end}, anything else as text. */
function filterValue(name: string, raw: string): unknown {
  return RANGE.test(raw) ? parseDateRange(raw, name) : raw;
}

/** The entries of a `filters` JSON object; a range may also come as {start, end}. */
function jsonFilters(text: string): [string, unknown][] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw badRequest(FILTERS_PARAM, 'filters must be a JSON object of filter values');
  }
  if (!isObject(parsed)) throw badRequest(FILTERS_PARAM, 'filters must be a JSON object of filter values');
  const entries: [string, unknown][] = [];
  for (const [name, value] of Object.entries(parsed)) {
    const field = `filters.${name}`;
    if (value === null || value === '') continue;
    if (typeof value === 'string') entries.push([name, filterValue(field, value)]);
    else if (typeof value === 'number' || typeof value === 'boolean') entries.push([name, String(value)]);
    else if (isObject(value) && 'start' in value && 'end' in value) entries.push([name, parseDateRange(`${String(value.start)}|${String(value.end)}`, field)]);
    else throw badRequest(field, `${field} must be a text, a number or a date range {start, end}`);
  }
  return entries;
}

/**
 * The filters as a widget script sees them (docs/dashboards.md): each query param by its filter's
 * name, a date range (`start|end`) as {start, end} with start ≤ end, every other value a string.
 * A `filters` param holding a JSON object is read as its entries; a param of its own wins.
 */
export function widgetScriptInput(query: WidgetQuery): Record<string, unknown> {
  const packed = query[FILTERS_PARAM];
  // A filter that happens to be named 'filters' still works: only a JSON object is unpacked.
  const packedJson = typeof packed === 'string' && packed.trimStart().startsWith('{');
  const entries = packedJson ? jsonFilters(packed) : [];
  for (const [name, raw] of Object.entries(query)) {
    if (raw === undefined || (name === FILTERS_PARAM && packedJson)) continue;
    if (Array.isArray(raw)) throw badRequest(name, `${name} must be given once`);
    entries.push([name, filterValue(name, raw)]);
  }
  // fromEntries defines each name as an own property: a filter named __proto__ stays a plain value.
  return Object.fromEntries(entries);
}
