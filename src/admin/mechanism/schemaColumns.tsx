import { useMemo } from 'react';
import { Chip } from '@mui/material';
import { useTranslate, type RaRecord } from 'react-admin';
import type { RecordColumn } from '../../shared/ui/recordTable/RecordTable';
import { useTimeZone } from '../../shared/ui/timeZone';
import type { CellContext, FieldKind, FieldMeta } from '../../../common/fields';
import { useNameLookups } from './useRelatedList';

type Translate = (key: string, options?: object) => string;

export interface SchemaColumn {
  field: string;
  meta: FieldMeta;
  kind: FieldKind;
  /** i18n key of the column's label. */
  labelKey: string;
}

/** What a column's cells may look up: names of referenced records by resource, the zone times are shown in. */
export interface ColumnLookups {
  translate: Translate;
  names: ReadonlyMap<string, ReadonlyMap<string, string>>;
  timeZone?: string;
}

/**
 * The list column of one described field, as its kind says (common/fields): the cell's text (or
 * chip), what it sorts by, what the search box finds. Yes/no is translated and not searched (every
 * row would match "yes" or "no"); anything else is searched as shown.
 */
export function fieldColumn<T>({ field, meta, kind }: Omit<SchemaColumn, 'labelKey'>, label: string, { translate, names, timeZone }: ColumnLookups): RecordColumn<T> {
  const value = (row: T) => (row as Record<string, unknown>)[field];
  const contextOf = (row: T): CellContext => ({ record: row as Record<string, unknown>, names: meta.reference ? (names.get(meta.reference) ?? new Map()) : undefined, timeZone });
  const text = (row: T) => kind.text(value(row), meta, contextOf(row));
  if (meta.kind === 'yesNo') {
    return { key: field, label, render: (row) => (value(row) === true ? translate('app.admin.yes') : value(row) === false ? translate('app.admin.no') : ''), sortValue: (row) => (value(row) === true ? 1 : 0), searchText: () => '' };
  }
  const { chip, sortValue } = kind;
  return {
    key: field,
    label,
    render: chip
      ? (row) => {
          const shown = chip(value(row), meta, contextOf(row));
          return shown ? <Chip size="small" label={shown.label} color={shown.tone} /> : '';
        }
      : text,
    sortValue: sortValue ? (row) => sortValue(value(row), meta, contextOf(row)) : text,
    searchText: text,
    ...(kind.align ? { align: kind.align } : {}),
  };
}

/**
 * The columns hook of a declared resource: one column per listed field, built once per language
 * and lookup change (a new column list would rebuild the search index on every keystroke).
 */
export function schemaColumnsHook<T extends RaRecord>(columns: readonly SchemaColumn[]): () => RecordColumn<T>[] {
  const referenced = [...new Set(columns.flatMap((column) => (column.meta.reference ? [column.meta.reference] : [])))];
  return function useSchemaColumns() {
    const translate = useTranslate();
    const timeZone = useTimeZone();
    const names = useNameLookups(referenced);
    return useMemo(() => columns.map((column) => fieldColumn<T>(column, translate(column.labelKey, { _: column.meta.label }), { translate, names, timeZone })), [translate, names, timeZone]);
  };
}
