import * as yup from 'yup';
import { strictObject } from './schemaParts';
import { described, field } from '../fields';

/** Spec §3: the eleven attribute types, spelt as the spec lists them. */
export const ATTRIBUTE_TYPES = [
  'number',
  'boolean',
  'radio',
  'select',
  'color',
  'string',
  'long string',
  'html',
  'image',
  'date',
  'date-time',
] as const;
export type AttributeType = (typeof ATTRIBUTE_TYPES)[number];

/** Only these types carry options (spec §3, §4). */
export const TYPES_WITH_OPTIONS: readonly AttributeType[] = ['select', 'radio', 'color'];

export function hasOptions(type: string | null | undefined): boolean {
  return (TYPES_WITH_OPTIONS as readonly string[]).includes(type ?? '');
}

export interface Attribute {
  _id: string;
  name: string;
  technicalName: string;
  description: string;
  type: AttributeType;
  isMandatory: boolean;
  allowComment: boolean;
  options: { values: string[] };
}

const TECHNICAL_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;
export const TECHNICAL_NAME_MAX_LENGTH = 100;

export const attributeSchema = strictObject({
  name: field.name(),
  // Scripts and reports name an attribute by it (docs/administration.md), so it is never blank. Left
  // out — spec §7's copy leaves it out — the server derives one from the name.
  technicalName: described(
    yup
      .string()
      .test('non-blank', 'technicalName must not be blank', (value) => value === undefined || value.trim().length > 0)
      .max(TECHNICAL_NAME_MAX_LENGTH)
      .test('identifier', 'technicalName must start with a letter or _ and hold only letters, digits and _', (value) => !value?.trim() || TECHNICAL_NAME.test(value)),
    { label: 'Technical Name', kind: 'text', settings: { max: TECHNICAL_NAME_MAX_LENGTH } },
  ),
  description: yup.string().max(2000).default(''),
  type: described(yup.string().required('type is required').oneOf([...ATTRIBUTE_TYPES], `type must be one of: ${ATTRIBUTE_TYPES.join(', ')}`), {
    label: 'Type',
    kind: 'choice',
    required: true,
    settings: { options: ATTRIBUTE_TYPES },
  }),
  isMandatory: yup.boolean().default(false),
  allowComment: yup.boolean().default(false),
  options: strictObject({
    values: field.texts('Options', { item: 'option' }),
  }).default({ values: [] }),
});

/** Spec §4: changing to a type without options clears them. */
export function withType<T extends Pick<Attribute, 'type' | 'options'>>(attribute: T, type: AttributeType): T {
  return { ...attribute, type, options: hasOptions(type) ? attribute.options : { values: [] } };
}
