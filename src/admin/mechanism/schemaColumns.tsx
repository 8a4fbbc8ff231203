import { useMemo, type ReactNode } from 'react';
import { Chip, Stack, Tooltip } from '@mui/material';
import { useTranslate, type RaRecord } from 'react-admin';
import type { RecordColumn } from '../../shared/ui/recordTable/RecordTable';
import { useTimeZone } from '../../shared/ui/timeZone';
import { FileDownloadCell, ImageCell } from '../../features/tables/FileCells';
import type { CellContext, FieldKind, FieldMeta } from '../../../common/fields';
import { holdsFile, type StoredFile } from '../../../common/fields/file';
import type { ReferenceSettings } from '../../../common/fields/reference';
import { namesOf } from '../../../common/fields/references';
import { isImageFile } from '../fields/FileInput';
import { isArchived, useNameLookups, useRelatedLists } from './useRelatedList';

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
  if (meta.kind === 'references') {
    return { key: field, label, render: (row) => <ManyNames names={namesOf(value(row), contextOf(row))} translate={translate} />, sortValue: text, searchText: text };
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

/** Beyond this many names a cell shows a count; its tooltip, the sort and the search keep all. */
const SHOWN_NAMES = 6;

/** Names comma-joined; past SHOWN_NAMES the first ones and '+N more', all in a tooltip (a role's 40 permissions). */
function ManyNames({ names, translate }: { names: readonly string[]; translate: Translate }) {
  if (names.length <= SHOWN_NAMES) return names.join(', ');
  return (
    <Tooltip title={names.join(', ')}>
      <span>{`${names.slice(0, SHOWN_NAMES).join(', ')} ${translate('app.admin.more_names', { count: names.length - SHOWN_NAMES })}`}</span>
    </Tooltip>
  );
}

/** A record of another resource as its list is read for a used-by column. */
export type Referrer = RaRecord & Record<string, unknown>;

/**
 * A column of the records of another resource that name a row (spec §2.9: a table's Roles, a
 * widget's Dashboards, an attribute's Checklists): their names, in the order of their names, each once.
 */
export interface UsedBy {
  /** The column's key; its English label's i18n key is app.<namespace>.columns.<key in snake_case>. */
  key: string;
  label: string;
  /** The referring resource and the fields its list is asked with (spec §7's projections). */
  resource: string;
  fields: readonly string[];
  /** The ids of this resource's records a referring record names. */
  refersTo: (referrer: Referrer) => readonly (string | null | undefined)[];
  /** What names a referrer in the cell (a checklist's assets by their identifications); default its name. Referrers stay in the order of their names, so two columns of the same referrers line up. */
  shownAs?: (referrer: Referrer) => string;
  /** Archived referrers too, marked archived (an attribute still used by an archived checklist cannot be deleted). */
  withArchived?: boolean;
  /** A cell of its own over the names (links); default the names comma-joined. */
  render?: (names: readonly string[]) => ReactNode;
}

export const isUsedBy = (column: SchemaColumn | DeclaredUsedBy): column is DeclaredUsedBy => 'resource' in column;

export type DeclaredUsedBy = UsedBy & { labelKey: string };

/** The used-by column over the referrers' list. */
export function usedByColumn<T extends RaRecord>(usedBy: UsedBy, label: string, referrers: readonly Referrer[], translate: Translate): RecordColumn<T> {
  const shownAs = usedBy.shownAs ?? ((referrer: Referrer) => String(referrer.name ?? ''));
  const named = referrers.map((referrer) => ({ referrer, shown: shownAs(referrer), order: String(referrer.name || shownAs(referrer)) })).sort((a, b) => a.order.localeCompare(b.order));
  const namesById = new Map<string, string[]>();
  for (const { referrer, shown } of named) {
    const name = isArchived(referrer) ? translate('app.archive.archived_name', { name: shown }) : shown;
    for (const id of new Set(usedBy.refersTo(referrer))) if (id) namesById.set(id, [...(namesById.get(id) ?? []), name]);
  }
  const referrerNames = (row: T) => namesById.get(String(row.id)) ?? [];
  const { render } = usedBy;
  return { key: usedBy.key, label, sortValue: (row) => referrerNames(row).join(', '), ...(render ? { render: (row: T) => render(referrerNames(row)) } : {}) };
}

/**
 * The columns hook of a declared resource: one column per listed field or used-by entry, built once
 * per language and lookup change (a new column list would rebuild the search index on every keystroke).
 */
export function schemaColumnsHook<T extends RaRecord>(columns: readonly (SchemaColumn | DeclaredUsedBy)[], labelField?: string | readonly string[]): () => RecordColumn<T>[] {
  const fields = columns.filter((column): column is SchemaColumn => !isUsedBy(column));
  // Each referenced resource once; its archived records too when a field referring to it asks.
  const referenced = [...new Set(fields.flatMap((column) => (column.meta.reference ? [column.meta.reference] : [])))].map((resource) => ({
    resource,
    withArchived: fields.some(({ meta }) => meta.reference === resource && (meta.settings as ReferenceSettings | undefined)?.withArchived === true),
  }));
  const usedBy = columns.filter(isUsedBy);
  return function useSchemaColumns() {
    const translate = useTranslate();
    const timeZone = useTimeZone();
    const names = useNameLookups(referenced);
    const referrers = useRelatedLists(usedBy);
    return useMemo(
      () =>
        columns.map((column) =>
          isUsedBy(column)
            ? usedByColumn<T>(column, translate(column.labelKey, { _: column.label }), referrers[usedBy.indexOf(column)] ?? [], translate)
            : fieldColumn<T>(column, translate(column.labelKey, { _: column.meta.label }), { translate, names, timeZone, labelField }),
        ),
      // eslint-disable-next-line react-hooks/exhaustive-deps -- the referrers' lists, as many as the declaration's used-by columns (fixed)
      [translate, names, timeZone, ...referrers],
    );
  };
}
