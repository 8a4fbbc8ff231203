import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { newId } from '../../db/ids';
import { assets, checklists, inspectionSchedulePlans, inspectionSchedules } from '../../db/schema';
import { badRequest, conflict, notFound } from '../../http/errors';
import { diffRecords, recordAudit, type AuditActor } from '../../crud/auditLog';
import { READ_ONLY_FIELDS } from '../../../common/resources/schemaParts';
import { scheduleInputProblem, type InspectionScheduleInput } from '../../../common/resources/inspectionSchedule';

type ScheduleRow = typeof inspectionSchedules.$inferSelect;

const INPUT_FIELDS = ['assetId', 'checklistIds', 'start', 'end'] as const;
const ENTITY = 'inspectionSchedule';
export const HOLDS_INSPECTIONS = 'This inspection schedule holds inspections: it can no longer be changed, only deleted';

/**
 * The body's checks in spec §5's order with its messages (400 naming the field), then unknown
 * fields; the client's own bookkeeping fields (_id, createdAt…) are ignored.
 */
function checkedInput(body: unknown): InspectionScheduleInput {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw badRequest('body', 'body must be a JSON object');
  const input = body as Record<string, unknown>;
  const problem = scheduleInputProblem(input);
  if (problem) throw badRequest(problem.field, problem.message);
  const unknown = Object.keys(input).find((key) => !(INPUT_FIELDS as readonly string[]).includes(key) && !(READ_ONLY_FIELDS as readonly string[]).includes(key));
  if (unknown !== undefined) throw badRequest(unknown, `${unknown} is not allowed`);
  return {
    assetId: (input.assetId as string).trim(),
    checklistIds: [...new Set((input.checklistIds as string[]).map((id) => id.trim()))],
    start: input.start as number,
    end: input.end as number,
  };
}

/**
 * The asset exists and every checklist is one of its checklists (DESIGN §12); new references must
 * be current (an archived asset or checklist takes no new work, docs/administration.md), while an
 * update may keep what the schedule already names.
 */
async function checkReferences(db: Database, input: InspectionScheduleInput, existing: ScheduleRow | null): Promise<void> {
  const [asset] = await db.select({ _id: assets._id, name: assets.name, checklists: assets.checklists, archivedAt: assets.archivedAt }).from(assets).where(eq(assets._id, input.assetId));
  if (!asset) throw badRequest('assetId', 'The selected asset does not exist');
  const keepsAsset = existing?.asset === asset._id;
  if (asset.archivedAt !== null && !keepsAsset) throw badRequest('assetId', `Asset "${asset.name}" is archived: it takes no new inspection schedules`);
  const found = await db.select({ _id: checklists._id, name: checklists.name, archivedAt: checklists.archivedAt }).from(checklists).where(inArray(checklists._id, input.checklistIds));
  const byId = new Map(found.map((c) => [c._id, c]));
  input.checklistIds.forEach((id, i) => {
    const field = `checklistIds.${i}`;
    const checklist = byId.get(id);
    const kept = keepsAsset && (existing?.checklists ?? []).includes(id);
    if (!checklist) throw badRequest(field, `${field}: no checklist has the id ${id}`);
    if (kept) return;
    if (checklist.archivedAt !== null) throw badRequest(field, `${field}: checklist "${checklist.name}" is archived: it takes no new inspection schedules`);
    if (!asset.checklists.includes(id)) throw badRequest(field, `${field}: "${checklist.name}" is not a checklist of the asset "${asset.name}"`);
  });
}

export async function createSchedule(db: Database, body: unknown, actor: AuditActor): Promise<string> {
  const input = checkedInput(body);
  await checkReferences(db, input, null);
  const now = Date.now();
  return db.transaction(async (tx) => {
    const [created] = await tx
      .insert(inspectionSchedules)
      .values({ _id: newId(), asset: input.assetId, checklists: input.checklistIds, start: input.start, end: input.end, createdAt: now, updatedAt: now })
      .returning();
    if (!created) throw new Error('The schedule was not stored');
    await recordAudit(tx, { entity: ENTITY, recordId: created._id, action: 'create', actor, changes: diffRecords(null, created) });
    return created._id;
  });
}

async function findSchedule(db: Database, id: string): Promise<ScheduleRow> {
  const [row] = await db.select().from(inspectionSchedules).where(eq(inspectionSchedules._id, id));
  if (!row) throw notFound('Inspection schedule not found');
  return row;
}

/**
 * PUT: the whole schedule as the dialog (or a drag) sends it. A schedule holding inspections is
 * spec §4's read-only one: 409, checked again in the update itself, so an inspection completing it
 * meanwhile wins. A person's change marks it edited: the planner leaves it alone from then on.
 */
export async function updateSchedule(db: Database, id: string, body: unknown, actor: AuditActor): Promise<void> {
  const existing = await findSchedule(db, id);
  if (existing.inspections.length > 0) throw conflict('inspections', HOLDS_INSPECTIONS);
  const input = checkedInput(body);
  await checkReferences(db, input, existing);
  await db.transaction(async (tx) => {
    const [saved] = await tx
      .update(inspectionSchedules)
      .set({ asset: input.assetId, checklists: input.checklistIds, start: input.start, end: input.end, edited: true, updatedAt: Date.now() })
      .where(and(eq(inspectionSchedules._id, id), sql`cardinality(${inspectionSchedules.inspections}) = 0`))
      .returning();
    if (!saved) throw conflict('inspections', HOLDS_INSPECTIONS);
    await recordAudit(tx, { entity: ENTITY, recordId: id, action: 'update', actor, changes: diffRecords(existing, saved) });
  });
}

/** DELETE, also of a schedule holding inspections (DESIGN §12). A planned window stays planned: the planner does not bring it back. */
export async function deleteSchedule(db: Database, id: string, actor: AuditActor): Promise<void> {
  await db.transaction(async (tx) => {
    const [deleted] = await tx.delete(inspectionSchedules).where(eq(inspectionSchedules._id, id)).returning();
    if (!deleted) throw notFound('Inspection schedule not found');
    await tx.update(inspectionSchedulePlans).set({ schedule: null }).where(eq(inspectionSchedulePlans.schedule, id));
    await recordAudit(tx, { entity: ENTITY, recordId: id, action: 'delete', actor, changes: diffRecords(deleted, null) });
  });
}
