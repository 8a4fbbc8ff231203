import type { FastifyInstance } from 'fastify';
import { ALL_PERMISSIONS } from '../../common/permissions';
import { registerCrudResource, type CrudResource } from './crudResource';
import { permissionResource } from '../modules/permissions/permission.resource';
import { configResource } from '../modules/config/config.resource';
import { scriptResource } from '../modules/scripts/script.resource';
import { roleResource } from '../modules/roles/role.resource';
import { tableResource } from '../modules/tables/table.resource';
import { dashboardResource } from '../modules/dashboards/dashboard.resource';
import { widgetResource } from '../modules/widgets/widget.resource';
import { attributeResource } from '../modules/attributes/attribute.resource';
import { checklistResource } from '../modules/checklists/checklist.resource';
import { assetResource } from '../modules/assets/asset.resource';
import { jobResource } from '../modules/jobs/job.resource';
import { reportResource } from '../modules/reports/report.resource';

/** Every entity served by the generic CRUD registration (README: "Adding a resource"). */
export const crudResources: readonly CrudResource[] = [
  permissionResource,
  configResource,
  scriptResource,
  roleResource,
  tableResource,
  widgetResource,
  dashboardResource,
  attributeResource,
  checklistResource,
  assetResource,
  jobResource,
  reportResource,
];

/**
 * Every permission the code defines: common/permissions.ts's list and each declared resource's
 * write permission, so declaring `write: 'manage-vendor'` is all a new resource does for it.
 */
export function knownPermissions(resources: readonly CrudResource[] = crudResources): string[] {
  return [...new Set<string>([...ALL_PERMISSIONS, ...resources.map((resource) => resource.write)])];
}

declare module 'fastify' {
  interface FastifyInstance {
    /** knownPermissions() of the resources this app serves: the ones nobody may delete. */
    knownPermissions: ReadonlySet<string>;
  }
}

/** The generic CRUD routes of `resources` (buildApp's, by default every declared one). */
export async function crudRoutes(app: FastifyInstance, { resources = crudResources }: { resources?: readonly CrudResource[] }) {
  for (const resource of resources) registerCrudResource(app, resource);
}
