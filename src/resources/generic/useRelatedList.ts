import { useMemo } from 'react';
import { useGetList, type RaRecord } from 'react-admin';

/**
 * A related entity's whole list for lookups in columns and editors (role names, checklist
 * names…), shared through react-admin's query cache by every screen asking the same.
 */
export function useRelatedList<T extends RaRecord>(resource: string, fields?: readonly string[]): T[] {
  return useRelatedListState<T>(resource, fields).records;
}

/** The same, telling whether it is still loading (a select must not show a stored id as out of range meanwhile). */
export function useRelatedListState<T extends RaRecord>(resource: string, fields?: readonly string[]): { records: T[]; isPending: boolean } {
  const { data, isPending } = useGetList<T>(resource, { pagination: { page: 1, perPage: 1_000_000 }, meta: { all: true, fields } });
  const records = useMemo(() => data ?? [], [data]);
  return { records, isPending };
}

/** id → name of a related list. */
export function useNameLookup(resource: string): ReadonlyMap<string, string> {
  const records = useRelatedList<RaRecord & { name: string }>(resource, ['name']);
  return useMemo(() => new Map(records.map((r) => [String(r.id), r.name])), [records]);
}
