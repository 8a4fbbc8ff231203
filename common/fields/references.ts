import * as yup from 'yup';
import { registerFieldKind, type CellContext } from './fieldKind';
import { MAX_LIST_IDS } from '../resources/schemaParts';
import { MAX_ID_LENGTH, nameOf } from './reference';

/** The names of the records `ids` name, in the order of the names (ids no longer known are left out). */
export const namesOf = (value: unknown, context: CellContext): string[] =>
  Array.isArray(value)
    ? value
        .map((id) => nameOf(id, context))
        .filter(Boolean)
        .sort((a, b) => a.localeCompare(b))
    : [];

/** Ids of another resource's records, each once: shown comma-joined by name. */
export const referencesField = registerFieldKind({
  name: 'references',
  schema: (meta) =>
    yup
      .array(yup.string().typeError(`${meta.label} must hold ids`).required(`${meta.label} must hold ids`).min(1, `${meta.label} must hold ids`).max(MAX_ID_LENGTH, `${meta.label} must hold ids`))
      .typeError(`${meta.label} must be a list`)
      .default([])
      // The cap first: an over-long list is refused by it whatever else it holds.
      .max(MAX_LIST_IDS, `${meta.label} must hold at most ${MAX_LIST_IDS} values`)
      .test('distinct', `${meta.label} must not hold the same id twice`, (ids) => new Set(ids ?? []).size === (ids ?? []).length),
  column: () => ({ type: 'id[]' }),
  input: (meta) => ({ control: 'reference', resource: meta.reference ?? '', multiple: true }),
  text: (value, _meta, context) => namesOf(value, context).join(', '),
  searched: false,
  openApi: () => ({ type: 'array', items: { type: 'string', minLength: 1, maxLength: MAX_ID_LENGTH }, maxItems: MAX_LIST_IDS, uniqueItems: true }),
});
