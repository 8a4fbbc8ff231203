import type { PriorityColour } from '../../../../common/resources/workOrder';

/**
 * Spec §9's priority colours (High red, Medium orange, Low green, other grey) as shades readable on
 * the dark theme, with the text colour for each. The chip and the calendar's events both use them,
 * so a priority looks the same in the list and on the calendar.
 */
export const PRIORITY_COLOURS: Record<PriorityColour, { bg: string; fg: string }> = {
  red: { bg: '#d32f2f', fg: '#fff' },
  orange: { bg: '#ed6c02', fg: '#000' },
  green: { bg: '#2e7d32', fg: '#fff' },
  grey: { bg: '#757575', fg: '#fff' },
};
