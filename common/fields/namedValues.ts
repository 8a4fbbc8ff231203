import * as yup from 'yup';
import { registerFieldKind } from './fieldKind';

/** Entries a map may hold, characters of a name and of a text value. */
export const MAX_NAMED_VALUES = 100;
export const MAX_VALUE_NAME_LENGTH = 100;
export const MAX_NAMED_TEXT_LENGTH = 2000;

export interface NamedValuesSettings {
  /** What one entry is called, in lower case ('custom attribute', 'option'): the form's words. */
  item: string;
  /** A value may be a number or yes/no besides a text (a widget's options). */
  typed?: boolean;
}

export type NamedValue = string | number | boolean;

const entriesOf = (value: unknown): [string, unknown][] => (value && typeof value === 'object' && !Array.isArray(value) ? Object.entries(value) : []);

/** Spec §5: a new name must differ from the others, spaces around it aside. */
export const nameTaken = (existing: readonly string[], name: string) => existing.some((other) => other.trim() === name.trim());

/** 'custom attribute' → 'Custom attribute': an item's name at the start of a sentence or label. */
export const capitalised = (words: string) => `${words.charAt(0).toUpperCase()}${words.slice(1)}`;

/** Spec §5's words for a name already used: 'Option with the name <option name> already exists'. */
export const nameTakenMessage = (item: string, name: string) => `${capitalised(item)} with the name ${name} already exists`;

/**
 * A free map of names to values (spec §3: a user's custom attributes, a widget's options), as jsonb.
 * Names are not blank; values are texts, or with `typed` also numbers and yes/no. A list shows and
 * searches it as "name: value" pairs.
 */
export const namedValuesField = registerFieldKind<NamedValuesSettings>({
  name: 'namedValues',
  schema: ({ label, settings }) => {
    const typed = settings?.typed === true;
    return yup
      .object()
      .typeError(`${label} must be a map of names to values`)
      .default({})
      .test('named-values', '', function check(value) {
        const entries = entriesOf(value);
        if (entries.length > MAX_NAMED_VALUES) return this.createError({ message: `${label} must hold at most ${MAX_NAMED_VALUES} values` });
        for (const [name, held] of entries) {
          if (name.trim() === '') return this.createError({ message: `${label}: a name must not be blank` });
          if (name.length > MAX_VALUE_NAME_LENGTH) return this.createError({ message: `${label}: ${name.slice(0, 40)}… is longer than ${MAX_VALUE_NAME_LENGTH} characters` });
          const allowed = typed ? ['string', 'number', 'boolean'] : ['string'];
          if (!allowed.includes(typeof held) || (typeof held === 'number' && !Number.isFinite(held))) {
            return this.createError({ message: `${label}: ${name} must be ${typed ? 'a text, a number or yes/no' : 'a text'}` });
          }
          if (typeof held === 'string' && held.length > MAX_NAMED_TEXT_LENGTH) return this.createError({ message: `${label}: ${name} must be at most ${MAX_NAMED_TEXT_LENGTH} characters` });
        }
        return true;
      });
  },
  column: () => ({ type: 'json' }),
  input: ({ settings }) => ({ control: 'namedValues', item: settings?.item ?? 'value', typed: settings?.typed === true }),
  text: (value) => entriesOf(value).map(([name, held]) => `${name}: ${String(held)}`).join(', '),
  searched: true,
  openApi: ({ settings }) => ({
    type: 'object',
    maxProperties: MAX_NAMED_VALUES,
    ...(settings?.typed ? {} : { additionalProperties: { type: 'string', maxLength: MAX_NAMED_TEXT_LENGTH } }),
  }),
});
