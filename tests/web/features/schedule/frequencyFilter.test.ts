import { describe, expect, it } from 'vitest';
import { frequencyMatches, scheduleMatchesFilter } from '../../../../src/features/schedule/frequencyFilter';

/**
 * Spec §9: filter values weekly, monthly, yearly; monthly matches any frequency containing
 * 'month'. Weekly and yearly read alike (docs/calendar-web.md). A hand-kept table.
 */
describe('a checklist frequency under the filter', () => {
  it.each([
    ['Monthly', 'monthly', true],
    ['monthly', 'monthly', true],
    ['every 3 months', 'monthly', true],
    ['Bi-Monthly', 'monthly', true],
    ['Weekly', 'monthly', false],
    ['Weekly', 'weekly', true],
    ['every 2 weeks', 'weekly', true],
    ['Monthly', 'weekly', false],
    ['Yearly', 'yearly', true],
    ['every year', 'yearly', true],
    ['Annual', 'yearly', true],
    ['Monthly', 'yearly', false],
    ['', 'weekly', false],
    ['Daily', 'monthly', false],
    ['anything at all', '', true],
    ['', '', true],
  ] as const)('%j under %j → %s', (frequency, filter, expected) => {
    expect(frequencyMatches(frequency, filter)).toBe(expected);
  });
});

describe('a schedule under the filter', () => {
  const frequencies = new Map([
    ['weekly-round', 'Weekly'],
    ['quarterly', 'every 3 months'],
    ['annual', 'Yearly'],
  ]);

  it('shows when one of its checklists matches', () => {
    expect(scheduleMatchesFilter(['weekly-round', 'quarterly'], frequencies, 'monthly')).toBe(true);
    expect(scheduleMatchesFilter(['weekly-round', 'quarterly'], frequencies, 'weekly')).toBe(true);
  });

  it('hides when none does, or its checklists are unknown', () => {
    expect(scheduleMatchesFilter(['weekly-round', 'quarterly'], frequencies, 'yearly')).toBe(false);
    expect(scheduleMatchesFilter(['gone'], frequencies, 'weekly')).toBe(false);
  });

  it('blank shows every schedule', () => {
    expect(scheduleMatchesFilter(['gone'], frequencies, '')).toBe(true);
  });
});
