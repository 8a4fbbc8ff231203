import { and, desc, eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { newId } from '../db/ids';
import { auditLog, type AuditChange } from '../db/schema';

export type AuditAction = 'create' | 'update' | 'delete' | 'archive' | 'restore' | 'resetPassword';

/** Fields that are bookkeeping, not content. */
const NOT_AUDITED = new Set(['createdAt', 'updatedAt', 'tokenVersion']);
/** Fields whose values never enter the log; a change is recorded without them. */
const SECRET = new Set(['passwordHash']);

/** Field-by-field changes from `before` to `after` (either may be null for create/delete). */
export function diffRecords(before: object | null, after: object | null): AuditChange[] {
  const from = (before ?? {}) as Record<string, unknown>;
  const to = (after ?? {}) as Record<string, unknown>;
  const changes: AuditChange[] = [];
  for (const field of new Set([...Object.keys(from), ...Object.keys(to)])) {
    if (NOT_AUDITED.has(field) || field === '_id') continue;
    if (JSON.stringify(from[field] ?? null) === JSON.stringify(to[field] ?? null)) continue;
    changes.push(SECRET.has(field) ? { field, from: null, to: null } : { field, from: from[field] ?? null, to: to[field] ?? null });
  }
  return changes;
}

export interface AuditActor {
  _id: string;
  name: string;
  username: string;
}

export interface AuditEntry {
  entity: string;
  recordId: string;
  action: AuditAction;
  actor: AuditActor | null;
  changes: AuditChange[];
}

/** Written inside the same transaction as the change it describes. */
export async function recordAudit(executor: Pick<Database, 'insert'>, entry: AuditEntry): Promise<void> {
  if (entry.action === 'update' && entry.changes.length === 0) return;
  await executor.insert(auditLog).values({
    _id: newId(),
    entity: entry.entity,
    recordId: entry.recordId,
    action: entry.action,
    userId: entry.actor?._id ?? null,
    userName: entry.actor ? entry.actor.name || entry.actor.username : '',
    at: Date.now(),
    changes: entry.changes,
  });
}

/** A record's history, newest first. */
export async function auditHistory(db: Database, entity: string, recordId: string) {
  return db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, entity), eq(auditLog.recordId, recordId)))
    .orderBy(desc(auditLog.at), desc(auditLog.seq))
    .limit(200);
}
