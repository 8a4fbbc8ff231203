import { thresholdValueFits } from '../../../common/resources/checklist';

const EXPECTED: Record<string, string> = {
  number: 'must be a number for a number attribute',
  boolean: 'must be true (yes) or false (no) for a boolean attribute',
};

/**
 * What is wrong with a threshold value for its attribute (spec §5, the rule in common/), in words
 * for a 400, or null when it fits.
 */
export function thresholdProblem(attribute: { type: string; options: { values: string[] } }, value: unknown): string | null {
  if (thresholdValueFits(attribute, value)) return null;
  if (attribute.type === 'select' || attribute.type === 'radio') {
    return `must be one of the attribute's options: ${attribute.options.values.join(', ')}`;
  }
  return EXPECTED[attribute.type] ?? 'must be text';
}
