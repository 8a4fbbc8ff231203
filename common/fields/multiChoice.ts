import * as yup from 'yup';
import { registerFieldKind } from './fieldKind';
import { choiceInput, MAX_OPTION_LENGTH, MAX_OPTIONS, optionLabel, optionsOf, type ChoiceSettings } from './choice';
const listOf = (value: unknown): string[] => (Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : []);

/** Any of fixed options, each once (the trades an order needs): a text[] column, shown comma-joined in the options' order. */
export const multiChoiceField = registerFieldKind<ChoiceSettings>({
  name: 'multiChoice',
  schema(meta) {
    const options = optionsOf(meta.settings);
    // Configured options are looked up on save (server/fields/configuredChoices.ts): here only their shape.
    const configured = Boolean(meta.settings?.optionsFrom);
    const message = configured ? `${meta.label} must hold options of at most ${MAX_OPTION_LENGTH} characters` : `${meta.label} must hold only: ${options.join(', ')}`;
    const schema = yup
      // Each value is checked where it is, so the 400 names it (formats[1]).
      .array(
        yup
          .string()
          .typeError(message)
          .required(message)
          .max(MAX_OPTION_LENGTH, message)
          .test('option', message, (value) => configured || value === undefined || options.includes(value)),
      )
      .typeError(`${meta.label} must be a list`)
      .max(configured ? MAX_OPTIONS : options.length, configured ? `${meta.label} must hold at most ${MAX_OPTIONS} options` : message)
      .test('distinct', `${meta.label} must not hold the same option twice`, (values) => new Set(values ?? []).size === (values ?? []).length);
    const initial = meta.settings?.initial;
    if (meta.required) return schema.required(`${meta.label} is required`).min(1, `${meta.label} is required`);
    return schema.default(Array.isArray(initial) ? [...(initial as readonly string[])] : []);
  },
  column: () => ({ type: 'text[]' }),
  input: (meta) => choiceInput(meta.settings, true),
  text: (value, meta) => {
    const held = new Set(listOf(value));
    return optionsOf(meta.settings)
      .filter((option) => held.has(option))
      .map((option) => optionLabel(meta.settings, option))
      .join(', ');
  },
  searched: false,
  openApi: (meta) =>
    meta.settings?.optionsFrom
      ? { type: 'array', items: { type: 'string', maxLength: MAX_OPTION_LENGTH }, maxItems: MAX_OPTIONS, uniqueItems: true, description: `Options in the config entry ${meta.settings.optionsFrom}` }
      : { type: 'array', items: { type: 'string', enum: [...optionsOf(meta.settings)] }, maxItems: optionsOf(meta.settings).length, uniqueItems: true },
});
