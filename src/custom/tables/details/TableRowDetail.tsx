import type { TableDefinition, TableRow, TableField } from '../tableDefinition';
import { RowFields } from '../RowFields';
import { AlertDetail } from './AlertDetail';
import { AssetDetail } from './AssetDetail';
import { InspectionDetail } from './InspectionDetail';

/** The record a row stands for: its `_id` (the seeded tables' rows are records), else its key field. */
function recordIdOf(row: TableRow, keyField: string | undefined): string | null {
  const id = row._id ?? (keyField ? row[keyField] : undefined);
  return typeof id === 'string' || typeof id === 'number' ? String(id) : null;
}

/**
 * What an expanded row shows (spec §2.5 "a row expands into a detail by table type"): the alert,
 * inspection or asset detail of the record the row stands for; rows of other types, or rows that
 * name no record, show their own fields.
 */
export function TableRowDetail({ definition, row, fields }: { definition: Pick<TableDefinition, 'type' | 'keyField'>; row: TableRow; fields: readonly TableField[] }) {
  const id = recordIdOf(row, definition.keyField);
  if (id !== null && definition.type === 'alert') return <AlertDetail alertId={id} />;
  if (id !== null && definition.type === 'inspection') return <InspectionDetail inspectionId={id} />;
  if (id !== null && definition.type === 'asset') return <AssetDetail assetId={id} />;
  return <RowFields row={row} fields={fields} />;
}
