import { TABLE_PAGE_SIZE } from '../../../common/constants';
import type { SortTerm } from '../../shared/ui/recordTable/tableSort';

/** Spec §3 Saved table settings, kept in local storage per table. */
export interface TableSettings {
  page: number;
  itemsPerPage: number;
  search: string;
  sortBy: string[];
  sortDesc: boolean[];
}

const KEY_PREFIX = 'tableSettings:';
/** Spec §9: page size 10; -1 (all rows) when pagination is hidden. */
export const ALL_ROWS = -1;

export function defaultSettings(sort: Record<string, 'asc' | 'desc'> | undefined, hidePagination = false): TableSettings {
  const entries = Object.entries(sort ?? {});
  // Spec §9: default sort timestamp descending when the table names none.
  const terms = entries.length > 0 ? entries : ([['timestamp', 'desc']] as const);
  return {
    page: 0,
    itemsPerPage: hidePagination ? ALL_ROWS : TABLE_PAGE_SIZE,
    search: '',
    sortBy: terms.map(([field]) => field),
    sortDesc: terms.map(([, order]) => order === 'desc'),
  };
}

function isSettings(value: unknown): value is TableSettings {
  if (!value || typeof value !== 'object') return false;
  const v = value as Partial<TableSettings>;
  return (
    Number.isInteger(v.page) &&
    Number.isInteger(v.itemsPerPage) &&
    typeof v.search === 'string' &&
    Array.isArray(v.sortBy) &&
    v.sortBy.every((field) => typeof field === 'string') &&
    Array.isArray(v.sortDesc) &&
    v.sortDesc.length === v.sortBy.length &&
    v.sortDesc.every((desc) => typeof desc === 'boolean')
  );
}

/** The settings saved for a table, or null (none, or unreadable). */
export function loadSettings(tableId: string): TableSettings | null {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(KEY_PREFIX + tableId) ?? 'null');
    return isSettings(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

export function saveSettings(tableId: string, settings: TableSettings): void {
  try {
    localStorage.setItem(KEY_PREFIX + tableId, JSON.stringify(settings));
  } catch {
    // Storage full or disabled: the table still works, it just forgets.
  }
}

export function sortTermsOf(settings: TableSettings): SortTerm[] {
  return settings.sortBy.map((field, index) => ({ field, order: settings.sortDesc[index] ? 'desc' : 'asc' }));
}

export function withSort(settings: TableSettings, terms: readonly SortTerm[]): TableSettings {
  return { ...settings, sortBy: terms.map((term) => term.field), sortDesc: terms.map((term) => term.order === 'desc') };
}
