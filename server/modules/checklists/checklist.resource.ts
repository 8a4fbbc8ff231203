import { eq, inArray, sql } from 'drizzle-orm';
import { alertLevels, assets, attributes, checklists, scripts } from '../../db/schema';
import { badRequest } from '../../http/errors';
import { checklistSchema, type ChecklistGroup, type ChecklistItem } from '../../../common/resources/checklist';
import type { CrudResource } from '../../resources/crudResource';
import { requireIds } from '../../resources/references';
import { thresholdProblem } from './thresholdValue';

/**
 * Checklists. Items must name existing attributes (each once), thresholds must fit the
 * attribute's type, groups may only hold the checklist's own attributes. Deleting a checklist
 * takes it off the assets (and their checklist options) that offered it.
 */
export const checklistResource: CrudResource = {
  entity: 'checklist',
  label: 'Checklist',
  table: checklists,
  schema: checklistSchema,
  read: { anyPermission: ['manage-checklist', 'manage-attribute', 'manage-asset', 'read-checklist'] },
  write: 'manage-checklist',
  // Submits validate against a cached catalogue (modules/inspections/catalogueCache.ts).
  afterWrite: (app) => app.services.catalogue.invalidate(),
  defaultOrder: ['name'],
  searchFields: ['name', 'frequency'],
  async checkReferences(db, input) {
    const items = input.checklistItems as ChecklistItem[];
    const groups = input.groups as ChecklistGroup[];
    await requireIds(db, scripts, input.scripts as string[], 'scripts', 'script');
    const ids = items.map((item) => item.attribute);
    const known = ids.length
      ? await db.select().from(attributes).where(inArray(attributes._id, [...new Set(ids)]))
      : [];
    const byId = new Map(known.map((a) => [a._id, a]));
    const seen = new Set<string>();
    for (const [index, item] of items.entries()) {
      const field = `checklistItems[${index}].attribute`;
      const attribute = byId.get(item.attribute);
      if (!attribute) throw badRequest(field, `${field}: unknown attribute ${item.attribute}`);
      if (seen.has(item.attribute)) throw badRequest(field, `${field}: attribute "${attribute.name}" is already in this checklist`);
      seen.add(item.attribute);
      if (item.threshold) {
        const problem = thresholdProblem(attribute, item.threshold.value);
        if (problem) throw badRequest(`checklistItems[${index}].threshold.value`, `checklistItems[${index}].threshold.value ${problem}`);
      }
    }
    const levels = items.flatMap((item) => (item.threshold?.level ? [item.threshold.level] : []));
    await requireIds(db, alertLevels, levels, 'checklistItems.threshold.level', 'alert level');
    for (const [index, group] of groups.entries()) {
      const stray = group.attributes.find((id) => !seen.has(id));
      if (stray) throw badRequest(`groups[${index}].attributes`, `groups[${index}].attributes: ${stray} is not an item of this checklist`);
    }
  },
  async beforeDelete(tx, row) {
    const holders = await tx
      .select({ _id: assets._id, checklists: assets.checklists, checklistOptions: assets.checklistOptions })
      .from(assets)
      .where(sql`${row._id} = any(${assets.checklists}) or ${assets.checklistOptions} @> ${JSON.stringify([{ checklistIds: [row._id] }])}::jsonb`);
    for (const asset of holders) {
      await tx
        .update(assets)
        .set({
          checklists: asset.checklists.filter((id) => id !== row._id),
          checklistOptions: asset.checklistOptions.map((option) => ({ ...option, checklistIds: option.checklistIds.filter((id) => id !== row._id) })),
        })
        .where(eq(assets._id, asset._id));
    }
  },
};
