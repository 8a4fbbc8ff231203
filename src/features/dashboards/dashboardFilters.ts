import { daysOf, splitFilterValues, type DashboardFilter } from '../../../common/resources/dashboard';
import type { QueryValue } from '../../platform/dataProvider/apiBase';
import { dayTextToEpoch, orderRange, toDayText, type DateRangeValue } from '../tables/tableFilters';

/**
 * The rules of dashboard filters (spec §3, §4, §9), free of React. A date range is kept as the
 * date inputs' YYYY-MM-DD text and sent as `start|end` epoch ms (start of the first day, end of the
 * last), as table filters are; a select as its value ('' = all, not sent).
 */
/**
 * A date range chosen as '{n} days' keeps `days`: it rolls forward with the calendar (a wall board
 * runs for days); one typed in by dates has `days` null and stays put.
 */
export interface DashboardRange extends DateRangeValue {
  days: number | null;
}

export type DashboardFilterValue = string | DashboardRange;
export type DashboardFilterValues = Record<string, DashboardFilterValue>;

const DAY_MS = 86_400_000;
/** A date range without a usable default shows the last week. */
export const DEFAULT_RANGE_DAYS = 7;


/** A select's choices: its comma-separated `values`. */
export function selectChoices(filter: DashboardFilter): string[] {
  return [...new Set(splitFilterValues(filter.options.values))];
}


/** A date range's presets ('{n} days' buttons): its `values` read as day counts, the default among them. */
export function rangePresets(filter: DashboardFilter): number[] {
  const days = splitFilterValues(filter.options.values)
    .map(daysOf)
    .filter((n): n is number => n !== null && n > 0);
  const fallback = daysOf(filter.options.defaultValue);
  if (fallback !== null && fallback > 0) days.push(fallback);
  return [...new Set(days)].sort((a, b) => a - b);
}

/** Spec §9: '{n} days' back from today — from n days before today to today (local days: the device's, or `timeZone`'s). */
export function lastDays(days: number, now: number = Date.now(), timeZone?: string): DashboardRange {
  return { start: toDayText(now - days * DAY_MS, timeZone), end: toDayText(now, timeZone), days };
}

/** The range as of `now`: a '{n} days' one moved on to end today. */
export function currentRange(range: DashboardRange, now: number = Date.now()): DashboardRange {
  return range.days === null ? range : lastDays(range.days, now);
}

/** What a filter starts with: a date range its default days back from today (in `timeZone`, when given), a select its default if it is a choice. */
export function initialDashboardFilterValue(filter: DashboardFilter, now: number = Date.now(), timeZone?: string): DashboardFilterValue {
  if (filter.type === 'date-range') return lastDays(daysOf(filter.options.defaultValue) ?? DEFAULT_RANGE_DAYS, now, timeZone);
  const wanted = (filter.options.defaultValue ?? '').trim();
  return selectChoices(filter).includes(wanted) ? wanted : '';
}

/** The query of GET /widget/{id} for the filters a section's widgets receive. */
export function widgetFilterQuery(
  filters: readonly DashboardFilter[],
  names: readonly string[],
  values: DashboardFilterValues,
  now: number = Date.now(),
): Record<string, QueryValue> {
  const query: Record<string, QueryValue> = {};
  for (const name of names) {
    const filter = filters.find((candidate) => candidate.name === name);
    const value = values[name];
    if (!filter || value === undefined) continue;
    if (filter.type === 'date-range' && typeof value === 'object') {
      const range = orderRange(currentRange(value, now));
      const start = dayTextToEpoch(range.start);
      const end = dayTextToEpoch(range.end, true);
      if (start !== null && end !== null) query[name] = `${start}|${end}`;
    } else if (typeof value === 'string' && value !== '') {
      query[name] = value;
    }
  }
  return query;
}

/** Spec §4: a widget loads only once every filter it receives holds its initial value. */
export function filtersReady(names: readonly string[], values: DashboardFilterValues): boolean {
  return names.every((name) => Object.hasOwn(values, name));
}

const storageKey = (dashboardId: string) => `dashboardFilters:${dashboardId}`;

/** The values chosen on a dashboard this browser session, so coming back from a table keeps them. */
export function loadChosenFilters(dashboardId: string): DashboardFilterValues {
  try {
    const parsed: unknown = JSON.parse(sessionStorage.getItem(storageKey(dashboardId)) ?? '{}');
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as DashboardFilterValues) : {};
  } catch {
    return {};
  }
}

export function saveChosenFilters(dashboardId: string, values: DashboardFilterValues): void {
  try {
    sessionStorage.setItem(storageKey(dashboardId), JSON.stringify(values));
  } catch {
    // Storage off or full: the dashboard works, it forgets on reload.
  }
}

/** A stored value still fits the filter (a select's value among its choices, a range of two days). */
export function fitsFilter(filter: DashboardFilter, value: unknown): value is DashboardFilterValue {
  if (filter.type === 'date-range') {
    const range = value as Partial<DashboardRange> | null;
    return (
      typeof range === 'object' &&
      range !== null &&
      dayTextToEpoch(range.start ?? '') !== null &&
      dayTextToEpoch(range.end ?? '') !== null &&
      (range.days === null || (typeof range.days === 'number' && range.days >= 0))
    );
  }
  return typeof value === 'string' && (value === '' || selectChoices(filter).includes(value));
}
