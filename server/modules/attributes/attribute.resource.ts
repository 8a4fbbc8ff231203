import { and, eq, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { alerts, attributes, checklists, inspections } from '../../db/schema';
import { conflict } from '../../http/errors';
import { attributeSchema, hasOptions } from '../../../common/resources/attribute';
import { nameList, type CrudResource } from '../../crud/crudResource';
import type { Row, Transaction } from '../../crud/crudTypes';
import type { ChecklistItem } from '../../../common/resources/checklist';
import { thresholdProblem } from '../checklists/thresholdValue';
import { freeTechnicalName } from './technicalName';

/**
 * Attributes. One used by a current checklist cannot be deleted (409 naming the checklists): its
 * thresholds and new inspections need it; nor may its type or options change under a checklist
 * threshold that would no longer fit. One that inspections, alerts or archived checklists name is
 * archived instead of deleted, so past inspections keep its name and type. Options exist only for
 * select, radio and color.
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
  searchFields: ['name', 'technicalName', 'type', 'description'],
  unique: { field: 'name' },
  prepare: (input) => (hasOptions(String(input.type)) ? input : { ...input, options: { values: [] } }),
  // Spec §7: a copy leaves the technical name out; it is never stored blank (docs/administration.md).
  derive: async (db, input) => (input.technicalName === undefined ? { ...input, technicalName: await freeTechnicalName(db, String(input.name).trim()) } : input),
  async checkReferences(db, input, existingId) {
    const technicalName = String(input.technicalName ?? '');
    if (technicalName) {
      const [taken] = await db
        .select({ _id: attributes._id, name: attributes.name, archivedAt: attributes.archivedAt })
        .from(attributes)
        .where(sql`${attributes.technicalName} = ${technicalName} and ${attributes._id} <> ${existingId ?? ''}`)
        .limit(1);
      if (taken) throw conflict('technicalName', `technicalName "${technicalName}" is already used by ${taken.archivedAt === null ? '' : 'the archived '}attribute "${taken.name}"`);
    }
    if (existingId) await thresholdsStillFit(db, existingId, input);
  },
  beforeDelete: refuseWhileCurrentChecklistsUseIt,
  archive: {
    references: [
      {
        kind: 'inspection',
        table: inspections,
        refersTo: (id) => or(sql`${inspections.attributeData} @> ${itemOf(id)}`, sql`${inspections.attributeComments} @> ${itemOf(id)}`) as SQL,
      },
      { kind: 'alert', table: alerts, refersTo: (id) => eq(alerts.attribute, id) },
      // Restoring such a checklist brings the attribute back into use.
      { kind: 'checklist', table: checklists, refersTo: (id) => and(usesAttribute(id), isNotNull(checklists.archivedAt)) as SQL },
    ],
    beforeArchive: refuseWhileCurrentChecklistsUseIt,
  },
};

/** `[{attribute: id}]`: matches a JSON list of {attribute, …} entries holding this attribute. */
const itemOf = (attributeId: string) => sql`${JSON.stringify([{ attribute: attributeId }])}::jsonb`;
const usesAttribute = (attributeId: string) => sql`${checklists.checklistItems} @> ${itemOf(attributeId)}`;

/** Deleted or archived, a current checklist would lose an item its thresholds and technicians need. */
async function refuseWhileCurrentChecklistsUseIt(tx: Transaction, row: Row): Promise<void> {
  const usedBy = await tx.select({ name: checklists.name }).from(checklists).where(and(usesAttribute(row._id), isNull(checklists.archivedAt)));
  if (usedBy.length > 0) {
    throw conflict('_id', `Attribute "${String(row.name)}" is used by checklists ${nameList(usedBy.map((c) => c.name))}`);
  }
}

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
    .where(usesAttribute(attributeId));
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
