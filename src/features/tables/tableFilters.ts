import type { QueryValue } from '../../platform/dataProvider/apiBase';
import { clockParts } from '../../../common/formatTime';
import type { FilterOption, TableFilter } from './tableDefinition';

/**
 * The filter rules of the generic table screen (spec §2.5, §5, §7), free of React: what each
 * filter starts with, how a date range keeps start ≤ end, and what the GET /table/{id} query holds.
 * Dates are kept as the inputs' YYYY-MM-DD text (spec §9) and sent as epoch ms.
 */
export interface DateRangeValue {
  start: string;
  end: string;
}

export type FilterValue = string | DateRangeValue;
export type FilterValues = Record<string, FilterValue>;

const DAY_TEXT = /^\d{4}-\d{2}-\d{2}$/;
const pad = (n: number) => String(n).padStart(2, '0');

/** Local calendar day of an epoch-ms instant as YYYY-MM-DD: the device's, or `timeZone`'s where drawn elsewhere (formatTime.ts). */
export function toDayText(epochMs: number, timeZone?: string): string {
  const { year, month, day } = clockParts(epochMs, timeZone);
  return `${year}-${pad(month)}-${pad(day)}`;
}

/** Local midnight (or the day's last millisecond) of a YYYY-MM-DD text; null when it is not one. */
export function dayTextToEpoch(text: string, endOfDay = false): number | null {
  if (!DAY_TEXT.test(text)) return null;
  const [year, month, day] = text.split('-').map(Number) as [number, number, number];
  const date = endOfDay ? new Date(year, month - 1, day, 23, 59, 59, 999) : new Date(year, month - 1, day);
  return date.getMonth() === month - 1 ? date.getTime() : null;
}

/** A default given as epoch ms, a numeric string, an ISO date or YYYY-MM-DD; '' when none. */
function dayTextOf(value: unknown): string {
  if (typeof value === 'number' && Number.isFinite(value)) return toDayText(value);
  if (typeof value !== 'string' || value.trim() === '') return '';
  const text = value.trim();
  if (DAY_TEXT.test(text)) return text;
  if (/^\d+$/.test(text)) return toDayText(Number(text));
  const parsed = Date.parse(text);
  return Number.isNaN(parsed) ? '' : toDayText(parsed);
}

/** Spec §5: a range whose start is after its end is swapped. Open ends are left as they are. */
export function orderRange(range: DateRangeValue): DateRangeValue {
  if (range.start && range.end && range.start > range.end) return { start: range.end, end: range.start };
  return range;
}

function rangeOf(value: unknown): DateRangeValue {
  let parts: unknown[] = [];
  if (Array.isArray(value)) parts = value;
  else if (typeof value === 'string') parts = value.split('|');
  else if (value && typeof value === 'object') {
    const object = value as { start?: unknown; end?: unknown };
    parts = [object.start, object.end];
  }
  return orderRange({ start: dayTextOf(parts[0]), end: dayTextOf(parts[1]) });
}

export function optionValue(option: FilterOption): string {
  return typeof option === 'object' ? String(option.value) : String(option);
}

export function optionLabel(option: FilterOption): string {
  return typeof option === 'object' ? String(option.label ?? option.text ?? option.value) : String(option);
}

/** What a filter shows before the user touches it: its defaultValue, read for its type. */
export function initialFilterValue(filter: TableFilter): FilterValue {
  if (filter.type === 'dateRange') return rangeOf(filter.defaultValue);
  if (filter.type === 'date') return dayTextOf(filter.defaultValue);
  const value = filter.defaultValue;
  if (value === undefined || value === null) return '';
  const text = String(value);
  // A default that is not among the options would show as a blank select; it is ignored.
  const options = filter.options ?? [];
  return options.length === 0 || options.some((option) => optionValue(option) === text) ? text : '';
}

/**
 * Whether a dropdown offers a blank entry meaning "no filter". A filter left out of the query
 * means its default to the script, so a dropdown with a default has no such entry: picking it
 * would quietly apply the default (the seeded Alerts table's 'Any' showed open alerts only). Such
 * a script offers its own option for everything (the Alerts table's 'All').
 */
export function offersNoFilter(filter: TableFilter): boolean {
  return initialFilterValue(filter) === '';
}

/**
 * What the filters start with: each one's default, or the value a link gave it (a dashboard widget
 * opening the table, `?dateRange=start|end&status=open`) read as the table would send it.
 */
export function initialFilterValues(filters: readonly TableFilter[] = [], linked: Readonly<Record<string, string>> = {}): FilterValues {
  return Object.fromEntries(
    filters.map((filter) => {
      const given = Object.hasOwn(linked, filter.name) ? linked[filter.name] : undefined;
      return [filter.name, initialFilterValue(given === undefined ? filter : { ...filter, defaultValue: given })];
    }),
  );
}

/**
 * The query of GET /table/{id} (and report downloads): a date as epoch ms, a dateRange as
 * `start|end` epoch ms (start of the first day, end of the last; swapped if need be), a dropdown as
 * its value. Empty filters are left out.
 */
export function filterQuery(filters: readonly TableFilter[] = [], values: FilterValues): Record<string, QueryValue> {
  const query: Record<string, QueryValue> = {};
  for (const filter of filters) {
    const value = values[filter.name];
    if (value === undefined) continue;
    if (filter.type === 'dateRange') {
      const range = orderRange(typeof value === 'string' ? rangeOf(value) : value);
      const start = dayTextToEpoch(range.start);
      const end = dayTextToEpoch(range.end, true);
      if (start !== null && end !== null) query[filter.name] = `${start}|${end}`;
    } else if (filter.type === 'date') {
      const day = dayTextToEpoch(typeof value === 'string' ? value : value.start);
      if (day !== null) query[filter.name] = day;
    } else if (typeof value === 'string' && value !== '') {
      query[filter.name] = value;
    }
  }
  return query;
}
