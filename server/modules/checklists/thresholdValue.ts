/**
 * Spec §5: a threshold's value is a number for a number attribute, yes/no for a boolean, one of
 * the options for select or radio, otherwise text. Answers what is wrong, or null.
 */
export function thresholdProblem(attribute: { type: string; options: { values: string[] } }, value: unknown): string | null {
  switch (attribute.type) {
    case 'number':
      return typeof value === 'number' && Number.isFinite(value) ? null : 'must be a number for a number attribute';
    case 'boolean':
      return typeof value === 'boolean' ? null : 'must be true (yes) or false (no) for a boolean attribute';
    case 'select':
    case 'radio':
      return typeof value === 'string' && attribute.options.values.includes(value)
        ? null
        : `must be one of the attribute's options: ${attribute.options.values.join(', ')}`;
    default:
      return typeof value === 'string' ? null : 'must be text';
  }
}
