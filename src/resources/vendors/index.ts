import StorefrontIcon from '@mui/icons-material/Storefront';
import { declareResource } from '../generic/declareResource';
import { vendorSchema } from '../../../common/resources/vendor';

export const vendorResource = declareResource({
  name: 'vendor', label: 'Vendor', schema: vendorSchema, icon: StorefrontIcon,
  permission: 'manage-vendor', copy: true,
});
