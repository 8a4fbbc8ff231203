import * as yup from 'yup';
import { registerFieldKind } from './fieldKind';

/** Tags a record may hold, and characters each. */
export const MAX_TAGS = 100;
export const MAX_TAG_LENGTH = 100;

const listOf = (value: unknown): string[] => (Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : []);

/** Free words (spec §2.9's tags): a text[] column, shown comma-joined, sorted and searched as shown. */
export const tagsField = registerFieldKind({
  name: 'tags',
  schema: (meta) =>
    yup
      .array(yup.string().typeError(`${meta.label} must hold texts`).required(`${meta.label} must hold texts`).max(MAX_TAG_LENGTH, `${meta.label} must hold words of at most ${MAX_TAG_LENGTH} characters`))
      .typeError(`${meta.label} must be a list`)
      .max(MAX_TAGS, `${meta.label} must hold at most ${MAX_TAGS} values`)
      .default([]),
  column: () => ({ type: 'text[]' }),
  input: () => ({ control: 'tags' }),
  text: (value) => listOf(value).join(', '),
  searched: true,
  openApi: () => ({ type: 'array', items: { type: 'string', maxLength: MAX_TAG_LENGTH }, maxItems: MAX_TAGS }),
});
