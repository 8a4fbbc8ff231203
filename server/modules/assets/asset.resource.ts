import { assets, checklists } from '../../db/schema';
import { assetSchema, type ChecklistOption } from '../../../common/resources/asset';
import type { CrudResource } from '../../resources/crudResource';
import { requireIds } from '../../resources/references';
import { readsOnlyNameList } from '../../auth/access';

/** Assets: checklists and checklist options must name existing checklists. */
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
  // Submits validate against a cached catalogue (modules/inspections/catalogueCache.ts).
  afterWrite: (app) => app.services.catalogue.invalidate(),
  defaultOrder: ['name'],
  searchFields: ['name', 'identification', 'tags'],
  async checkReferences(db, input) {
    await requireIds(db, checklists, input.checklists as string[], 'checklists', 'checklist');
    const options = input.checklistOptions as ChecklistOption[];
    await requireIds(db, checklists, options.flatMap((o) => o.checklistIds), 'checklistOptions.checklistIds', 'checklist');
  },
};
