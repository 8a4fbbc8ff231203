import { eq, sql } from 'drizzle-orm';
import { alerts, assets, checklists, inspectionSchedules, inspections, workOrders } from '../../db/schema';
import { assetSchema, type ChecklistOption } from '../../../common/resources/asset';
import type { CrudResource } from '../../crud/crudResource';
import { requireIds } from '../../crud/references';
import { readsOnlyNameList } from '../../auth/access';

/**
 * Assets: checklists and checklist options must name existing checklists, and a checklist added
 * to the asset must be current. Deleting an asset that inspections, alerts, schedules or work
 * orders name archives it (technicians no longer find it; its history keeps its name).
 */
export const assetResource: CrudResource = {
  entity: 'asset',
  label: 'Asset',
  table: assets,
  schema: assetSchema,
  read: {
    permission: 'read-asset',
    orIf: (request, user) => user.permissions.has('manage-asset') || user.permissions.has('manage-checklist') || readsOnlyNameList(request, '/api/asset'),
    orIfDescription: 'manage-asset or manage-checklist, or any signed-in user for GET /asset?fields=id,name',
  },
  write: 'manage-asset',
  // Scans look the identification up trimmed (assetInspection.routes.ts): stored so, a label finds its asset.
  prepare: (input) => ({ ...input, identification: String(input.identification).trim() }),
  // Submits validate against a cached catalogue (modules/inspections/catalogueCache.ts).
  afterWrite: (app) => app.services.catalogue.invalidate(),
  searchFields: ['name', 'identification', 'tags'],
  // The Assets screen shows checklist names in the asset's order, unknown ids dropped (spec §2.9),
  // and tags comma-joined: sorted and searched as shown. A search finds an asset by one of its
  // checklists' names (the matching checklists are found once; the GIN index finds their assets).
  shown: {
    checklists: {
      text: sql`(select string_agg(${checklists.name}, ', ' order by listed.position) from unnest(${assets.checklists}) with ordinality listed(id, position) join ${checklists} on ${checklists._id} = listed.id)`,
      matches: (pattern) => sql`${assets.checklists} && array(select ${checklists._id} from ${checklists} where ${checklists.name} ilike ${pattern})`,
    },
    tags: { text: sql`array_to_string(${assets.tags}, ', ')` },
  },
  archive: {
    references: [
      { kind: 'inspection', table: inspections, refersTo: (id) => eq(inspections.asset, id) },
      { kind: 'alert', table: alerts, refersTo: (id) => eq(alerts.asset, id) },
      { kind: 'inspectionSchedule', table: inspectionSchedules, refersTo: (id) => eq(inspectionSchedules.asset, id) },
      // An order keeps showing its asset's name after the asset is gone (docs/work-orders.md).
      { kind: 'workOrder', table: workOrders, refersTo: (id) => eq(workOrders.asset, id) },
    ],
  },
  async checkReferences(db, input, existingId) {
    // An archived checklist the asset already offered may be saved back with it (it stays hidden
    // from technicians); adding one is refused.
    const [stored] = existingId ? await db.select({ checklists: assets.checklists, checklistOptions: assets.checklistOptions }).from(assets).where(eq(assets._id, existingId)) : [];
    const held = new Set([...(stored?.checklists ?? []), ...(stored?.checklistOptions ?? []).flatMap((o) => o.checklistIds)]);
    await requireIds(db, checklists, input.checklists as string[], 'checklists', 'checklist', held);
    const options = input.checklistOptions as ChecklistOption[];
    await requireIds(db, checklists, options.flatMap((o) => o.checklistIds), 'checklistOptions.checklistIds', 'checklist', held);
  },
};
