import * as yup from 'yup';
import { registerFieldKind, type CellContext } from './fieldKind';

/** What a reference field names beside the resource (FieldMeta.reference). */
export interface ReferenceSettings {
  /** Its records once archived are named too, marked archived: a record keeps referring to them. */
  withArchived?: boolean;
}

/** An id as the API gives them. */
export const MAX_ID_LENGTH = 64;

export const nameOf = (id: unknown, { names }: CellContext): string => (typeof id === 'string' ? (names?.get(id) ?? '') : '');

/** The id of another resource's record (`meta.reference` names it), or null: shown, sorted and searched by that record's name. */
export const referenceField = registerFieldKind({
  name: 'reference',
  schema(meta) {
    const schema = yup.string().typeError(`${meta.label} must be an id`).min(1, `${meta.label} must be an id`).max(MAX_ID_LENGTH, `${meta.label} must be an id`);
    return meta.required ? schema.required(`${meta.label} is required`) : schema.nullable().default(null);
  },
  column: () => ({ type: 'id' }),
  input: (meta) => ({ control: 'reference', resource: meta.reference ?? '', multiple: false }),
  text: (value, _meta, context) => nameOf(value, context),
  searched: false,
  openApi: (meta) => ({ type: 'string', minLength: 1, maxLength: MAX_ID_LENGTH, nullable: !meta.required }),
});
