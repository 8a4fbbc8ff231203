import type { TableFilter } from './tableDefinition';

/**
 * What a link into a table screen carries in its query (a dashboard widget's navigation):
 * `search` for the search box, every other parameter a filter value or, when the table has no
 * filter of that name, a parameter handed to the table's script as it is.
 */
export interface TableLink {
  search: string | null;
  params: Record<string, string>;
}

export function tableLinkOf(query: string): TableLink {
  const params: Record<string, string> = {};
  let search: string | null = null;
  for (const [name, value] of new URLSearchParams(query)) {
    if (name === 'search') search = value;
    else params[name] = value;
  }
  return { search, params };
}

/** The linked parameters that are not among the table's filters: they go to every request as they are. */
export function extraLinkParams(link: TableLink, filters: readonly TableFilter[]): Record<string, string> {
  const names = new Set(filters.map((filter) => filter.name));
  return Object.fromEntries(Object.entries(link.params).filter(([name]) => !names.has(name)));
}
