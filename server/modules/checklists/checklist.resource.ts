import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { alertLevels, alerts, assets, attributes, checklists, inspectionSchedules, inspections, scripts } from '../../db/schema';
import { badRequest, conflict } from '../../http/errors';
import { checklistSchema, type ChecklistGroup, type ChecklistItem } from '../../../common/resources/checklist';
import { nameList, type CrudResource } from '../../crud/crudResource';
import { requireIds } from '../../crud/references';
import type { Database } from '../../db/client';
import { thresholdProblem } from './thresholdValue';

/**
 * Checklists. Items must name existing, current attributes (each once), thresholds must fit the
 * attribute's type, groups may only hold the checklist's own attributes. Deleting a checklist that
 * inspections, alerts or schedules name archives it: it stays on its assets, whose technicians are
 * no longer offered it, until it is restored. Deleting one nothing names takes it off the assets
 * (and their checklist options) that offered it.
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
  searchFields: ['name', 'frequency'],
  archive: {
    references: [
      { kind: 'inspection', table: inspections, refersTo: (id) => eq(inspections.checklist, id) },
      { kind: 'alert', table: alerts, refersTo: (id) => eq(alerts.checklist, id) },
      { kind: 'inspectionSchedule', table: inspectionSchedules, refersTo: (id) => sql`${id} = any(${inspectionSchedules.checklists})` },
    ],
    // A restored checklist is offered to technicians again: each of its attributes must be current.
    async beforeRestore(tx, row) {
      const ids = (row.checklistItems as ChecklistItem[]).map((item) => item.attribute);
      if (ids.length === 0) return;
      const archived = await tx.select({ name: attributes.name }).from(attributes).where(and(inArray(attributes._id, ids), isNotNull(attributes.archivedAt)));
      if (archived.length > 0) {
        throw conflict('checklistItems', `Checklist "${String(row.name)}" uses the archived attributes ${nameList(archived.map((a) => a.name))}: restore them first`);
      }
    },
  },
  async checkReferences(db, input, existingId) {
    const items = input.checklistItems as ChecklistItem[];
    const groups = input.groups as ChecklistGroup[];
    await requireIds(db, scripts, input.scripts as string[], 'scripts', 'script');
    const ids = items.map((item) => item.attribute);
    const known = ids.length
      ? await db.select().from(attributes).where(inArray(attributes._id, [...new Set(ids)]))
      : [];
    const byId = new Map(known.map((a) => [a._id, a]));
    const held = await heldAttributes(db, existingId);
    const seen = new Set<string>();
    for (const [index, item] of items.entries()) {
      const field = `checklistItems[${index}].attribute`;
      const attribute = byId.get(item.attribute);
      if (!attribute) throw badRequest(field, `${field}: unknown attribute ${item.attribute}`);
      // An archived attribute takes no new work; an archived checklist saved back keeps its own.
      if (attribute.archivedAt !== null && !held.has(item.attribute)) throw badRequest(field, `${field}: the attribute "${attribute.name}" is archived (restore it first)`);
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

/** The attributes the stored checklist already has as items (none for a new one). */
async function heldAttributes(db: Database, checklistId: string | null): Promise<Set<string>> {
  if (!checklistId) return new Set();
  const [stored] = await db.select({ checklistItems: checklists.checklistItems }).from(checklists).where(eq(checklists._id, checklistId));
  return new Set((stored?.checklistItems ?? []).map((item) => item.attribute));
}
