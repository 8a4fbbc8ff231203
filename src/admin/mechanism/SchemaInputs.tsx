import { useTranslate } from 'react-admin';
import type { AnyObjectSchema } from 'yup';
import type { ComponentType } from 'react';
import { describedFields, type FieldInput, type FieldMeta } from '../../../common/fields';
import { KindInput } from '../fields/KindInput';

/** 'cronExpression' → 'cron_expression', as en.ts spells keys. */
export const snake = (name: string) => name.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);

/** i18n key of a declared field's input label. */
export const fieldLabelKey = (namespace: string, field: string) => `app.${namespace}.fields.${snake(field)}`;

/** The inputs a derived editor draws: every kind's that has one. */
export const drawnByForm = (input: FieldInput | null): input is FieldInput => input !== null;

/** Fields a screen draws with an input of its own, by name (a widget's options with its KPI and colour rows). */
export type OwnInputs = Readonly<Record<string, ComponentType<{ source: string; label: string }>>>;

/**
 * One input per described field the form draws, labelled by its i18n key (default: the field's
 * label): every one in the schema's order, those `fields` names in its order (an editor placing
 * inputs of its own among them), or those `only` keeps. `entity` is the API resource: file fields
 * upload for `<entity>.<field>`. `inputs` draws the fields it names with the screen's own.
 */
export function SchemaInputs({ schema, namespace, entity, fields, only, inputs }: { schema: AnyObjectSchema; namespace: string; entity: string; fields?: readonly string[]; only?: (meta: FieldMeta) => boolean; inputs?: OwnInputs }) {
  const translate = useTranslate();
  const described = describedFields(schema);
  const drawn = fields
    ? fields.map((name) => {
        const found = described.find(({ field }) => field === name);
        if (!found) throw new Error(`SchemaInputs(${entity}): ${name} is not a described field`);
        return found;
      })
    : described.filter(({ meta }) => !only || only(meta));
  return (
    <>
      {drawn.map(({ field, meta, kind }) => {
        const input = kind.input?.(meta) ?? null;
        const label = translate(fieldLabelKey(namespace, field), { _: meta.label });
        const Own = inputs?.[field];
        if (Own) return <Own key={field} source={field} label={label} />;
        return drawnByForm(input) ? <KindInput key={field} source={field} label={label} input={input} entity={entity} /> : null;
      })}
    </>
  );
}
