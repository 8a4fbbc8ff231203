import type { AnyObjectSchema, AnySchema, Schema } from 'yup';
import { choiceField, CONFIGURED_CHOICES_PREFIX, type ChoiceSettings } from './choice';
import { colourField } from './colour';
import { dateField } from './date';
import { dateTimeField } from './dateTime';
import { decimalField, type NumberSettings } from './decimal';
import { emailField } from './email';
import { fieldKind, type FieldKind, type FieldMeta } from './fieldKind';
import { fileField, photoField, type FileSettings, type StoredFile } from './file';
import { integerField } from './integer';
import { longTextField } from './longText';
import { moneyField } from './money';
import { multiChoiceField } from './multiChoice';
import { namedValuesField, type NamedValue, type NamedValuesSettings } from './namedValues';
import { phoneField } from './phone';
import { referenceField, type ReferenceSettings } from './reference';
import { referencesField } from './references';
import { richTextField, type RichTextSettings } from './richText';
import { tagsField } from './tags';
import { textField, type TextSettings } from './text';
import { textsField, type TextsSettings } from './texts';
import { urlField } from './url';
import { yesNoField, type YesNoSettings } from './yesNo';

export type { CellContext, ChipTone, FieldColumn, FieldInput, FieldKind, FieldMeta, SheetValue } from './fieldKind';
export { fieldKind, registerFieldKind } from './fieldKind';

/** Whether a record needs the field: the server refuses a body without it, the New dialog asks for it. */
interface Required {
  required?: boolean;
}

/** Options kept in a config entry (ChoiceSettings.optionsFrom). */
interface Configured {
  optionsFrom?: string;
}

/** What options are shown as (ChoiceSettings.labels). */
interface Shown {
  labels?: ChoiceSettings['labels'];
}

/** A configured key must be one Configuration checks as a list of options: a declaration's mistake otherwise, found as it loads. */
function configured<S extends Configured>(label: string, settings: S): S {
  if (settings.optionsFrom !== undefined && !settings.optionsFrom.startsWith(CONFIGURED_CHOICES_PREFIX)) throw new Error(`${label}: optionsFrom must be a config key starting with "${CONFIGURED_CHOICES_PREFIX}"`);
  return settings;
}

/**
 * A field of `kind`: the kind's rule, with what the declaration says kept in its `meta`, typed as the
 * value `T` a record holds (records' types are inferred from their schemas).
 */
function declared<T, S extends object = object>(kind: FieldKind<S>, label: string, settings: S & Required & { reference?: string }): Schema<T> {
  const { required, reference, ...own } = settings;
  const meta: FieldMeta<S> = { label, kind: kind.name, ...(required ? { required } : {}), ...(reference ? { reference } : {}), settings: own as S };
  return kind.schema(meta).meta(meta) as Schema<T>;
}

/** A field written out in full (a rule of its own, e.g. a cron expression), described for the screens. */
export const described = <S extends AnySchema>(schema: S, meta: FieldMeta): S => schema.meta(meta) as S;

/**
 * Fields as declarations write them (docs/resources.md, "Field kinds"): `field.integer('Quantity on
 * hand', { min: 0 })`. Every field is optional (its empty value: '', null, [] or false) unless
 * `required`; `field.name` is the record's required name (unique on the server by default).
 */
export const field = {
  name: (label = 'Name') => declared<string, TextSettings>(textField, label, { required: true }),
  text: (label: string, settings: TextSettings & Required = {}) => declared<string, TextSettings>(textField, label, settings),
  longText: (label: string, settings: TextSettings & Required = {}) => declared<string, TextSettings>(longTextField, label, settings),
  email: (label = 'Email', settings: TextSettings & Required = {}) => declared<string, TextSettings>(emailField, label, settings),
  phone: (label = 'Phone', settings: TextSettings & Required = {}) => declared<string, TextSettings>(phoneField, label, settings),
  url: (label: string, settings: TextSettings & Required = {}) => declared<string, TextSettings>(urlField, label, settings),
  colour: (label = 'Colour', settings: Required = {}) => declared<string, TextSettings>(colourField, label, settings),
  integer: (label: string, settings: Omit<NumberSettings, 'scale'> & Required = {}) => declared<number | null, NumberSettings>(integerField, label, settings),
  decimal: (label: string, settings: NumberSettings & Required = {}) => declared<number | null, NumberSettings>(decimalField, label, settings),
  /** An amount in `currency` (its unit), two places, not below 0 unless `min` says. */
  money: (label: string, { currency, ...settings }: Omit<NumberSettings, 'scale' | 'unit'> & Required & { currency?: string } = {}) => declared<number | null, NumberSettings>(moneyField, label, { ...settings, ...(currency ? { unit: currency } : {}) }),
  yesNo: (label: string, initial = false) => declared<boolean, YesNoSettings>(yesNoField, label, { initial }),
  date: (label: string, settings: Required = {}) => declared<string | null>(dateField, label, settings),
  dateTime: (label: string, settings: Required = {}) => declared<number | null>(dateTimeField, label, settings),
  /** One of `options`; with `{ optionsFrom: 'choices.<entity>.<field>' }` they are that config entry's, `options` its first value; with `initial`, never blank. */
  choice: (label: string, options: ChoiceSettings['options'], settings: Required & Configured & Shown & { initial?: string } = {}) => declared<string, ChoiceSettings>(choiceField, label, { options, ...configured(label, settings) }),
  multiChoice: (label: string, options: ChoiceSettings['options'], settings: Required & Configured & Shown & { initial?: readonly string[] } = {}) => declared<string[], ChoiceSettings>(multiChoiceField, label, { options, ...configured(label, settings) }),
  tags: (label: string) => declared<string[]>(tagsField, label, {}),
  /** Short texts in order, none blank, a row each (a select's options); `item` names one ('option'). */
  texts: (label: string, settings: TextsSettings) => declared<string[], TextsSettings>(textsField, label, settings),
  /** A free map of names to texts (with `typed`, also numbers and yes/no); `item` names one entry ('option'). */
  namedValues: (label: string, settings: NamedValuesSettings) => declared<Record<string, NamedValue>, NamedValuesSettings>(namedValuesField, label, settings),
  reference: (label: string, resource: string, settings: Required = {}) => declared<string | null>(referenceField, label, { reference: resource, ...settings }),
  /** With `{ withArchived: true }` the records it still names once archived are shown, marked archived (an asset's checklists). */
  references: (label: string, resource: string, settings: ReferenceSettings = {}) => declared<string[], ReferenceSettings>(referencesField, label, { reference: resource, ...settings }),
  /** A field of an application's own kind (registerFieldKind), by name. */
  of: <S extends object>(kindName: string, label: string, settings: S & Required = {} as S & Required) => declared<unknown, S>(fieldKind(kindName) as FieldKind<S>, label, settings),
  /** HTML, stored sanitised with the product's stored-HTML rules; shown and searched as its text. */
  richText: (label: string, settings: RichTextSettings & Required = {}) => declared<string, RichTextSettings>(richTextField, label, settings),
  /** An uploaded document or picture (`accept`: 'pdf', 'image'; default both), checked by content. */
  file: (label: string, settings: FileSettings & Required = {}) => declared<StoredFile | null, FileSettings>(fileField, label, settings),
  /** An uploaded picture, taken with the phone's camera or chosen. */
  photo: (label: string, settings: Required = {}) => declared<StoredFile | null, FileSettings>(photoField, label, settings),
};

/** The described fields of an object schema, in declaration order, with their kinds. */
export function describedFields(schema: AnyObjectSchema): { field: string; meta: FieldMeta; kind: FieldKind }[] {
  return Object.entries(schema.fields).flatMap(([name, fieldSchema]) => {
    const meta = (fieldSchema as AnySchema).spec.meta as FieldMeta | undefined;
    return meta?.kind ? [{ field: name, meta, kind: fieldKind(meta.kind) }] : [];
  });
}
