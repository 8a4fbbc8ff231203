import type { DashboardFilter } from '../../../common/resources/dashboard';
import type { WidgetNavigation, WidgetNavigationType } from '../../../common/resources/widget';
import { tablePath, type TableRouteSegment } from '../tables/tableDefinition';
import { widgetFilterQuery, type DashboardFilterValues } from './dashboardFilters';

const SEGMENTS: Record<WidgetNavigationType, TableRouteSegment> = {
  asset: 'asset',
  alert: 'alert',
  inspection: 'inspection',
  thermography: 'thermographyNote',
  checklist: 'checklist',
};

/**
 * Where a widget with navigation leads (spec §3 navigation {type, table}): its table screen (the
 * role's default table of the type when none is set) with the section's filters — a date range as
 * the table's `dateRange`, a select by its name — and what was clicked (a chart's per-label
 * navigation, a table row's `navigation`) on top. The table screen reads them as its filters;
 * `search` fills its search box.
 */
export function navigationPath(
  navigation: WidgetNavigation,
  filters: readonly DashboardFilter[],
  names: readonly string[],
  values: DashboardFilterValues,
  picked: Record<string, string> | null,
  now: number = Date.now(),
): string {
  const params = new URLSearchParams();
  const query = widgetFilterQuery(filters, names, values, now);
  for (const [name, value] of Object.entries(query)) {
    const filter = filters.find((candidate) => candidate.name === name);
    params.set(filter?.type === 'date-range' ? 'dateRange' : name, String(value));
  }
  for (const [name, value] of Object.entries(picked ?? {})) params.set(name, value);
  const text = params.toString();
  return `${tablePath(SEGMENTS[navigation.type], navigation.table ?? undefined)}${text ? `?${text}` : ''}`;
}

/** A chart's pick: the script's navigation for that label, else the label as the table's search. */
export function chartPick(navigation: (Record<string, string> | null)[] | undefined, labels: readonly string[], index: number): Record<string, string> {
  const given = navigation?.[index];
  if (given) return given;
  const label = labels[index];
  return label ? { search: label } : {};
}

/** A table row's pick: its `navigation` object, else the first shown cell as the search. */
export function rowPick(row: Record<string, unknown>, firstField: string | undefined): Record<string, string> {
  const given = row.navigation;
  if (given && typeof given === 'object' && !Array.isArray(given)) {
    return Object.fromEntries(Object.entries(given as Record<string, unknown>).map(([key, value]) => [key, String(value)]));
  }
  const value = firstField ? row[firstField] : undefined;
  return typeof value === 'string' && value !== '' ? { search: value } : {};
}
