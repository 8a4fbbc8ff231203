import type { FastifyInstance } from 'fastify';
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

export async function crudRoutes(app: FastifyInstance) {
  for (const resource of crudResources) registerCrudResource(app, resource);
}
