import { assets, checklists } from '../../db/schema';
import { assetSchema, type ChecklistOption } from '../../../common/resources/asset';
import type { CrudResource } from '../../resources/crudResource';
import { requireIds } from '../../resources/references';

/** Assets: checklists and checklist options must name existing checklists. */
export const assetResource: CrudResource = {
  entity: 'asset',
  label: 'Asset',
  table: assets,
  schema: assetSchema,
  read: { anyPermission: ['manage-asset', 'manage-checklist', 'read-asset'] },
  write: 'manage-asset',
  defaultOrder: ['name'],
  searchFields: ['name', 'identification', 'tags'],
  async checkReferences(db, input) {
    await requireIds(db, checklists, input.checklists as string[], 'checklists', 'checklist');
    const options = input.checklistOptions as ChecklistOption[];
    await requireIds(db, checklists, options.flatMap((o) => o.checklistIds), 'checklistOptions.checklistIds', 'checklist');
  },
};
