import { sql } from 'drizzle-orm';
import { bigint, boolean, pgTable, text, uniqueIndex, type AnyPgColumn, type PgColumnBuilderBase } from 'drizzle-orm/pg-core';
import type { AnyObjectSchema, Schema } from 'yup';
import { describedFields, type FieldMeta } from '../../common/resources/fields';

const snake = (name: string) => name.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);

/** The column of a described field: text as '' when empty, yes/no as false, lists as '{}'. */
function columnOf(field: string, meta: FieldMeta, fieldSchema: Schema): PgColumnBuilderBase {
  const column = snake(field);
  switch (meta.kind) {
    case 'yesNo':
      return boolean(column).notNull().default(Boolean(fieldSchema.spec.default));
    case 'chips':
      return text(column).array().notNull().default(sql`'{}'::text[]`);
    case 'date':
    case 'reference':
      return text(column);
    default:
      return field === 'name' ? text(column).notNull() : text(column).notNull().default('');
  }
}

/**
 * The table of a declared resource, derived from its common/ schema (docs/resources.md): `id`, one
 * column per described field (snake_case), created_at/updated_at, and a unique index on
 * lower(name) — the server's 409 on a taken name. `npm run db:generate -- --name <entity>` writes
 * its migration.
 */
export function resourceTable(tableName: string, schema: AnyObjectSchema) {
  const fields = Object.fromEntries(
    describedFields(schema).map(({ field, meta }) => [field, columnOf(field, meta, schema.fields[field] as Schema)]),
  );
  const undescribed = Object.keys(schema.fields).filter((field) => !(field in fields));
  if (undescribed.length > 0) throw new Error(`resourceTable(${tableName}): describe ${undescribed.join(', ')} with common/resources/fields.ts`);
  return pgTable(
    tableName,
    {
      _id: text('id').primaryKey(),
      ...(fields as Record<string, ReturnType<typeof text>>),
      createdAt: bigint('created_at', { mode: 'number' }).notNull().default(sql`(extract(epoch from now()) * 1000)::bigint`),
      updatedAt: bigint('updated_at', { mode: 'number' }).notNull().default(sql`(extract(epoch from now()) * 1000)::bigint`),
    },
    (table) => [uniqueIndex(`${tableName}_name_lower_idx`).on(sql`lower(${(table as unknown as Record<string, AnyPgColumn>).name})`)],
  );
}
