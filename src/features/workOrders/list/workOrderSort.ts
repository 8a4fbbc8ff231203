import type { WorkOrderConfig } from '../../../../common/resources/workOrder';
import type { SortTerm } from '../../../shared/ui/recordTable/tableSort';

/** The list's order: the config's (spec §3 `sort`, applied by the server when none is sent), or one clicked column. */
export interface WorkOrderSort {
  terms: SortTerm[];
  /** True while it is the config's: no `sort` goes to the server, which applies the config's. */
  isDefault: boolean;
}

export function defaultSort(config: Pick<WorkOrderConfig, 'sort'>): WorkOrderSort {
  const terms = config.sort.flatMap((entry) => Object.entries(entry).map(([field, order]): SortTerm => ({ field, order: order === 'desc' ? 'desc' : 'asc' })));
  return { terms, isDefault: true };
}

/**
 * The sort after a click on a column heading. The server orders by one field (`sort=["field",
 * "ASC"]`), so a click makes that column the only one: ascending, then descending, then back to
 * the config's order. A column already in the config's order starts at ascending too.
 * `next` is what the table proposes (RecordTable's multi-column toggle), read only for which column
 * was clicked and how.
 */
export function clickedSort(current: WorkOrderSort, next: readonly SortTerm[], config: Pick<WorkOrderConfig, 'sort'>): WorkOrderSort {
  const changed = next.find((term) => !current.terms.some((known) => known.field === term.field && known.order === term.order));
  if (changed) return { terms: [changed], isDefault: false };
  const removed = current.terms.find((term) => !next.some((kept) => kept.field === term.field));
  if (removed && current.isDefault) return { terms: [{ field: removed.field, order: 'asc' }], isDefault: false };
  return defaultSort(config);
}

/** The `sort` param: the clicked column, or nothing for the config's order. */
export function sortParam(sort: WorkOrderSort): string | undefined {
  const [term] = sort.terms;
  return sort.isDefault || !term ? undefined : JSON.stringify([term.field, term.order === 'desc' ? 'DESC' : 'ASC']);
}
