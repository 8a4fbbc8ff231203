import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { newId } from '../../db/ids';
import { calendarEntries } from '../../db/schema';
import { badRequest, conflict, notFound } from '../../http/errors';
import { diffRecords, recordAudit, type AuditActor } from '../../crud/auditLog';
import { READ_ONLY_FIELDS } from '../../../common/resources/schemaParts';
import { CALENDAR_ENTRY_FIELDS, calendarEntryProblem, storedAttributes } from '../../../common/resources/calendarEntry';
import type { CalendarSettings } from './calendarSettings';

type EntryRow = typeof calendarEntries.$inferSelect;
type EntryValues = Pick<EntryRow, 'name' | 'type' | 'start' | 'end' | 'customAttributes' | 'color' | 'timed' | 'disableDelete'>;

const ENTITY = 'calendarEntry';
export const DELETE_DISABLED = 'This calendar entry cannot be deleted';

/**
 * A body as the values to store: spec §5's period checks in order, then the type, then the other
 * fields and the custom attributes against the config (400 naming the field); unknown fields
 * refused. On PUT (`existing`), optional fields left out keep their values.
 */
function checkedValues(body: unknown, settings: CalendarSettings, existing: EntryRow | null): EntryValues {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw badRequest('body', 'body must be a JSON object');
  const input = body as Record<string, unknown>;
  const problem = calendarEntryProblem(input, { ...settings, ...(existing ? { existing } : {}) });
  if (problem) throw badRequest(problem.field, problem.message);
  const unknown = Object.keys(input).find((key) => !(CALENDAR_ENTRY_FIELDS as readonly string[]).includes(key) && !(READ_ONLY_FIELDS as readonly string[]).includes(key));
  if (unknown !== undefined) throw badRequest(unknown, `${unknown} is not allowed`);
  const given = <K extends keyof EntryValues>(key: K, fallback: EntryValues[K]): EntryValues[K] =>
    input[key] === undefined ? (existing ? existing[key] : fallback) : (input[key] as EntryValues[K]);
  const attributes = input.customAttributes === undefined || input.customAttributes === null ? undefined : storedAttributes(input.customAttributes as Record<string, unknown>);
  return {
    type: input.type as string,
    start: input.start as number,
    end: input.end as number,
    name: input.name === null ? '' : given('name', ''),
    color: input.color === '' ? null : given('color', null),
    timed: given('timed', false),
    disableDelete: given('disableDelete', false),
    customAttributes: attributes ?? (input.customAttributes === null ? {} : (existing?.customAttributes ?? {})),
  };
}

export async function createEntry(db: Database, body: unknown, settings: CalendarSettings, actor: AuditActor): Promise<string> {
  const values = checkedValues(body, settings, null);
  const now = Date.now();
  return db.transaction(async (tx) => {
    const [created] = await tx.insert(calendarEntries).values({ _id: newId(), ...values, createdAt: now, updatedAt: now }).returning();
    if (!created) throw new Error('The calendar entry was not stored');
    await recordAudit(tx, { entity: ENTITY, recordId: created._id, action: 'create', actor, changes: diffRecords(null, created) });
    return created._id;
  });
}

export async function updateEntry(db: Database, id: string, body: unknown, settings: CalendarSettings, actor: AuditActor): Promise<void> {
  const [existing] = await db.select().from(calendarEntries).where(eq(calendarEntries._id, id));
  if (!existing) throw notFound('Calendar entry not found');
  const values = checkedValues(body, settings, existing);
  await db.transaction(async (tx) => {
    const [saved] = await tx.update(calendarEntries).set({ ...values, updatedAt: Date.now() }).where(eq(calendarEntries._id, id)).returning();
    if (!saved) throw notFound('Calendar entry not found');
    await recordAudit(tx, { entity: ENTITY, recordId: id, action: 'update', actor, changes: diffRecords(existing, saved) });
  });
}

/** DESIGN §12: an entry with disableDelete answers 409 and stays. */
export async function deleteEntry(db: Database, id: string, actor: AuditActor): Promise<void> {
  await db.transaction(async (tx) => {
    const [deleted] = await tx.delete(calendarEntries).where(and(eq(calendarEntries._id, id), eq(calendarEntries.disableDelete, false))).returning();
    if (!deleted) {
      const [kept] = await tx.select({ _id: calendarEntries._id }).from(calendarEntries).where(eq(calendarEntries._id, id));
      throw kept ? conflict('disableDelete', DELETE_DISABLED) : notFound('Calendar entry not found');
    }
    await recordAudit(tx, { entity: ENTITY, recordId: id, action: 'delete', actor, changes: diffRecords(deleted, null) });
  });
}
