import { sql } from 'drizzle-orm';
import { bigint, boolean, date, integer, jsonb, numeric, pgTable, text, uniqueIndex, type AnyPgColumn, type PgColumnBuilderBase } from 'drizzle-orm/pg-core';
import type { AnyObjectSchema } from 'yup';
import { describedFields, type FieldColumn } from '../../common/fields';

const snake = (name: string) => name.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);

/**
 * The column of a field kind's FieldColumn (common/fields): text is '' when empty, yes/no its
 * default, lists '{}'; other values are null when empty, unless the field is required.
 */
function columnOf(name: string, column: FieldColumn, required: boolean): PgColumnBuilderBase {
  const needed = <B extends { notNull(): PgColumnBuilderBase }>(builder: B): PgColumnBuilderBase => (required ? builder.notNull() : (builder as unknown as PgColumnBuilderBase));
  switch (column.type) {
    case 'text':
      return required ? text(name).notNull() : text(name).notNull().default('');
    case 'boolean':
      return boolean(name).notNull().default(column.default);
    case 'integer':
      return needed(integer(name));
    case 'numeric':
      return needed(numeric(name, { precision: column.precision, scale: column.scale, mode: 'number' }));
    case 'date':
      return needed(date(name, { mode: 'string' }));
    case 'timestamp':
      return needed(bigint(name, { mode: 'number' }));
    case 'id':
      return needed(text(name));
    case 'file':
      return needed(jsonb(name));
    case 'json':
      return jsonb(name).notNull().default({});
    case 'text[]':
    case 'id[]':
      return text(name).array().notNull().default(sql`'{}'::text[]`);
  }
}

/**
 * The table of a declared resource, derived from its common/ schema (docs/resources.md): `id`, one
 * column per stored field as its kind says (snake_case), created_at/updated_at, and a unique index on
 * `unique` (default name; texts as lower(…)) — what the server's 409 stands on, with the declaration's
 * `unique` naming the same fields. `npm run db:generate -- --name <entity>` writes its migration.
 */
export function resourceTable(tableName: string, schema: AnyObjectSchema, { unique = ['name'] }: { unique?: readonly string[] } = {}) {
  const described = describedFields(schema);
  const fields = Object.fromEntries(described.flatMap(({ field, meta, kind }) => (kind.column ? [[field, columnOf(snake(field), kind.column(meta), meta.required === true)]] : [])));
  const undescribed = Object.keys(schema.fields).filter((field) => !described.some((entry) => entry.field === field));
  if (undescribed.length > 0) throw new Error(`resourceTable(${tableName}): describe ${undescribed.join(', ')} with common/fields`);
  return pgTable(
    tableName,
    {
      _id: text('id').primaryKey(),
      ...(fields as Record<string, ReturnType<typeof text>>),
      createdAt: bigint('created_at', { mode: 'number' }).notNull().default(sql`(extract(epoch from now()) * 1000)::bigint`),
      updatedAt: bigint('updated_at', { mode: 'number' }).notNull().default(sql`(extract(epoch from now()) * 1000)::bigint`),
    },
    (table) => {
      const columns = table as unknown as Record<string, AnyPgColumn>;
      const keys = unique.map((field) => {
        const column = columns[field];
        if (!column) throw new Error(`resourceTable(${tableName}): unique field ${field} is not a column`);
        return column.dataType === 'string' && column.columnType === 'PgText' ? sql`lower(${column})` : column;
      });
      const [first, ...rest] = keys;
      const named = unique.length === 1 && unique[0] === 'name' ? `${tableName}_name_lower_idx` : `${tableName}_${unique.map(snake).join('_')}_unique_idx`;
      return [uniqueIndex(named).on(first!, ...rest)];
    },
  );
}
