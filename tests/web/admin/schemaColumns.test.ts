import { describe, expect, it } from 'vitest';
import { describedFields, field } from '../../../common/fields';
import { strictObject } from '../../../common/resources/schemaParts';
import { buildSearchIndex, searchRows } from '../../../src/shared/ui/recordTable/tableSearch';
import { fieldColumn, usedByColumn } from '../../../src/admin/mechanism/schemaColumns';

type Row = { id: string; active?: boolean; since?: string | null; tags?: string[]; owner?: string | null; quantity?: number | null; criticality?: string };
const translate = (key: string) => ({ 'app.admin.yes': 'Yes', 'app.admin.no': 'No' })[key] ?? key;

const schema = strictObject({
  active: field.yesNo('Active'),
  since: field.date('Since'),
  tags: field.tags('Tags'),
  owner: field.reference('Owner', 'script'),
  quantity: field.integer('Quantity', { unit: 'pcs' }),
  criticality: field.choice('Criticality', ['low', 'medium', 'high']),
});
const columnOf = (name: string) => {
  const described = describedFields(schema).find((entry) => entry.field === name)!;
  return fieldColumn<Row>(described, described.meta.label, { translate, names: new Map([['script', new Map([['s1', 'Overdue schedules']])]]), timeZone: 'UTC' });
};

/** Column kinds of declared resources (docs/resources.md), expected values by hand. */
describe('derived column kinds', () => {
  it('yes/no: shows Yes/No, sorts no before yes, and is not searched', () => {
    const column = columnOf('active');
    expect([{ id: 'a', active: true }, { id: 'b', active: false }].map((row) => column.render?.(row))).toEqual(['Yes', 'No']);
    expect(column.sortValue?.({ id: 'b', active: false })).toBeLessThan(column.sortValue?.({ id: 'a', active: true }) as number);
    expect(column.searchText?.({ id: 'a', active: true })).toBe('');
  });

  it('date: YYYY-MM-DD shown as spec §9 YYYY/MM/DD, sorted by day, searched as shown', () => {
    const column = columnOf('since');
    expect(column.render?.({ id: 'a', since: '2026-03-09' })).toBe('2026/03/09');
    expect(column.render?.({ id: 'b', since: null })).toBe('');
    expect(column.sortValue?.({ id: 'a', since: '2026-03-09' })).toBe('2026-03-09');
    expect(column.searchText?.({ id: 'a', since: '2026-03-09' })).toBe('2026/03/09');
  });

  it('tags: comma-joined', () => {
    expect(columnOf('tags').render?.({ id: 'a', tags: ['pump', 'north'] })).toBe('pump, north');
  });

  it('reference: the names of the records named, unknown ids dropped, searched by name', () => {
    const column = columnOf('owner');
    expect(column.render?.({ id: 'a', owner: 's1' })).toBe('Overdue schedules');
    expect(column.render?.({ id: 'b', owner: 'gone' })).toBe('');
    const rows: Row[] = [{ id: 'a', owner: 's1' }, { id: 'b', owner: null }];
    const index = buildSearchIndex(rows, (row) => column.searchText?.(row) ?? '');
    expect(searchRows(rows, index, 'overdue').map((row) => row.id)).toEqual(['a']);
  });

  it('integer: with its unit, right-aligned, sorted by value (2 before 10)', () => {
    const column = columnOf('quantity');
    expect(column.render?.({ id: 'a', quantity: 10 })).toBe('10 pcs');
    expect(column.align).toBe('right');
    expect(Number(column.sortValue?.({ id: 'a', quantity: 2 }))).toBeLessThan(Number(column.sortValue?.({ id: 'b', quantity: 10 })));
  });

  it('choice: sorted in its options’ order, not the alphabet’s', () => {
    const column = columnOf('criticality');
    const rows = ['medium', 'high', 'low'].map((criticality, i) => ({ id: String(i), criticality }));
    expect([...rows].sort((a, b) => Number(column.sortValue?.(a)) - Number(column.sortValue?.(b))).map((row) => row.criticality)).toEqual(['low', 'medium', 'high']);
  });
});

/** A column of the records naming a row (a table's Roles, an attribute's Checklists), expected values by hand. */
describe('used-by columns', () => {
  const archivedTranslate = (key: string, options?: { name?: string }) => (key === 'app.archive.archived_name' ? `${options?.name} (archived)` : key);
  const checklists = [
    { id: 'c1', name: 'Weekly', items: ['a1', 'a2', 'a1'] },
    { id: 'c2', name: 'Annual', items: ['a1'], archivedAt: 5 },
    { id: 'c3', name: 'Daily', items: ['a2'] },
  ];
  const column = usedByColumn<{ id: string }>(
    { key: 'checklists', label: 'Checklists', resource: 'checklist', fields: ['name', 'items'], refersTo: (checklist) => checklist.items as string[] },
    'Checklists',
    checklists,
    archivedTranslate,
  );

  it('names each referrer once, in the order of the names, archived ones marked', () => {
    expect(column.sortValue?.({ id: 'a1' })).toBe('Annual (archived), Weekly');
    expect(column.sortValue?.({ id: 'a2' })).toBe('Daily, Weekly');
    expect(column.sortValue?.({ id: 'a3' })).toBe('');
  });

  it('names a referrer as the declaration says, and draws the names as it says', () => {
    const users = [{ id: 'u1', name: '', username: 'zoe', permissions: ['p1'] }, { id: 'u2', name: 'Ada', username: 'ada', permissions: ['p1'] }];
    const byUsername = usedByColumn<{ id: string }>(
      { key: 'users', label: 'Users', resource: 'user', fields: ['name'], refersTo: (user) => user.permissions as string[], shownAs: (user) => String(user.name || user.username), render: (names) => names.length },
      'Users',
      users,
      archivedTranslate,
    );
    expect(byUsername.sortValue?.({ id: 'p1' })).toBe('Ada, zoe');
    expect(byUsername.render?.({ id: 'p1' })).toBe(2);
  });
});
