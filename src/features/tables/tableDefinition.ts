import type { TableType } from '../../../common/resources/table';
import type {
  TableDefinition as CommonDefinition,
  TableDefinitionAction,
  TableDefinitionField,
  TableDefinitionFilter as CommonFilter,
} from '../../../common/tables/tableDefinition';

/** One entry of GET /table?limitToRole=true&type=… (spec §7): the role's tables of a type. */
export interface TableSummary {
  _id: string;
  name: string;
  type?: TableType;
  default?: boolean;
}

export type FilterType = CommonFilter['type'];

export type FilterOption = string | number | { label?: string; text?: string; value: string | number };

/** The server's definition (common/tables/tableDefinition.ts) with dropdown options typed for the screen. */
export interface TableFilter extends Omit<CommonFilter, 'options'> {
  options?: FilterOption[];
}

export type TableField = TableDefinitionField;
export type TableAction = TableDefinitionAction;
export type TableRow = Record<string, unknown>;

/** GET /table/{tableId} (spec §3 Table definition). */
export interface TableDefinition extends Omit<CommonDefinition, 'filters'> {
  filters?: TableFilter[];
}

/** The route segments of the table containers (spec §2.1) and the table type each lists. */
export const TABLE_ROUTE_TYPES = {
  asset: 'asset',
  alert: 'alert',
  inspection: 'inspection',
  checklist: 'checklist',
  thermographyNote: 'thermography',
  report: 'report',
} as const satisfies Record<string, TableType>;

export type TableRouteSegment = keyof typeof TABLE_ROUTE_TYPES;

/** Where a table of a route segment lives; the report container has no tableId variant. */
export function tablePath(segment: TableRouteSegment, tableId?: string): string {
  const base = `/home/${segment}/table`;
  return tableId && segment !== 'report' ? `${base}/${encodeURIComponent(tableId)}` : base;
}

/** The table the screen opens without a tableId: the role's default, else the first. */
export function pickDefaultTable(tables: readonly TableSummary[]): TableSummary | undefined {
  return tables.find((table) => table.default === true) ?? tables[0];
}
