import RouterIcon from '@mui/icons-material/Router';
import { deviceKeySchema } from '../../../common/resources/deviceKey';
import { declareResource } from '../mechanism/declareResource';
import { DeviceKeySecret } from './DeviceKeySecret';

/**
 * Gateways' keys (docs/monitoring.md): what a key may write (its site, assets, topic filters), whether
 * it is active, and what it did (last seen, readings accepted and refused). Under the editor: its
 * secret, issued (and issued again) apart and shown once, and why its readings were refused.
 */
export const deviceKeyResource = declareResource({
  name: 'deviceKey', label: 'Device key', schema: deviceKeySchema, icon: RouterIcon, permission: 'manage-devicekey',
  columns: ['name', 'site', 'assets', 'topics', 'active', 'lastSeen', 'accepted', 'refused', 'createdBy'],
  Below: DeviceKeySecret,
});
