import type { InferType } from 'yup';
import { field } from '../fields';
import { stockLevel } from '../fields/custom/stockLevel';
import { strictObject } from './schemaParts';

export const CRITICALITIES = ['low', 'medium', 'high'] as const;

/**
 * A spare part kept in the stores (docs/spare-parts.md): its part number is unique, its name need
 * not be (two vendors' "Impeller"); the stock column turns red at the reorder level.
 */
export const sparePartSchema = strictObject({
  partNumber: field.text('Part number', { max: 60, required: true }),
  name: field.name(),
  vendor: field.reference('Vendor', 'vendor'),
  assets: field.references('Used on', 'asset'),
  quantityOnHand: field.integer('Quantity on hand', { min: 0 }),
  reorderLevel: field.integer('Reorder level', { min: 0 }),
  stock: stockLevel('Stock', { quantity: 'quantityOnHand', reorderLevel: 'reorderLevel' }),
  unitCost: field.money('Unit cost'),
  // A plant's own scale (A/B/C, 1–5) is set in Configuration: these are the entry's first value.
  criticality: field.choice('Criticality', CRITICALITIES, { optionsFrom: 'choices.sparePart.criticality' }),
  location: field.text('Storage location', { max: 120 }),
  photo: field.photo('Photo'),
  datasheet: field.file('Datasheet', { accept: ['pdf'] }),
  notes: field.longText('Notes'),
});

export type SparePartInput = InferType<typeof sparePartSchema>;
