import * as yup from 'yup';
import { registerFieldKind } from './fieldKind';

/** Values a list may hold, and characters each. */
export const MAX_TEXTS = 1000;
export const MAX_TEXTS_LENGTH = 200;

export interface TextsSettings {
  /** What one value is called, in lower case ('option'): the form's words. */
  item: string;
}

const listOf = (value: unknown): string[] => (Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : []);

/**
 * Short texts in the order given, each typed on a row of its own and none blank (spec §3, §5: a
 * select attribute's option values): a text[] column, shown comma-joined.
 */
export const textsField = registerFieldKind<TextsSettings>({
  name: 'texts',
  schema: ({ label }) =>
    yup
      .array(
        yup
          .string()
          .typeError(`${label} must hold texts`)
          .required(`${label} must hold texts`)
          .test('non-blank', `${label}: a value must not be blank`, (value) => typeof value === 'string' && value.trim() !== '')
          .max(MAX_TEXTS_LENGTH, `${label}: a value must be at most ${MAX_TEXTS_LENGTH} characters`),
      )
      .typeError(`${label} must be a list`)
      .max(MAX_TEXTS, `${label} must hold at most ${MAX_TEXTS} values`)
      .default([]),
  column: () => ({ type: 'text[]' }),
  input: ({ settings }) => ({ control: 'texts', item: settings?.item ?? 'value' }),
  text: (value) => listOf(value).join(', '),
  searched: true,
  openApi: () => ({ type: 'array', items: { type: 'string', minLength: 1, maxLength: MAX_TEXTS_LENGTH }, maxItems: MAX_TEXTS }),
});
