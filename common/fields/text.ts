import * as yup from 'yup';
import { plainText, registerFieldKind, type FieldInput, type FieldKind, type FieldMeta } from './fieldKind';

export interface TextSettings {
  /** Characters at most; default 200 (20,000 for long text). */
  max?: number;
}

interface TextShape {
  name: string;
  defaultMax: number;
  input: FieldInput;
  searched: boolean;
  /** What else a value must be ("Email is not a valid email address"), given the label. */
  rule?: { test: (value: string) => boolean; message: (label: string) => string };
  /** The OpenAPI `format` (email, uri…). */
  format?: string;
}

/**
 * A kind whose value is one text: '' when empty, or required and not blank. The text kinds (text,
 * long text, email, phone, URL, colour) differ only in their limit, rule and input.
 */
export function textKind(shape: TextShape): FieldKind<TextSettings> {
  const maxOf = (meta: FieldMeta<TextSettings>) => meta.settings?.max ?? shape.defaultMax;
  return {
    name: shape.name,
    schema(meta) {
      const { label } = meta;
      const max = maxOf(meta);
      const { rule } = shape;
      let schema = yup.string().typeError(`${label} must be a text`).max(max, `${label} must be at most ${max} characters`);
      if (rule) schema = schema.test(shape.name, rule.message(label), (value) => !value || rule.test(value));
      return meta.required
        ? schema.required(`${label} is required`).test('non-blank', `${label} must not be blank`, (value) => typeof value === 'string' && value.trim().length > 0)
        : schema.default('');
    },
    column: () => ({ type: 'text' }),
    input: () => shape.input,
    text: plainText,
    searched: shape.searched,
    openApi: (meta) => ({ type: 'string', maxLength: maxOf(meta), ...(shape.format ? { format: shape.format } : {}) }),
  };
}

/** One line of text. */
export const textField = registerFieldKind(textKind({ name: 'text', defaultMax: 200, input: { control: 'text' }, searched: true }));
