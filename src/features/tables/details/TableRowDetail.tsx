import type { TableDefinition, TableRow, TableField } from '../tableDefinition';
import { RowFields } from '../RowFields';
import { AlertDetail } from './AlertDetail';
import { AssetDetail } from './AssetDetail';
import { InspectionDetail } from './InspectionDetail';
import { ThermographyNoteDetail } from './ThermographyNoteDetail';

/** The record a row stands for: its `_id` (the seeded tables' rows are records), else its key field. */
function recordIdOf(row: TableRow, keyField: string | undefined): string | null {
  const id = row._id ?? (keyField ? row[keyField] : undefined);
  return typeof id === 'string' || typeof id === 'number' ? String(id) : null;
}

/**
 * What an expanded row shows (spec §2.5 "a row expands into a detail by table type"): the alert,
 * inspection, asset or thermography note detail of the record the row stands for; rows of other
 * types, or rows that name no record, show their own fields. `onRecordChanged` refreshes the
 * table after a detail changed what its row shows (a note deleted, spec §4).
 */
export function TableRowDetail({
  definition,
  row,
  fields,
  onRecordChanged,
}: {
  definition: Pick<TableDefinition, 'type' | 'keyField'>;
  row: TableRow;
  fields: readonly TableField[];
  onRecordChanged?: () => void;
}) {
  const id = recordIdOf(row, definition.keyField);
  if (id !== null && definition.type === 'alert') return <AlertDetail alertId={id} />;
  if (id !== null && definition.type === 'inspection') return <InspectionDetail inspectionId={id} />;
  if (id !== null && definition.type === 'asset') return <AssetDetail assetId={id} />;
  if (id !== null && definition.type === 'thermography') return <ThermographyNoteDetail noteId={id} onChanged={onRecordChanged} />;
  return <RowFields row={row} fields={fields} />;
}
