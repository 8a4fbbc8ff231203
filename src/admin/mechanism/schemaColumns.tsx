import { useMemo } from 'react';
import { Chip, Stack } from '@mui/material';
import { useTranslate, type RaRecord } from 'react-admin';
import type { RecordColumn } from '../../shared/ui/recordTable/RecordTable';
import { useTimeZone } from '../../shared/ui/timeZone';
import { FileDownloadCell, ImageCell } from '../../features/tables/FileCells';
import type { CellContext, FieldKind, FieldMeta } from '../../../common/fields';
import { holdsFile, type StoredFile } from '../../../common/fields/file';
import { isImageFile } from './FileInput';
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
  /** The fields naming a record (ResourceDefinition.labelField, default 'name'): a picture's caption. */
  labelField?: string | readonly string[];
}

/** A record's label fields' values ('P-100 Impeller'), '' when it has none. */
function labelOf(record: Record<string, unknown>, labelField: string | readonly string[] = 'name'): string {
  const fields = typeof labelField === 'string' ? [labelField] : labelField;
  return fields
    .map((field) => record[field])
    .filter((value) => (typeof value === 'string' && value !== '') || typeof value === 'number')
    .join(' ');
}

/** A held upload: a picture's thumbnail opening the viewer, a document's name and download. */
function fileCell(value: unknown, meta: FieldMeta, caption: string) {
  if (typeof value !== 'object' || value === null || typeof (value as StoredFile)._id !== 'string') return '';
  const file = value as StoredFile;
  if (meta.kind === 'photo' || isImageFile(file)) return <ImageCell fileId={file._id} caption={caption} />;
  return (
    <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
      <span>{file.name}</span>
      <FileDownloadCell fileId={file._id} name={file.name} />
    </Stack>
  );
}

/**
 * The list column of one described field, as its kind says (common/fields): the cell's text (or
 * chip), what it sorts by, what the search box finds. Yes/no is translated and not searched (every
 * row would match "yes" or "no"); a file or photo shows its picture or its name and download, and
 * is sorted and searched by its name; anything else is searched as shown.
 */
export function fieldColumn<T>({ field, meta, kind }: Omit<SchemaColumn, 'labelKey'>, label: string, { translate, names, timeZone, labelField }: ColumnLookups): RecordColumn<T> {
  const value = (row: T) => (row as Record<string, unknown>)[field];
  const contextOf = (row: T): CellContext => ({ record: row as Record<string, unknown>, names: meta.reference ? (names.get(meta.reference) ?? new Map()) : undefined, timeZone });
  const text = (row: T) => kind.text(value(row), meta, contextOf(row));
  if (meta.kind === 'yesNo') {
    return { key: field, label, render: (row) => (value(row) === true ? translate('app.admin.yes') : value(row) === false ? translate('app.admin.no') : ''), sortValue: (row) => (value(row) === true ? 1 : 0), searchText: () => '' };
  }
  if (holdsFile(meta)) {
    return { key: field, label, render: (row) => fileCell(value(row), meta, labelOf(row as Record<string, unknown>, labelField) || label), sortValue: text, searchText: text };
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
export function schemaColumnsHook<T extends RaRecord>(columns: readonly SchemaColumn[], labelField?: string | readonly string[]): () => RecordColumn<T>[] {
  const referenced = [...new Set(columns.flatMap((column) => (column.meta.reference ? [column.meta.reference] : [])))];
  return function useSchemaColumns() {
    const translate = useTranslate();
    const timeZone = useTimeZone();
    const names = useNameLookups(referenced);
    return useMemo(() => columns.map((column) => fieldColumn<T>(column, translate(column.labelKey, { _: column.meta.label }), { translate, names, timeZone, labelField })), [translate, names, timeZone]);
  };
}
