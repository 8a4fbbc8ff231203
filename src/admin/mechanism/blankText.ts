import type { AnySchema, AnyObjectSchema } from 'yup';

interface SchemaShape {
  type: string;
  spec: { nullable?: boolean };
  fields?: Record<string, SchemaShape>;
  innerType?: SchemaShape;
}

/**
 * react-admin turns an emptied text input into null; the common/ schemas allow empty text but
 * not null where a field is text (a description, an identification, a static attribute's value).
 * Walks the values along the schema and gives such fields back their empty text.
 */
export function blankTextForNull(values: unknown, schema: AnySchema | AnyObjectSchema): unknown {
  const shape = schema as unknown as SchemaShape;
  if (values === null && shape.type === 'string' && !shape.spec.nullable) return '';
  if (shape.type === 'array' && Array.isArray(values) && shape.innerType) {
    const inner = shape.innerType as unknown as AnySchema;
    return values.map((value) => blankTextForNull(value, inner));
  }
  if (shape.type === 'object' && shape.fields && values && typeof values === 'object' && !Array.isArray(values)) {
    const result: Record<string, unknown> = { ...(values as Record<string, unknown>) };
    for (const [key, field] of Object.entries(shape.fields)) {
      if (key in result) result[key] = blankTextForNull(result[key], field as unknown as AnySchema);
    }
    return result;
  }
  return values;
}
