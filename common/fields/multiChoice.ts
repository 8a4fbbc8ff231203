import * as yup from 'yup';
import { registerFieldKind } from './fieldKind';
import type { ChoiceSettings } from './choice';

const optionsOf = (settings: ChoiceSettings | undefined) => settings?.options ?? [];
const listOf = (value: unknown): string[] => (Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : []);

/** Any of fixed options, each once (the trades an order needs): a text[] column, shown comma-joined in the options' order. */
export const multiChoiceField = registerFieldKind<ChoiceSettings>({
  name: 'multiChoice',
  schema(meta) {
    const options = optionsOf(meta.settings);
    const message = `${meta.label} must hold only: ${options.join(', ')}`;
    const schema = yup
      .array(yup.string().typeError(message).required(message))
      .typeError(`${meta.label} must be a list`)
      .max(options.length, message)
      .test('options', message, (values) => (values ?? []).every((value) => options.includes(value)))
      .test('distinct', `${meta.label} must not hold the same option twice`, (values) => new Set(values ?? []).size === (values ?? []).length);
    return meta.required ? schema.required(`${meta.label} is required`).min(1, `${meta.label} is required`) : schema.default([]);
  },
  column: () => ({ type: 'text[]' }),
  input: (meta) => ({ control: 'choice', options: optionsOf(meta.settings), multiple: true }),
  text: (value, meta) => {
    const held = new Set(listOf(value));
    return optionsOf(meta.settings).filter((option) => held.has(option)).join(', ');
  },
  searched: false,
  openApi: (meta) => ({ type: 'array', items: { type: 'string', enum: [...optionsOf(meta.settings)] }, maxItems: optionsOf(meta.settings).length, uniqueItems: true }),
});
