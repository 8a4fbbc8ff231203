import { eq } from 'drizzle-orm';
import type { CrudResource } from '../../crud/crudResource';
import { resourceTable } from '../../db/resourceTable';
import { pointStates, readings } from '../../db/schema';
import { measurementPointSchema } from '../../../common/resources/measurementPoint';

export const measurementPoints = resourceTable('measurement_points', measurementPointSchema, { unique: ['asset', 'key'] });

/** Published on the invalidation bus when a measurement point changes: every process reloads its points (pointCatalogue.ts). */
export const POINTS_CHANGED = 'measurementPoints:*';

/**
 * Measurement points (DESIGN §17, docs/monitoring.md): an asset's key is unique on it, as its topic
 * names it. Whoever reads assets reads their points; whoever manages assets manages them. Deleting
 * a point deletes its readings (its alerts stay, as history).
 */
export const measurementPointResource: CrudResource = {
  entity: 'measurementPoint', label: 'Measurement point', table: measurementPoints, schema: measurementPointSchema,
  read: { anyPermission: ['read-asset', 'manage-asset'] }, write: 'manage-asset',
  unique: { fields: ['asset', 'key'], message: (value) => `The asset already has a measurement point with the key "${value.split(' / ')[1] ?? value}"` },
  defaultOrder: ['name'],
  beforeDelete: async (tx, row) => {
    await tx.delete(readings).where(eq(readings.point, row._id));
    await tx.delete(pointStates).where(eq(pointStates.point, row._id));
  },
  afterWrite: (app) => app.services.bus.publish(POINTS_CHANGED),
};
