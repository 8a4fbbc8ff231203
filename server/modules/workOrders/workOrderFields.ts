/**
 * The names the work order config entries may use (docs/work-orders.md, "Config entries"): what a
 * list column may show, what a filter may filter on, what the list may be sorted by. Kept apart
 * from the reads that turn them into SQL, so the config checks and the reads name the same set.
 */

/** Fields of a list row (common WorkOrder): a column's `dataField`. */
export const LIST_FIELDS = [
  'title', 'description', 'status', 'priority', 'asset', 'assetName', 'assignedTo', 'assignedToName',
  'startTimestamp', 'endTimestamp', 'alert', 'createdBy', 'createdAt', 'updatedAt',
  'type', 'estimatedHours', 'downtimeStart', 'downtimeEnd', 'completedByName', 'completedAt',
] as const;

/** Keys a configured filter may name (common WorkOrderFilter); GET /workOrder also takes `alert`. */
export const FILTER_KEYS = ['title', 'status', 'priority', 'asset', 'assignedTo', 'type'] as const;
export const QUERY_FILTER_KEYS = [...FILTER_KEYS, 'alert'] as const;
export type QueryFilterKey = (typeof QUERY_FILTER_KEYS)[number];

/**
 * Fields the list sorts by. Asset and assignee sort by their names (the list shows names, spec
 * §2.8); status and priority in the configured order (High before Medium before Low), not A–Z.
 * `id`/`_id` too: react-admin's lists ask for `sort=["id","ASC"]` when told nothing else.
 */
export const SORT_FIELDS = [
  'title', 'status', 'priority', 'asset', 'assetName', 'assignedTo', 'assignedToName',
  'startTimestamp', 'endTimestamp', 'createdAt', 'updatedAt', '_id', 'id', 'type', 'completedAt',
] as const;
export type SortField = (typeof SORT_FIELDS)[number];

export const includes = <T extends string>(list: readonly T[], value: unknown): value is T => typeof value === 'string' && (list as readonly string[]).includes(value);
