import type { RaRecord } from 'react-admin';
import type { ResourceDefinition } from './generic/ResourceDefinition';
import { configResource } from './config';
import { permissionResource } from './permissions';

/**
 * Every administration screen, in the drawer's order (spec §2.1's route table). The engineer
 * routes and the drawer's manage-* entries are built from this list.
 */
export const administrationResources: readonly ResourceDefinition<RaRecord>[] = [
  configResource,
  permissionResource,
] as unknown as ResourceDefinition<RaRecord>[];
