import { describe, expect, it } from 'vitest';
import { dayTextToEpoch, filterQuery, initialFilterValue, initialFilterValues, orderRange } from '../../../../src/features/tables/tableFilters';
import type { TableFilter } from '../../../../src/features/tables/tableDefinition';

const local = (y: number, m: number, d: number) => new Date(y, m - 1, d).getTime();
const endOf = (y: number, m: number, d: number) => new Date(y, m - 1, d, 23, 59, 59, 999).getTime();

describe('table filter rules (spec §2.5, §5, §7)', () => {
  it('swaps a date range whose start is after its end', () => {
    expect(orderRange({ start: '2026-03-10', end: '2026-03-01' })).toEqual({ start: '2026-03-01', end: '2026-03-10' });
    expect(orderRange({ start: '2026-03-01', end: '2026-03-10' })).toEqual({ start: '2026-03-01', end: '2026-03-10' });
    expect(orderRange({ start: '2026-03-10', end: '' })).toEqual({ start: '2026-03-10', end: '' });
  });

  it('sends a date range as start|end epoch ms, swapped when reversed', () => {
    const filters: TableFilter[] = [{ name: 'period', type: 'dateRange' }];
    expect(filterQuery(filters, { period: { start: '2026-03-10', end: '2026-03-01' } })).toEqual({
      period: `${local(2026, 3, 1)}|${endOf(2026, 3, 10)}`,
    });
  });

  it('reads defaults for each filter type', () => {
    expect(initialFilterValue({ name: 'r', type: 'dateRange', defaultValue: [local(2026, 5, 9), local(2026, 5, 2)] })).toEqual({ start: '2026-05-02', end: '2026-05-09' });
    expect(initialFilterValue({ name: 'r', type: 'dateRange', defaultValue: '2026-01-01|2026-01-31' })).toEqual({ start: '2026-01-01', end: '2026-01-31' });
    expect(initialFilterValue({ name: 'r', type: 'dateRange' })).toEqual({ start: '', end: '' });
    expect(initialFilterValue({ name: 'd', type: 'date', defaultValue: local(2026, 2, 14) })).toBe('2026-02-14');
    expect(initialFilterValue({ name: 'd', type: 'date', defaultValue: '2026-02-14' })).toBe('2026-02-14');
    expect(initialFilterValue({ name: 's', type: 'dropdown', options: ['Open', 'Closed'], defaultValue: 'Open' })).toBe('Open');
    expect(initialFilterValue({ name: 's', type: 'dropdown', options: [{ label: 'High', value: 3 }], defaultValue: 3 })).toBe('3');
    // A default that is not one of the options is ignored.
    expect(initialFilterValue({ name: 's', type: 'dropdown', options: ['Open'], defaultValue: 'Gone' })).toBe('');
  });

  it('builds the query from the defaults and leaves empty filters out', () => {
    const filters: TableFilter[] = [
      { name: 'day', type: 'date', defaultValue: '2026-02-14' },
      { name: 'status', type: 'dropdown', options: ['Open', 'Closed'], defaultValue: 'Closed' },
      { name: 'site', type: 'dropdown', options: ['A'] },
      { name: 'period', type: 'dateRange' },
    ];
    expect(filterQuery(filters, initialFilterValues(filters))).toEqual({ day: local(2026, 2, 14), status: 'Closed' });
  });

  it('rejects impossible days', () => {
    expect(dayTextToEpoch('2026-02-30')).toBeNull();
    expect(dayTextToEpoch('soon')).toBeNull();
  });
});
