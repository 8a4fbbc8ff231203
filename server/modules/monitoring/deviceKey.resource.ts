import { eq, sql } from 'drizzle-orm';
import type { CrudResource } from '../../crud/crudResource';
import { resourceTable } from '../../db/resourceTable';
import { deviceKeySecrets } from '../../db/schema';
import { deviceKeySchema } from '../../../common/resources/deviceKey';

export const deviceKeys = resourceTable('device_keys', deviceKeySchema);

/** Published on the invalidation bus when a device key or its secret changes: every process reloads its keys (deviceKeyCache.ts). */
export const DEVICE_KEYS_CHANGED = 'deviceKeys:*';

/**
 * Gateways' keys (DESIGN §17, docs/monitoring.md). A write reaches every process's key cache at once
 * (the invalidation bus), so a key made inactive or deleted is refused from the next reading on.
 */
export const deviceKeyResource: CrudResource = {
  entity: 'deviceKey', label: 'Device key', table: deviceKeys, schema: deviceKeySchema, write: 'manage-devicekey', createdBy: 'createdBy',
  beforeDelete: async (tx, row) => {
    await tx.delete(deviceKeySecrets).where(eq(deviceKeySecrets.deviceKey, row._id));
  },
  afterWrite: (app) => app.services.bus.publish(DEVICE_KEYS_CHANGED),
};

/** A key's counters and last sighting, added in one statement per key and flush (deviceKeyCache.ts). */
export const countUse = (id: string, accepted: number, refused: number, seenAt: number) => sql`
  update ${deviceKeys} set accepted = coalesce(accepted, 0) + ${accepted}, refused = coalesce(refused, 0) + ${refused},
    last_seen = greatest(coalesce(last_seen, 0), ${seenAt}) where id = ${id}`;
