import { describe, expect, it } from 'vitest';
import { en } from '../../../../src/platform/i18n/en';
import { filterQuery, initialFilterValues, presetsOf } from '../../../../src/features/calendar/calendarFilters';
import { draftProblem, newEntryDraft, withTimed } from '../../../../src/features/calendar/entryDraft';
import { entryColor, entryTitle } from '../../../../src/features/calendar/entryColor';

const messageOf = (key: string | null) => (key === null ? null : key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], en));

describe('calendar entry validation, in spec §5 order', () => {
  const at = (text: string) => new Date(text).getTime();
  // Each message shows when every check before it passes, whatever the later ones would say.
  it.each([
    [{ start: null, end: null }, 'Start date is not set'],
    [{ start: null, end: at('2026-03-01T00:00') }, 'Start date is not set'],
    [{ start: at('2026-03-05T00:00'), end: null }, 'End date is not set'],
    [{ start: at('2026-03-05T10:00'), end: at('2026-03-05T09:59') }, 'End date should be the same or should be after the start date'],
    [{ start: at('2026-03-05T10:00'), end: at('2026-03-05T10:00') }, null],
    [{ start: at('2026-03-05T10:00'), end: at('2026-03-06T08:00') }, null],
  ])('%o → %s', (draft, message) => {
    expect(messageOf(draftProblem(draft))).toBe(message);
  });
});

describe('a new entry', () => {
  const types = [{ _id: 't1', name: 'Shutdown' }, { _id: 't2', name: 'Contractor visit' }];

  it('on a time lasts an hour; on a day, the whole day; the first type is chosen', () => {
    const at = new Date(2026, 2, 5, 14, 15);
    expect(newEntryDraft({ date: at, timed: true }, types, [])).toMatchObject({ type: 't1', timed: true, start: at.getTime(), end: at.getTime() + 3_600_000 });
    expect(newEntryDraft({ date: at, timed: false }, types, [])).toMatchObject({
      timed: false,
      start: new Date(2026, 2, 5).getTime(),
      end: new Date(2026, 2, 5, 23, 59, 59, 999).getTime(),
    });
  });

  it('turned into a whole-day entry spans the days its times fall on', () => {
    const timed = { name: '', type: 't1', timed: true, start: new Date(2026, 2, 5, 14, 15).getTime(), end: new Date(2026, 2, 6, 9, 0).getTime(), customAttributes: {} };
    expect(withTimed(timed, false)).toMatchObject({ start: new Date(2026, 2, 5).getTime(), end: new Date(2026, 2, 6, 23, 59, 59, 999).getTime() });
  });
});

describe('filters', () => {
  const filters = [
    { key: 'site', label: 'Site', values: ['North', 'South'], defaultValue: 'North' },
    { key: 'type', label: 'Type', values: ['Shutdown', 'Training'], defaultValue: '' },
    { key: 'trade', label: 'Trade', values: ['HVAC'], defaultValue: '' },
  ];

  it('preset a new entry, so it appears in the view it was added to', () => {
    const definitions = [
      { key: 'site', label: 'Site', values: ['North', 'South'] },
      { key: 'trade', label: 'Trade', multiSelect: true, values: ['HVAC', 'Electrical'] },
      { key: 'contractor', label: 'Contractor' },
    ];
    const types = [{ _id: 't1', name: 'Shutdown' }, { _id: 't2', name: 'Training' }];
    expect(presetsOf({ site: 'North', type: 'Training', trade: 'HVAC' }, definitions, types)).toEqual({ type: 't2', customAttributes: { site: 'North', trade: ['HVAC'] } });
    expect(presetsOf({ site: '', type: '' }, definitions, types)).toEqual({ customAttributes: {} });
    const draft = newEntryDraft({ date: new Date(2026, 2, 5), timed: false }, types, definitions, presetsOf({ site: 'South', type: 'Training' }, definitions, types));
    expect(draft).toMatchObject({ type: 't2', customAttributes: { site: 'South', trade: [], contractor: '' } });
  });

  it('start at their default values, and only chosen ones are sent', () => {
    const values = initialFilterValues(filters);
    expect(values).toEqual({ site: 'North', type: '', trade: '' });
    expect(filterQuery(values)).toEqual({ site: 'North' });
    expect(filterQuery({ ...values, site: '', trade: 'HVAC' })).toEqual({ trade: 'HVAC' });
  });
});

describe("an entry's colour and title", () => {
  const types = [{ _id: 't1', name: 'Shutdown', color: '#d32f2f' }, { _id: 't2', name: 'Visit' }];
  it.each([
    [{ color: '#1976d2', type: 't1' }, '#1976d2'],
    [{ color: null, type: 't1' }, '#d32f2f'],
    // Not a CSS colour: ignored, the type's colour counts.
    [{ color: 'red;background:url(x)', type: 't1' }, '#d32f2f'],
    [{ color: null, type: 't2' }, undefined],
    [{ color: null, type: 'gone' }, undefined],
  ])('%o → %s', (entry, colour) => {
    expect(entryColor(entry, types)).toBe(colour);
  });

  it('is titled by its name, else its type', () => {
    expect(entryTitle({ name: 'Boiler shutdown', type: 't1' }, types)).toBe('Boiler shutdown');
    expect(entryTitle({ name: ' ', type: 't1' }, types)).toBe('Shutdown');
  });
});
