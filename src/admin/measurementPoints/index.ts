import SensorsIcon from '@mui/icons-material/Sensors';
import { measurementPointSchema } from '../../../common/resources/measurementPoint';
import { declareResource } from '../mechanism/declareResource';

/**
 * Measurement points (docs/monitoring.md): New asks the asset, the name and the key its gateway
 * publishes under; the levels, deadband and duration are the point's alerting rule.
 */
export const measurementPointResource = declareResource({
  name: 'measurementPoint', label: 'Measurement point', schema: measurementPointSchema, icon: SensorsIcon, permission: 'manage-asset', copy: { dropFields: ['key'] },
  columns: ['name', 'asset', 'key', 'unit', 'attribute', 'kind', 'direction', 'warning', 'critical', 'deadband', 'minDurationSeconds'],
});
