export interface SortTerm {
  field: string;
  order: 'asc' | 'desc';
}

/**
 * Multi-column sort (spec §2.9): clicking a column adds it ascending, a second click makes it
 * descending, a third takes it out; the other columns keep their place in the sort.
 */
export function toggleSort(terms: readonly SortTerm[], field: string): SortTerm[] {
  const current = terms.find((term) => term.field === field);
  if (!current) return [...terms, { field, order: 'asc' }];
  if (current.order === 'asc') return terms.map((term) => (term.field === field ? { field, order: 'desc' } : term));
  return terms.filter((term) => term.field !== field);
}

export type SortValue = string | number | boolean | null | undefined;

const collator = new Intl.Collator(undefined, { sensitivity: 'base', numeric: true });

export function compareValues(a: SortValue, b: SortValue): number {
  const aEmpty = a === null || a === undefined || a === '';
  const bEmpty = b === null || b === undefined || b === '';
  if (aEmpty || bEmpty) return aEmpty === bEmpty ? 0 : aEmpty ? 1 : -1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return collator.compare(String(a), String(b));
}

/** Rows sorted by every term in turn; rows equal on all terms keep their order. */
export function sortRows<T>(rows: readonly T[], terms: readonly SortTerm[], valueOf: (row: T, field: string) => SortValue): T[] {
  if (terms.length === 0) return [...rows];
  return [...rows].sort((a, b) => {
    for (const term of terms) {
      const result = compareValues(valueOf(a, term.field), valueOf(b, term.field));
      if (result !== 0) return term.order === 'asc' ? result : -result;
    }
    return 0;
  });
}
