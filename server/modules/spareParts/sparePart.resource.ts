import type { CrudResource } from '../../crud/crudResource';
import { resourceTable } from '../../db/resourceTable';
import { sparePartSchema } from '../../../common/resources/sparePart';

export const spareParts = resourceTable('spare_parts', sparePartSchema, { unique: ['partNumber'] });

/** Spare parts in the stores (docs/spare-parts.md): unique by part number, listed by it. */
export const sparePartResource: CrudResource = {
  entity: 'sparePart', label: 'Spare part', table: spareParts, schema: sparePartSchema, write: 'manage-sparepart',
  unique: { field: 'partNumber' }, defaultOrder: ['partNumber'],
};
