import type { TableType } from '../../../common/resources/table';
import { tablePath, TABLE_ROUTE_TYPES, type TableRouteSegment } from '../../features/tables/tableDefinition';

/**
 * The table screen that opens this very table (spec §2.1: the containers with /:tableId), or null
 * for types without one: breakdown has no container and the report container has no tableId.
 */
export function tableScreenPath(type: TableType | undefined, tableId: string): string | null {
  const segments = Object.keys(TABLE_ROUTE_TYPES) as TableRouteSegment[];
  const segment = segments.find((candidate) => candidate !== 'report' && TABLE_ROUTE_TYPES[candidate] === type);
  return segment ? tablePath(segment, tableId) : null;
}
