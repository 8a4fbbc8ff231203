import StorefrontIcon from '@mui/icons-material/Storefront';
import { vendorSchema } from '../../../common/resources/vendor';
import { declareResource } from '../mechanism/declareResource';

/** Suppliers of spare parts (docs/spare-parts.md): every part derived from the schema. */
export const vendorResource = declareResource({
  name: 'vendor', label: 'Vendor', schema: vendorSchema, icon: StorefrontIcon, permission: 'manage-vendor', copy: true,
  columns: ['name', 'contactName', 'phone', 'email', 'active'],
});
