import { BooleanInput, TextInput, useInput, useTranslate } from 'react-admin';
import type { AnyObjectSchema } from 'yup';
import { describedFields, type FieldMeta } from '../../../common/resources/fields';
import { DateInput } from '../../shared/ui/DateInput';

/** 'cronExpression' → 'cron_expression', as en.ts spells keys. */
export const snake = (name: string) => name.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);

/** i18n key of a declared field's input label. */
export const fieldLabelKey = (namespace: string, field: string) => `app.${namespace}.fields.${snake(field)}`;

/** The kinds a plain input edits; chips and references need an input of their own. */
export const PLAIN_KINDS: ReadonlySet<FieldMeta['kind']> = new Set(['text', 'longText', 'email', 'yesNo', 'date']);

function DayInput({ source, label }: { source: string; label: string }) {
  const { field, fieldState } = useInput({ source });
  return <DateInput value={(field.value as string | null) ?? ''} onChange={(day) => field.onChange(day || null)} label={label} error={fieldState.invalid} />;
}

function PlainInput({ field, meta, label }: { field: string; meta: FieldMeta; label: string }) {
  switch (meta.kind) {
    case 'yesNo':
      return <BooleanInput source={field} label={label} helperText={false} />;
    case 'date':
      return <DayInput source={field} label={label} />;
    case 'longText':
      return <TextInput source={field} label={label} multiline minRows={2} helperText={false} />;
    case 'email':
      // Not type="email": Chromium's own popup would pre-empt the schema's message (issue 22).
      return <TextInput source={field} label={label} inputProps={{ inputMode: 'email' }} autoComplete="off" helperText={false} />;
    default:
      return <TextInput source={field} label={label} helperText={false} />;
  }
}

/** One input per plain described field of the schema, labelled by its i18n key (default: the field's label). */
export function SchemaInputs({ schema, namespace }: { schema: AnyObjectSchema; namespace: string }) {
  const translate = useTranslate();
  return (
    <>
      {describedFields(schema)
        .filter(({ meta }) => PLAIN_KINDS.has(meta.kind) && !meta.reference)
        .map(({ field, meta }) => (
          <PlainInput key={field} field={field} meta={meta} label={translate(fieldLabelKey(namespace, field), { _: meta.label })} />
        ))}
    </>
  );
}
