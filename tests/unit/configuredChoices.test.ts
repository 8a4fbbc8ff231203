import { describe, expect, it } from 'vitest';
import { field } from '../../common/fields';
import { configuredOptions, MAX_OPTIONS } from '../../common/fields/choice';

/** DESIGN §15: choice options "from a config entry", kept as a JSON list (docs/resources.md). */
describe('options kept in a config entry', () => {
  it('reads a JSON list of distinct, non-blank options', () => {
    expect(configuredOptions('["A","B","C"]')).toEqual(['A', 'B', 'C']);
    expect(configuredOptions(JSON.stringify(Array.from({ length: MAX_OPTIONS }, (_, i) => `o${i}`)))).toHaveLength(MAX_OPTIONS);
  });

  it('refuses what is not such a list', () => {
    for (const value of ['A, B, C', '[]', '["A","A"]', '["A"," "]', '["A",3]', '{"A":1}', '"A"', JSON.stringify(Array.from({ length: MAX_OPTIONS + 1 }, (_, i) => `o${i}`)), `["${'x'.repeat(201)}"]`]) {
      expect(configuredOptions(value), value).toBeNull();
    }
  });

  it('leaves membership to the server: the rule checks only an option’s shape', () => {
    const criticality = field.choice('Criticality', ['low', 'medium', 'high'], { optionsFrom: 'choices.part.criticality' });
    expect(criticality.isValidSync('B')).toBe(true);
    expect(() => criticality.validateSync('x'.repeat(201))).toThrow('Criticality must be at most 200 characters');
    const fixed = field.choice('Criticality', ['low', 'medium', 'high']);
    expect(() => fixed.validateSync('B')).toThrow('Criticality must be one of: low, medium, high');
  });

  it('takes only keys Configuration checks as lists (choices.…): another is a declaration mistake', () => {
    expect(() => field.choice('Criticality', ['low'], { optionsFrom: 'criticality' })).toThrow('optionsFrom must be a config key starting with "choices."');
    expect(() => field.multiChoice('Trades', ['electrical'], { optionsFrom: 'trades' })).toThrow('optionsFrom');
  });
});
