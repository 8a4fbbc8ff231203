import * as yup from 'yup';
import { field, registerFieldKind, type FieldMeta } from '..';

/** Which of the record's fields the level is read from. */
export interface StockLevelSettings {
  quantity: string;
  reorderLevel: string;
}

/** Quantity and reorder level as numbers, or null when either is not set. */
function levels({ settings }: FieldMeta<StockLevelSettings>, record: Readonly<Record<string, unknown>>): { quantity: number; reorderLevel: number } | null {
  const quantity = settings ? record[settings.quantity] : undefined;
  const reorderLevel = settings ? record[settings.reorderLevel] : undefined;
  return typeof quantity === 'number' && typeof reorderLevel === 'number' ? { quantity, reorderLevel } : null;
}

const REORDER = 'Reorder';
const IN_STOCK = 'In stock';

/**
 * The product's own field kind (DESIGN §15, docs/resources.md "A kind of your own"): a spare
 * part's stock level, computed from two of its fields — a red "Reorder" chip once the quantity on
 * hand is at or below the reorder level, "In stock" otherwise. Nothing is stored or typed: a value
 * a client sends back with the record is dropped.
 */
export const stockLevelField = registerFieldKind<StockLevelSettings>({
  name: 'stockLevel',
  schema: () => yup.mixed().strip(),
  column: null,
  input: null,
  text: (_value, meta, { record }) => {
    const level = levels(meta, record);
    return level === null ? '' : level.quantity <= level.reorderLevel ? REORDER : IN_STOCK;
  },
  chip: (_value, meta, { record }) => {
    const level = levels(meta, record);
    if (level === null) return null;
    return level.quantity <= level.reorderLevel ? { label: REORDER, tone: 'error' } : { label: IN_STOCK, tone: 'success' };
  },
  // The parts nearest to running out first: what is left above the reorder level.
  sortValue: (_value, meta, { record }) => {
    const level = levels(meta, record);
    return level === null ? Number.MAX_SAFE_INTEGER : level.quantity - level.reorderLevel;
  },
  searched: false,
  openApi: () => ({ readOnly: true, description: 'Computed from the quantity and the reorder level; ignored in a body' }),
});

/** `stock: stockLevel('Stock', { quantity: 'quantityOnHand', reorderLevel: 'reorderLevel' })`. */
export const stockLevel = (label: string, settings: StockLevelSettings) => field.of<StockLevelSettings>(stockLevelField.name, label, settings);
