import InventoryIcon from '@mui/icons-material/Inventory2';
import { sparePartSchema } from '../../../common/resources/sparePart';
import { declareResource } from '../mechanism/declareResource';

/**
 * The stores' spare parts (docs/spare-parts.md): New asks the part number and the name; a row is
 * named by both ('Delete NPS-IMP-150 Impeller 150 mm'); the stock column is red at the reorder level.
 */
export const sparePartResource = declareResource({
  name: 'sparePart', label: 'Spare part', schema: sparePartSchema, icon: InventoryIcon, permission: 'manage-sparepart', copy: { dropFields: ['partNumber'] },
  columns: ['photo', 'partNumber', 'name', 'vendor', 'quantityOnHand', 'reorderLevel', 'stock', 'unitCost', 'criticality', 'location'],
  labelField: ['partNumber', 'name'], defaultSort: [{ field: 'partNumber', order: 'asc' }],
});
