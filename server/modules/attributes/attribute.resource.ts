import { sql } from 'drizzle-orm';
import { attributes, checklists } from '../../db/schema';
import { conflict } from '../../http/errors';
import { attributeSchema, hasOptions } from '../../../common/resources/attribute';
import { nameList, type CrudResource } from '../../resources/crudResource';

/**
 * Attributes. One used by a checklist cannot be deleted (409 naming the checklists): past
 * inspections and thresholds refer to it. Options exist only for select, radio and color.
 */
export const attributeResource: CrudResource = {
  entity: 'attribute',
  label: 'Attribute',
  table: attributes,
  schema: attributeSchema,
  read: { anyPermission: ['manage-attribute', 'manage-checklist', 'read-checklist'] },
  write: 'manage-attribute',
  defaultOrder: ['name'],
  searchFields: ['name', 'technicalName', 'type', 'description'],
  unique: { field: 'name' },
  prepare: (input) => (hasOptions(String(input.type)) ? input : { ...input, options: { values: [] } }),
  async checkReferences(db, input, existingId) {
    const technicalName = String(input.technicalName ?? '');
    if (!technicalName) return;
    const [taken] = await db.select({ _id: attributes._id, name: attributes.name }).from(attributes).where(sql`${attributes.technicalName} = ${technicalName} and ${attributes._id} <> ${existingId ?? ''}`).limit(1);
    if (taken) throw conflict('technicalName', `technicalName "${technicalName}" is already used by attribute "${taken.name}"`);
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
