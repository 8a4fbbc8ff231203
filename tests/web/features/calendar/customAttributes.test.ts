import { describe, expect, it } from 'vitest';
import type { CalendarFieldDefinition } from '../../../../src/features/calendar/calendarConfig';
import { attributesForEdit, attributesToSave, fieldKind, initialAttributes, isReadOnly, optionsOf, withAttribute } from '../../../../src/features/calendar/customAttributes';

// Definitions as an administrator writes them in Configuration (spec §3 Calendar config).
const definitions: CalendarFieldDefinition[] = [
  { key: 'site', label: 'Site', values: ['North', 'South'] },
  { key: 'building', label: 'Building', dependsOn: 'site', dependentMappings: { North: ['N1', 'N2'], South: ['S1'] } },
  { key: 'room', label: 'Room', dependsOn: 'building', dependentMappings: { N1: ['N1-101', 'N1-102'], N2: ['N2-201'], S1: ['S1-001'] } },
  { key: 'trades', label: 'Trades', multiSelect: true, values: ['Electrical', 'Mechanical', 'HVAC'] },
  { key: 'zones', label: 'Zones', multiSelect: true, dependsOn: 'trades', dependentMappings: { Electrical: ['Z1', 'Z2'], HVAC: ['Z2', 'Z3'] } },
  { key: 'contractor', label: 'Contractor' },
  { key: 'crew', label: 'Crew size', type: 'number' },
  { key: 'permitDate', label: 'Permit date', type: 'date' },
];
const definition = (key: string) => definitions.find((candidate) => candidate.key === key)!;

describe('dependent dropdown options (spec §2.7 dependsOn / dependentMappings)', () => {
  it('offers dependentMappings[value of the attribute it depends on], nothing while that is unset', () => {
    expect(optionsOf(definition('building'), { site: null })).toEqual([]);
    expect(optionsOf(definition('building'), { site: 'North' })).toEqual(['N1', 'N2']);
    expect(optionsOf(definition('building'), { site: 'South' })).toEqual(['S1']);
    // A value the mappings do not name offers nothing.
    expect(optionsOf(definition('building'), { site: 'East' })).toEqual([]);
    // Without dependsOn: its own values.
    expect(optionsOf(definition('site'), {})).toEqual(['North', 'South']);
  });

  it('below a multi-select offers the options of every chosen value, each once', () => {
    expect(optionsOf(definition('zones'), { trades: ['Electrical', 'HVAC'] })).toEqual(['Z1', 'Z2', 'Z3']);
    expect(optionsOf(definition('zones'), { trades: ['Mechanical'] })).toEqual([]);
  });

  it('clears a dependent value that the new parent no longer offers, on down the chain', () => {
    const chosen = { ...initialAttributes(definitions), site: 'North', building: 'N1', room: 'N1-102' };
    const moved = withAttribute(definitions, chosen, 'site', 'South');
    expect(moved.site).toBe('South');
    expect(moved.building).toBeNull();
    expect(moved.room).toBeNull();
  });

  it('clears the chain when the parent is cleared', () => {
    const chosen = { ...initialAttributes(definitions), site: 'North', building: 'N2', room: 'N2-201' };
    expect(withAttribute(definitions, chosen, 'site', null)).toMatchObject({ site: null, building: null, room: null });
  });

  it('keeps a dependent value the new parent still offers', () => {
    const chosen = { ...initialAttributes(definitions), site: 'North', building: 'N1', room: 'N1-101' };
    expect(withAttribute(definitions, chosen, 'site', 'North')).toMatchObject({ building: 'N1', room: 'N1-101' });
    // Another building of the same site: the room goes, the site stays.
    expect(withAttribute(definitions, chosen, 'building', 'N2')).toMatchObject({ site: 'North', building: 'N2', room: null });
  });

  it('drops only the options a multi-select dependent lost', () => {
    const chosen = { ...initialAttributes(definitions), trades: ['Electrical', 'HVAC'], zones: ['Z1', 'Z3'] };
    expect(withAttribute(definitions, chosen, 'trades', ['HVAC']).zones).toEqual(['Z3']);
    expect(withAttribute(definitions, chosen, 'trades', []).zones).toEqual([]);
  });
});

describe('fields built from the definitions', () => {
  it.each([
    ['site', 'dropdown'],
    ['building', 'dropdown'],
    ['trades', 'multiSelect'],
    ['zones', 'multiSelect'],
    // No type: text (spec §3 "type number or text with default text").
    ['contractor', 'text'],
    ['crew', 'number'],
    ['permitDate', 'date'],
  ])('%s is a %s field', (key, kind) => {
    expect(fieldKind(definition(key))).toBe(kind);
  });

  it('a new entry starts empty: no option of a multi-select, empty text, nothing else', () => {
    expect(initialAttributes(definitions)).toEqual({
      site: null, building: null, room: null, trades: [], zones: [], contractor: '', crew: null, permitDate: null,
    });
  });

  it('an existing entry fills every field and keeps values of fields no longer defined', () => {
    expect(attributesForEdit(definitions, { site: 'North', trades: 'HVAC', retired: 'kept' })).toMatchObject({
      site: 'North', building: null, trades: ['HVAC'], contractor: '', retired: 'kept',
    });
  });

  it('leaves empty values out of what is saved', () => {
    const attributes = { ...initialAttributes(definitions), site: 'North', contractor: 'Acme Ltd', crew: 0, trades: ['HVAC'], room: '  ' };
    expect(attributesToSave(attributes)).toEqual({ site: 'North', contractor: 'Acme Ltd', crew: 0, trades: ['HVAC'] });
  });

  it('fixes updateReadOnlyFields only once the entry exists', () => {
    expect(isReadOnly('site', ['site'], false)).toBe(false);
    expect(isReadOnly('site', ['site'], true)).toBe(true);
    expect(isReadOnly('building', ['site'], true)).toBe(false);
  });
});
