import { describe, expect, it } from 'vitest';
import { readCalendarConfig } from '../../../src/custom/calendarEntries/calendarConfig';
import { attributesToSave, initialAttributes, isReadOnly, optionsOf, withAttribute } from '../../../src/custom/calendarEntries/customAttributes';

// A config as an administrator writes it in Configuration (spec §3 Calendar config).
const config = readCalendarConfig({
  customFields: {
    definitions: [
      { key: 'site', label: 'Site', type: 'dropdown', values: ['North', 'South'] },
      { key: 'building', label: 'Building', type: 'dropdown', dependsOn: 'site', dependentMappings: { North: ['N1', 'N2'], South: ['S1'] } },
      { key: 'room', label: 'Room', type: 'dropdown', dependsOn: 'building', dependentMappings: { N1: ['N1-101', 'N1-102'], N2: ['N2-201'], S1: ['S1-001'] } },
      { key: 'trades', label: 'Trades', type: 'dropdown', multiSelect: true, values: ['Electrical', 'Mechanical', 'HVAC'] },
      { key: 'zones', label: 'Zones', type: 'dropdown', multiSelect: true, dependsOn: 'trades', dependentMappings: { Electrical: ['Z1', 'Z2'], HVAC: ['Z2', 'Z3'] } },
      { key: 'contractor', label: 'Contractor', type: 'text', defaultText: 'In-house' },
      { key: 'crew', label: 'Crew size', type: 'number', defaultText: '2' },
      { key: 'permitDate', label: 'Permit date', type: 'date' },
    ],
    updateReadOnlyFields: ['site'],
  },
});
const { definitions } = config.customFields;
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

  it('keeps a dependent value the new parent still offers', () => {
    const chosen = { ...initialAttributes(definitions), site: 'North', building: 'N1', room: 'N1-101' };
    // Re-choosing the same site changes nothing below it.
    expect(withAttribute(definitions, chosen, 'site', 'North')).toMatchObject({ building: 'N1', room: 'N1-101' });
  });

  it('drops only the options a multi-select dependent lost', () => {
    const chosen = { ...initialAttributes(definitions), trades: ['Electrical', 'HVAC'], zones: ['Z1', 'Z3'] };
    expect(withAttribute(definitions, chosen, 'trades', ['HVAC']).zones).toEqual(['Z3']);
    expect(withAttribute(definitions, chosen, 'trades', []).zones).toEqual([]);
  });
});

describe('custom attributes of a new entry and as saved', () => {
  it('starts text and number fields at their default text, the rest empty', () => {
    expect(initialAttributes(definitions)).toEqual({
      site: null, building: null, room: null, trades: [], zones: [], contractor: 'In-house', crew: 2, permitDate: null,
    });
  });

  it('leaves empty values out of what is saved and trims text', () => {
    const attributes = { ...initialAttributes(definitions), site: 'North', contractor: '  Acme Ltd ', crew: null, trades: ['HVAC'] };
    expect(attributesToSave(definitions, attributes)).toEqual({ site: 'North', contractor: 'Acme Ltd', trades: ['HVAC'] });
  });

  it('fixes updateReadOnlyFields only once the entry exists', () => {
    expect(isReadOnly('site', config.customFields.updateReadOnlyFields, false)).toBe(false);
    expect(isReadOnly('site', config.customFields.updateReadOnlyFields, true)).toBe(true);
    expect(isReadOnly('building', config.customFields.updateReadOnlyFields, true)).toBe(false);
  });
});

describe('reading the config an administrator wrote', () => {
  it('keeps what it understands and drops what it cannot use', () => {
    const read = readCalendarConfig({
      filters: [{ key: 'site', label: 'Site', values: ['North', { value: 'S', label: 'South' }], defaultValue: 'North' }, { label: 'no key' }],
      actionButtons: [{ label: 'Export', clickFunctionName: 'exportVisible', functionBody: 'notify(1)' }, { functionBody: 'no label' }],
      legend: [{ label: 'Shutdown', color: '#d32f2f' }, { label: 'no colour' }],
      customFields: { definitions: [{ key: 'x', values: ['a'] }, { key: 'y' }, { label: 'no key' }] },
    });
    expect(read.filters).toEqual([{ key: 'site', label: 'Site', values: [{ value: 'North', label: 'North' }, { value: 'S', label: 'South' }], defaultValue: 'North' }]);
    expect(read.actionButtons).toHaveLength(1);
    expect(read.legend).toEqual([{ label: 'Shutdown', color: '#d32f2f' }]);
    // Without a type: options make a dropdown, none a text field.
    expect(read.customFields.definitions.map((field) => [field.key, field.type])).toEqual([['x', 'dropdown'], ['y', 'text']]);
    expect(readCalendarConfig(null)).toEqual({ filters: [], actionButtons: [], legend: [], customFields: { definitions: [], updateReadOnlyFields: [] } });
  });
});
