import { useMemo } from 'react';
import { useGetList, useTranslate, type RaRecord } from 'react-admin';
import { isRefusedInPlace } from '../../platform/authProvider/httpStatus';

export interface RelatedListOptions {
  /**
   * Archived records too, each with its archivedAt (docs/administration.md): for the names of what
   * a record still refers to. Read with a second call (`archived=only`), so the list call itself
   * stays the spec's (§7) and is shared with pickers, which never offer archived records.
   */
  withArchived?: boolean;
}

const WHOLE = { page: 1, perPage: 1_000_000 };

/**
 * A related entity's whole list for lookups in columns and editors (role names, checklist
 * names…), shared through react-admin's query cache by every screen asking the same.
 */
export function useRelatedList<T extends RaRecord>(resource: string, fields?: readonly string[], options: RelatedListOptions = {}): T[] {
  return useRelatedListState<T>(resource, fields, options).records;
}

/** The same, telling whether it is still loading (a select must not show a stored id as out of range meanwhile). */
export function useRelatedListState<T extends RaRecord>(
  resource: string,
  fields?: readonly string[],
  { withArchived = false }: RelatedListOptions = {},
): { records: T[]; isPending: boolean; refused: boolean } {
  // Beside the screen's own list: a 403 leaves the names out and the screen working (RefusedInPlace).
  const current = useGetList<T>(resource, { pagination: WHOLE, meta: { all: true, fields, secondary: true } });
  const archived = useGetList<T>(
    resource,
    { pagination: WHOLE, meta: { all: true, fields: fields ? [...fields, 'archivedAt'] : undefined, archived: 'only', secondary: true } },
    { enabled: withArchived },
  );
  const records = useMemo(() => {
    const listed = current.data ?? [];
    if (!withArchived) return listed;
    // By id, the current list wins: a record restored meanwhile is not named twice.
    const ids = new Set(listed.map((record) => record.id));
    return [...listed, ...(archived.data ?? []).filter((record) => !ids.has(record.id))];
  }, [current.data, archived.data, withArchived]);
  return { records, isPending: current.isPending || (withArchived && archived.isPending), refused: isRefusedInPlace(current.error) };
}

/** Whether a record read with its archivedAt is archived. */
export const isArchived = (record: object): boolean => archivedAtOf(record) !== null;

/** When a record was archived (epoch ms), or null while current. */
export const archivedAtOf = (record: object): number | null => {
  const value = (record as { archivedAt?: unknown }).archivedAt;
  return typeof value === 'number' ? value : null;
};

/**
 * id → name of a related list. With withArchived, archived records are named too, marked
 * "(archived)", so a record still referring to one shows what it refers to.
 */
export function useNameLookup(resource: string, options: RelatedListOptions = {}): ReadonlyMap<string, string> {
  const translate = useTranslate();
  const records = useRelatedList<RaRecord & { name: string }>(resource, ['name'], options);
  return useMemo(
    () => new Map(records.map((r) => [String(r.id), isArchived(r) ? translate('app.archive.archived_name', { name: r.name }) : r.name])),
    [records, translate],
  );
}

/**
 * id → name of several related lists at once, by resource. `resources` must be the same on every
 * render of a component (one declaration's references): it decides how many lookups run.
 */
export function useNameLookups(resources: readonly (string | { resource: string; withArchived?: boolean })[]): ReadonlyMap<string, ReadonlyMap<string, string>> {
  const asked = resources.map((entry) => (typeof entry === 'string' ? { resource: entry } : entry));
  // eslint-disable-next-line react-hooks/rules-of-hooks -- `resources` is fixed per declaration: the same hooks run in the same order on every render
  const lookups = asked.map(({ resource, withArchived }) => [resource, useNameLookup(resource, { withArchived })] as const);
  // eslint-disable-next-line react-hooks/exhaustive-deps, react-hooks/use-memo -- the dependencies are the lookups themselves, as many as the declaration references (fixed), which the rules cannot see in a computed array
  return useMemo(() => new Map(lookups), lookups.map(([, lookup]) => lookup));
}

/** The whole lists of several related resources, as `useRelatedList` reads each; `lists` must be the same on every render (one declaration's). */
export function useRelatedLists<T extends RaRecord>(lists: readonly { resource: string; fields: readonly string[]; withArchived?: boolean }[]): T[][] {
  // eslint-disable-next-line react-hooks/rules-of-hooks -- `lists` is fixed per declaration: the same hooks run in the same order on every render
  return lists.map(({ resource, fields, withArchived }) => useRelatedList<T>(resource, fields, { withArchived }));
}
