import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { attributes, checklists } from '../../db/schema';
import { conflict } from '../../http/errors';
import { attributeSchema, hasOptions } from '../../../common/resources/attribute';
import { nameList, type CrudResource } from '../../resources/crudResource';
import type { ChecklistItem } from '../../../common/resources/checklist';
import { thresholdProblem } from '../checklists/thresholdValue';

/**
 * Attributes. One used by a checklist cannot be deleted (409 naming the checklists): past
 * inspections and thresholds refer to it; nor may its type or options change under a checklist
 * threshold that would no longer fit. Options exist only for select, radio and color.
 */
export const attributeResource: CrudResource = {
  entity: 'attribute',
  label: 'Attribute',
  table: attributes,
  schema: attributeSchema,
  read: { anyPermission: ['manage-attribute', 'manage-checklist', 'read-checklist'] },
  write: 'manage-attribute',
  // Submits validate against a cached catalogue (modules/inspections/catalogueCache.ts).
  afterWrite: (app) => app.services.catalogue.invalidate(),
  defaultOrder: ['name'],
  searchFields: ['name', 'technicalName', 'type', 'description'],
  unique: { field: 'name' },
  prepare: (input) => (hasOptions(String(input.type)) ? input : { ...input, options: { values: [] } }),
  async checkReferences(db, input, existingId) {
    const technicalName = String(input.technicalName ?? '');
    if (technicalName) {
      const [taken] = await db.select({ _id: attributes._id, name: attributes.name }).from(attributes).where(sql`${attributes.technicalName} = ${technicalName} and ${attributes._id} <> ${existingId ?? ''}`).limit(1);
      if (taken) throw conflict('technicalName', `technicalName "${technicalName}" is already used by attribute "${taken.name}"`);
    }
    if (existingId) await thresholdsStillFit(db, existingId, input);
  },
  async beforeDelete(tx, row) {
    const usedBy = await tx
      .select({ name: checklists.name })
      .from(checklists)
      .where(sql`${checklists.checklistItems} @> ${JSON.stringify([{ attribute: row._id }])}::jsonb`);
    if (usedBy.length > 0) {
      throw conflict('_id', `Attribute "${String(row.name)}" is used by checklists ${nameList(usedBy.map((c) => c.name))}`);
    }
  },
};

/**
 * A type or options change must leave the thresholds checklists set on this attribute valid
 * (a number threshold on what became a yes/no, an option that was removed): otherwise those
 * checklists could no longer be saved at all. Refused with 409 naming them, like a delete.
 */
async function thresholdsStillFit(db: Database, attributeId: string, input: Record<string, unknown>): Promise<void> {
  const attribute = { type: String(input.type), options: input.options as { values: string[] } };
  const rows = await db
    .select({ name: checklists.name, checklistItems: checklists.checklistItems })
    .from(checklists)
    .where(sql`${checklists.checklistItems} @> ${JSON.stringify([{ attribute: attributeId }])}::jsonb`);
  const broken = rows.filter((row) =>
    row.checklistItems.some((item: ChecklistItem) => item.attribute === attributeId && item.threshold && thresholdProblem(attribute, item.threshold.value)),
  );
  if (broken.length === 0) return;
  const [current] = await db.select({ type: attributes.type }).from(attributes).where(eq(attributes._id, attributeId));
  const field = current?.type === attribute.type ? 'options' : 'type';
  throw conflict(
    field,
    `Attribute "${String(input.name)}": the thresholds of checklists ${nameList(broken.map((c) => c.name))} would no longer fit its ${field}; change those thresholds first`,
  );
}
