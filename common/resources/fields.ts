import * as yup from 'yup';
import { idList, idString, nonBlank } from './schemaParts';

/**
 * What a field is, for the screens derived from a schema (docs/resources.md): the web side takes
 * column labels, column display/sort/search and plain form inputs from it, the server nothing
 * (it validates with the schema as before). Kept in yup's `meta`, not `.label()`: a label would
 * replace the field's path in validation messages, and the server's 400 must name the field.
 */
export type FieldKind = 'text' | 'longText' | 'email' | 'yesNo' | 'date' | 'chips' | 'reference';

export interface FieldMeta {
  /** The field's label in English; the default of its i18n key. */
  label: string;
  kind: FieldKind;
  /** For kind 'reference': the API resource whose record names are shown. */
  reference?: string;
}

/** Emails as every form and the server accept them: something@domain.tld, no spaces. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The shared email rule (users, vendors…): empty allowed, otherwise an address. */
export const emailAddress = () =>
  yup
    .string()
    .max(320)
    .default('')
    .test('email', '${path} is not a valid email address', (value) => !value || EMAIL_PATTERN.test(value));

/** Metadata on a field written out in full (a rule of its own, e.g. a cron expression). */
export const described = <S extends yup.AnySchema>(schema: S, meta: FieldMeta): S => schema.meta(meta) as S;

/**
 * Field builders carrying their metadata. `field.name` is the record's required, non-blank name
 * (unique on the server by default); the others are optional with an empty default.
 */
export const field = {
  name: (label = 'Name') => described(nonBlank(), { label, kind: 'text' }),
  text: (label: string, max = 200) => described(yup.string().max(max).default(''), { label, kind: 'text' }),
  longText: (label: string, max = 20_000) => described(yup.string().max(max).default(''), { label, kind: 'longText' }),
  email: (label = 'Email') => described(emailAddress(), { label, kind: 'email' }),
  yesNo: (label: string, initial = false) => described(yup.boolean().default(initial), { label, kind: 'yesNo' }),
  /** A calendar day, YYYY-MM-DD (what a date input gives), or null. */
  date: (label: string) =>
    described(
      yup
        .string()
        .nullable()
        .default(null)
        .matches(/^\d{4}-\d{2}-\d{2}$/, { message: '${path} must be a date (YYYY-MM-DD)', excludeEmptyString: true }),
      { label, kind: 'date' },
    ),
  chips: (label: string) => described(yup.array(yup.string().required()).default([]), { label, kind: 'chips' }),
  reference: (label: string, resource: string) => described(idString().nullable().default(null), { label, kind: 'reference', reference: resource }),
  references: (label: string, resource: string) => described(idList(), { label, kind: 'chips', reference: resource }),
};

/** The described fields of an object schema, in declaration order. */
export function describedFields(schema: yup.AnyObjectSchema): { field: string; meta: FieldMeta }[] {
  return Object.entries(schema.fields).flatMap(([name, fieldSchema]) => {
    const meta = (fieldSchema as yup.Schema).spec.meta as FieldMeta | undefined;
    return meta?.kind ? [{ field: name, meta }] : [];
  });
}
