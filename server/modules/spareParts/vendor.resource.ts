import type { CrudResource } from '../../crud/crudResource';
import { resourceTable } from '../../db/resourceTable';
import { vendorSchema } from '../../../common/resources/vendor';

export const vendors = resourceTable('vendors', vendorSchema);

/** Suppliers of spare parts (docs/spare-parts.md); one that parts name is not deleted (409 naming them). */
export const vendorResource: CrudResource = {
  entity: 'vendor', label: 'Vendor', table: vendors, schema: vendorSchema, write: 'manage-vendor',
};
