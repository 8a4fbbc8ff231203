import type { CrudResource } from '../../resources/crudResource';
import { resourceTable } from '../../db/resourceTable';
import { vendorSchema } from '../../../common/resources/vendor';

export const vendors = resourceTable('vendors', vendorSchema);

export const vendorResource: CrudResource = {
  entity: 'vendor', label: 'Vendor', table: vendors, schema: vendorSchema, write: 'manage-vendor',
};
