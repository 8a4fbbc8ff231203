import { describe, expect, it } from 'vitest';
import { sortRows, toggleSort, type SortTerm } from '../../../../src/shared/ui/recordTable/tableSort';
import { buildSearchIndex, searchRows } from '../../../../src/shared/ui/recordTable/tableSearch';

describe('multi-column sort (spec §2.9)', () => {
  it('adds a clicked column ascending, then makes it descending, then takes it out, keeping the others', () => {
    let sort: SortTerm[] = [{ field: 'name', order: 'asc' }];
    sort = toggleSort(sort, 'type');
    expect(sort).toEqual([{ field: 'name', order: 'asc' }, { field: 'type', order: 'asc' }]);
    sort = toggleSort(sort, 'name');
    expect(sort).toEqual([{ field: 'name', order: 'desc' }, { field: 'type', order: 'asc' }]);
    sort = toggleSort(sort, 'name');
    expect(sort).toEqual([{ field: 'type', order: 'asc' }]);
  });

  it('sorts by each term in turn, ignoring case, numbers numerically, empties last', () => {
    const rows = [
      { name: 'pump', type: 'b' },
      { name: 'Chiller', type: 'a' },
      { name: 'pump', type: 'a' },
      { name: '', type: 'a' },
      { name: 'Pump 10', type: 'a' },
      { name: 'Pump 9', type: 'a' },
    ];
    const sorted = sortRows(rows, [{ field: 'name', order: 'asc' }, { field: 'type', order: 'desc' }], (row, field) => row[field as 'name' | 'type']);
    expect(sorted.map((r) => `${r.name}/${r.type}`)).toEqual(['Chiller/a', 'pump/b', 'pump/a', 'Pump 9/a', 'Pump 10/a', '/a']);
  });
});

describe('table search', () => {
  it('matches any shown text case-insensitively and answers everything for a blank search', () => {
    const rows = [{ name: 'Boiler' }, { name: 'Chiller' }];
    const index = buildSearchIndex(rows, (row) => row.name);
    expect(searchRows(rows, index, 'CHILL')).toEqual([{ name: 'Chiller' }]);
    expect(searchRows(rows, index, '  ')).toHaveLength(2);
  });
});
