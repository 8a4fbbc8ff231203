import { useMemo } from 'react';
import { useTranslate, type RaRecord } from 'react-admin';
import type { RecordColumn } from '../../shared/ui/recordTable/RecordTable';
import { formatDate } from '../../../common/formatTime';
import type { FieldMeta } from '../../../common/resources/fields';
import { useNameLookups } from './useRelatedList';

type Translate = (key: string, options?: object) => string;

/**
 * A yes/no column (spec §2.9 Jobs' Active): shows Yes/No, sorts no before yes, and is not matched
 * by the search box (every row would match "yes" or "no").
 */
export function yesNoColumn<T>(key: string, label: string, translate: Translate): RecordColumn<T> {
  const value = (row: T) => Boolean((row as Record<string, unknown>)[key]);
  return {
    key,
    label,
    render: (row) => translate(value(row) ? 'app.admin.yes' : 'app.admin.no'),
    sortValue: (row) => (value(row) ? 1 : 0),
    searchText: () => '',
  };
}

/** A YYYY-MM-DD day shown as spec §9's YYYY/MM/DD; sorted as the day; searched as shown. */
export function dateColumn<T>(key: string, label: string): RecordColumn<T> {
  const shown = (row: T) => {
    const day = (row as Record<string, unknown>)[key];
    return typeof day === 'string' && day ? formatDate(Date.parse(`${day}T00:00:00`)) : '';
  };
  return { key, label, render: shown, sortValue: (row) => String((row as Record<string, unknown>)[key] ?? ''), searchText: shown };
}

/** Ids shown (sorted and searched) as the names of the records they name; unknown ids are dropped. */
export function referenceColumn<T>(key: string, label: string, names: ReadonlyMap<string, string>): RecordColumn<T> {
  const shown = (row: T) => {
    const value = (row as Record<string, unknown>)[key];
    const ids = Array.isArray(value) ? value : value ? [value] : [];
    return ids.flatMap((id) => names.get(String(id)) ?? []).join(', ');
  };
  return { key, label, render: shown, sortValue: shown };
}

/** A list of words shown comma-joined (spec §2.9's tags). */
export function chipsColumn<T>(key: string, label: string): RecordColumn<T> {
  const shown = (row: T) => {
    const value = (row as Record<string, unknown>)[key];
    return Array.isArray(value) ? value.join(', ') : '';
  };
  return { key, label, render: shown, sortValue: shown };
}

export interface SchemaColumn {
  field: string;
  meta: FieldMeta;
  /** i18n key of the column's label. */
  labelKey: string;
}

/** The column of one described field, by its kind. */
function columnOf<T>(column: SchemaColumn, translate: Translate, names: ReadonlyMap<string, ReadonlyMap<string, string>>): RecordColumn<T> {
  const label = translate(column.labelKey, { _: column.meta.label });
  const { field, meta } = column;
  if (meta.reference) return referenceColumn(field, label, names.get(meta.reference) ?? new Map());
  switch (meta.kind) {
    case 'yesNo':
      return yesNoColumn(field, label, translate);
    case 'date':
      return dateColumn(field, label);
    case 'chips':
      return chipsColumn(field, label);
    default:
      return { key: field, label };
  }
}

/**
 * The columns hook of a declared resource: one column per listed field, built once per language
 * and lookup change (a new column list would rebuild the search index on every keystroke).
 */
export function schemaColumnsHook<T extends RaRecord>(columns: readonly SchemaColumn[]): () => RecordColumn<T>[] {
  const referenced = [...new Set(columns.flatMap((column) => (column.meta.reference ? [column.meta.reference] : [])))];
  return function useSchemaColumns() {
    const translate = useTranslate();
    const names = useNameLookups(referenced);
    return useMemo(() => columns.map((column) => columnOf<T>(column, translate, names)), [translate, names]);
  };
}
