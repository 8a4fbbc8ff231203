import type { RaRecord } from 'react-admin';
import type { ResourceDefinition } from './generic/ResourceDefinition';
import { assetResource } from './assets';
import { attributeResource } from './attributes';
import { checklistResource } from './checklists';
import { configResource } from './config';
import { dashboardResource } from './dashboards';
import { jobResource } from './jobs';
import { permissionResource } from './permissions';
import { reportResource } from './reports';
import { roleResource } from './roles';
import { scriptResource } from './scripts';
import { tableResource } from './tables';
import { userResource } from './users';
import { widgetResource } from './widgets';

/**
 * Every administration screen, in the drawer's order (spec §2.1's route table). The engineer
 * routes and the drawer's manage-* entries are built from this list.
 */
export const administrationResources: readonly ResourceDefinition<RaRecord>[] = [
  userResource,
  configResource,
  scriptResource,
  checklistResource,
  permissionResource,
  roleResource,
  tableResource,
  reportResource,
  widgetResource,
  dashboardResource,
  jobResource,
  attributeResource,
  assetResource,
] as unknown as ResourceDefinition<RaRecord>[];
