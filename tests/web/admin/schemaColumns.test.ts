import { describe, expect, it } from 'vitest';
import { buildSearchIndex, searchRows } from '../../../src/shared/ui/recordTable/tableSearch';
import { chipsColumn, dateColumn, referenceColumn, yesNoColumn } from '../../../src/admin/mechanism/schemaColumns';

type Row = { id: string; active?: boolean; since?: string | null; tags?: string[]; owner?: string | null };
const translate = (key: string) => ({ 'app.admin.yes': 'Yes', 'app.admin.no': 'No' })[key] ?? key;

/** Column kinds of declared resources (docs/resources.md), expected values by hand. */
describe('derived column kinds', () => {
  it('yes/no: shows Yes/No, sorts no before yes, and is not searched', () => {
    const column = yesNoColumn<Row>('active', 'Active', translate);
    expect([{ id: 'a', active: true }, { id: 'b', active: false }].map((row) => column.render?.(row))).toEqual(['Yes', 'No']);
    expect(column.sortValue?.({ id: 'b', active: false })).toBeLessThan(column.sortValue?.({ id: 'a', active: true }) as number);
    expect(column.searchText?.({ id: 'a', active: true })).toBe('');
  });

  it('date: YYYY-MM-DD shown as spec §9 YYYY/MM/DD, sorted by day, searched as shown', () => {
    const column = dateColumn<Row>('since', 'Since');
    expect(column.render?.({ id: 'a', since: '2026-03-09' })).toBe('2026/03/09');
    expect(column.render?.({ id: 'b', since: null })).toBe('');
    expect(column.sortValue?.({ id: 'a', since: '2026-03-09' })).toBe('2026-03-09');
    expect(column.searchText?.({ id: 'a', since: '2026-03-09' })).toBe('2026/03/09');
  });

  it('chips: comma-joined', () => {
    expect(chipsColumn<Row>('tags', 'Tags').render?.({ id: 'a', tags: ['pump', 'north'] })).toBe('pump, north');
  });

  it('reference: the names of the records named, unknown ids dropped, searched by name', () => {
    const column = referenceColumn<Row>('owner', 'Owner', new Map([['s1', 'Overdue schedules']]));
    expect(column.render?.({ id: 'a', owner: 's1' })).toBe('Overdue schedules');
    expect(column.render?.({ id: 'b', owner: 'gone' })).toBe('');
    const rows: Row[] = [{ id: 'a', owner: 's1' }, { id: 'b', owner: null }];
    const index = buildSearchIndex(rows, (row) => String(column.sortValue?.(row) ?? ''));
    expect(searchRows(rows, index, 'overdue').map((row) => row.id)).toEqual(['a']);
  });
});
