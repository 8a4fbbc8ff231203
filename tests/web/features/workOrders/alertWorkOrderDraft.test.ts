import { describe, expect, it } from 'vitest';
import { priorityForAlertLevel } from '../../../../src/features/workOrders/alert/alertWorkOrderDraft';

const levels = [
  { _id: 'l1', name: 'Critical', rank: 1 },
  { _id: 'l2', name: 'High', rank: 2 },
  { _id: 'l3', name: 'Medium', rank: 3 },
  { _id: 'l4', name: 'Low', rank: 4 },
  { _id: 'l5', name: 'Advisory', rank: 5 },
];

describe("an alert's order priority: High for the most severe level, else by name, else by place", () => {
  it.each([
    ['l1', ['High', 'Medium', 'Low'], 'High'],
    ['l2', ['High', 'Medium', 'Low'], 'High'],
    ['l3', ['High', 'Medium', 'Low'], 'Medium'],
    ['l4', ['High', 'Medium', 'Low'], 'Low'],
    // No priority of that name: the one at the level's place, the last one past the end.
    ['l5', ['High', 'Medium', 'Low'], 'Low'],
    ['l3', ['P1', 'P2', 'P3', 'P4'], 'P3'],
    // High not configured: the most severe level takes the first priority.
    ['l1', ['Urgent', 'Normal'], 'Urgent'],
    ['l2', ['urgent', 'high', 'normal'], 'high'],
    ['l1', [], ''],
  ])('level %s with priorities %j → %j', (level, priorities, expected) => {
    expect(priorityForAlertLevel(level, undefined, levels, priorities)).toBe(expected);
  });

  it('without the levels (they did not load), follows the level name alone', () => {
    expect(priorityForAlertLevel('l3', 'Medium', [], ['High', 'Medium', 'Low'])).toBe('Medium');
    expect(priorityForAlertLevel('l1', 'Critical', [], ['High', 'Medium', 'Low'])).toBe('');
  });
});
