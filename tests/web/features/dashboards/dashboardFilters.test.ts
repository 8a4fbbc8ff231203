import { describe, expect, it } from 'vitest';
import { daysOf, type DashboardFilter } from '../../../../common/resources/dashboard';
import {
  currentRange,
  filtersReady,
  fitsFilter,
  initialDashboardFilterValue,
  rangePresets,
  widgetFilterQuery,
} from '../../../../src/features/dashboards/dashboardFilters';
import { chartPick, navigationPath, rowPick } from '../../../../src/features/dashboards/widgetNavigation';

const noon = new Date(2026, 10, 23, 12, 0, 0).getTime();
const period = (defaultValue: string, values = ''): DashboardFilter => ({ name: 'period', type: 'date-range', options: { label: 'Period', defaultValue, values } });
const site: DashboardFilter = { name: 'site', type: 'select', options: { label: 'Site', defaultValue: 'North', values: ' North, South ,,North' } };

describe('dashboard filters', () => {
  it("starts a date range '{n} days' back from today, whether written '30' or '30 days'; else the last week", () => {
    expect(initialDashboardFilterValue(period('30'), noon)).toEqual({ start: '2026-10-24', end: '2026-11-23', days: 30 });
    expect(initialDashboardFilterValue(period('7 days'), noon)).toEqual({ start: '2026-11-16', end: '2026-11-23', days: 7 });
    expect(initialDashboardFilterValue(period('soon'), noon)).toEqual({ start: '2026-11-16', end: '2026-11-23', days: 7 });
    expect(daysOf('1 day')).toBe(1);
    expect(daysOf('-3')).toBeNull();
  });

  it('starts a select at its default when that is one of its values, else at all', () => {
    expect(initialDashboardFilterValue(site)).toBe('North');
    expect(initialDashboardFilterValue({ ...site, options: { ...site.options, defaultValue: 'East' } })).toBe('');
  });

  it('offers the day presets of a range (its values and default), sorted and distinct', () => {
    expect(rangePresets(period('30', '90, 7,x,30'))).toEqual([7, 30, 90]);
  });

  it('sends a range as start of the first day | end of the last; a rolling range moves on with the date', () => {
    const value = initialDashboardFilterValue(period('1'), noon);
    const query = widgetFilterQuery([period('1'), site], ['period'], { period: value, site: 'North' }, noon);
    expect(query).toEqual({ period: `${new Date(2026, 10, 22).getTime()}|${new Date(2026, 10, 23, 23, 59, 59, 999).getTime()}` });
    const nextDay = noon + 86_400_000;
    expect(currentRange(value as never, nextDay)).toEqual({ start: '2026-11-23', end: '2026-11-24', days: 1 });
    const typed = { start: '2026-01-01', end: '2026-01-31', days: null };
    expect(currentRange(typed, nextDay)).toBe(typed);
    expect(widgetFilterQuery([site], ['site'], { site: '' })).toEqual({});
  });

  it('holds widgets back until every filter they receive has initialised', () => {
    expect(filtersReady([], {})).toBe(true);
    expect(filtersReady(['period', 'site'], { period: { start: '', end: '', days: 7 } })).toBe(false);
    expect(filtersReady(['period', 'site'], { period: { start: '', end: '', days: 7 }, site: '' })).toBe(true);
  });

  it('accepts a value remembered from earlier only when it still fits the filter', () => {
    expect(fitsFilter(site, 'South')).toBe(true);
    expect(fitsFilter(site, 'Mars')).toBe(false);
    expect(fitsFilter(period('7'), { start: '2026-01-01', end: '2026-01-02', days: null })).toBe(true);
    expect(fitsFilter(period('7'), { start: 'yesterday', end: '2026-01-02', days: null })).toBe(false);
  });
});

describe('widget navigation', () => {
  it("opens the navigation table with the section's filters (a range as dateRange) and the pick on top", () => {
    const values = { period: { start: '2026-11-01', end: '2026-11-02', days: null }, site: 'North' };
    const path = navigationPath({ type: 'thermography', table: 't 1' }, [period('7'), site], ['period', 'site'], values, { search: 'Pump 3' });
    const [pathname, search] = path.split('?');
    expect(pathname).toBe('/home/thermographyNote/table/t%201');
    const params = new URLSearchParams(search);
    expect(params.get('dateRange')).toBe(`${new Date(2026, 10, 1).getTime()}|${new Date(2026, 10, 2, 23, 59, 59, 999).getTime()}`);
    expect(params.get('site')).toBe('North');
    expect(params.get('search')).toBe('Pump 3');
    expect(navigationPath({ type: 'alert', table: null }, [], [], {}, null)).toBe('/home/alert/table');
  });

  it("picks a chart label's navigation, else its label as the search; a row's navigation, else its first cell", () => {
    expect(chartPick([{ status: 'open' }, null], ['High', 'Low'], 0)).toEqual({ status: 'open' });
    expect(chartPick([{ status: 'open' }, null], ['High', 'Low'], 1)).toEqual({ search: 'Low' });
    expect(rowPick({ asset: 'Pump', navigation: { asset: 'a1', n: 2 } }, 'asset')).toEqual({ asset: 'a1', n: '2' });
    expect(rowPick({ asset: 'Pump' }, 'asset')).toEqual({ search: 'Pump' });
    expect(rowPick({ count: 3 }, 'count')).toEqual({});
  });
});
