import { and, eq, isNotNull, ne } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { alerts, thermographyNotes } from '../../db/schema';
import { newId } from '../../db/ids';
import { forbidden, HttpError } from '../../http/errors';
import type { AuthUser } from '../../auth/access';
import type { PermissionName } from '../../../common/permissions';
import type { SeverityLevelChoice, ThermographyStatusTarget } from '../../../common/thermography/note';
import { needsCompleteNote, statusChangeProblems } from '../../../common/thermography/statusRules';
import { maxTemperatureOf } from '../../../common/thermography/temperatures';
import { escapeHtml, type AlertLevelRow } from '../inspections/thresholdAlerts';
import type { Alert } from '../../../common/resources/inspection';
import { readThermographyConfig } from './thermographyConfig';
import { editableNote, readOnlyNote } from './updateNote';
import type { NoteRow } from './noteView';

/** DESIGN §8: who may move a note where. */
export const STATUS_PERMISSION: Record<ThermographyStatusTarget, PermissionName> = {
  pendingApproval: 'update-thermography-note',
  deleted: 'update-thermography-note',
  approved: 'approve-thermography-note',
};

export interface StatusChange {
  note: NoteRow;
  /** The ThermographyAlert raised by an approval. */
  alert: (Alert & { levelName: string; assetName?: string }) | null;
}

/** 400 listing every missing piece in `errors`; `message` is the last, as the spec's client shows it. */
function refuseIncomplete(row: NoteRow) {
  const problems = statusChangeProblems(row);
  if (problems.length === 0) return;
  const errors = Object.fromEntries(problems.map((problem) => [problem.field, problem.message]));
  throw new HttpError(400, problems[problems.length - 1]!.message, errors);
}

function alertMessage(row: NoteRow, severity: SeverityLevelChoice): string {
  const what = row.identification ? `${escapeHtml(row.identification)} (image ${escapeHtml(row.imageNumber)})` : `Image ${escapeHtml(row.imageNumber)}`;
  const max = maxTemperatureOf(row.measurements);
  const hottest = max === null ? '' : `, hottest spot <strong>${max.toFixed(1)} °C</strong>${row.ambientTemperature === null ? '' : ` at ${row.ambientTemperature.toFixed(1)} °C ambient`}`;
  return `<p>Thermography: <strong>${what}</strong> approved with severity <strong>${severity}</strong>${hottest}.</p>`;
}

/** The one ThermographyAlert of an approved note (DESIGN §8): for its record, at the level its severity maps to. */
export function approvalAlert(note: NoteRow, level: AlertLevelRow, now: number) {
  return {
    _id: newId(),
    inspection: note.inspection,
    asset: note.asset,
    checklist: null,
    attribute: null,
    record: note._id,
    level: level._id,
    message: alertMessage(note, note.severityLevel as SeverityLevelChoice),
    timestamp: now,
    severityLevel: { text: level.name, color: level.color },
    type: 'ThermographyAlert' as const,
  };
}

/**
 * PUT thermographyNote/{id}/status (DESIGN §8). pendingApproval and approved need a severity, a
 * real image and a thermal image; approving raises one ThermographyAlert for the record at the
 * level the config maps its severity to. The note and its alert are written together; an approved
 * note (also one approved by someone else meanwhile) answers 409.
 */
export async function changeStatus(db: Database, user: AuthUser, id: string, target: ThermographyStatusTarget): Promise<StatusChange> {
  if (!user.permissions.has(STATUS_PERMISSION[target])) throw forbidden(`Moving a note to ${target} needs the permission ${STATUS_PERMISSION[target]}`);
  const row = await editableNote(db, id);
  if (needsCompleteNote(target)) refuseIncomplete(row);
  const now = Date.now();
  const complete = and(isNotNull(thermographyNotes.severityLevel), isNotNull(thermographyNotes.realImage), isNotNull(thermographyNotes.thermalImage));
  const stillEditable = and(eq(thermographyNotes._id, id), ne(thermographyNotes.status, 'approved'), needsCompleteNote(target) ? complete : undefined);

  if (target !== 'approved') {
    const [changed] = await db.update(thermographyNotes).set({ status: target, updatedAt: now }).where(stillEditable).returning();
    if (!changed) return refuseChangedMeanwhile(db, id, target);
    return { note: changed, alert: null };
  }

  const config = await readThermographyConfig(db);
  return db.transaction(async (tx) => {
    const [approved] = await tx.update(thermographyNotes).set({ status: 'approved', approvedBy: user._id, approvedAt: now, updatedAt: now }).where(stillEditable).returning();
    if (!approved) return refuseChangedMeanwhile(tx as unknown as Database, id, target);
    const level = config.severityLevels[approved.severityLevel as SeverityLevelChoice];
    if (!level) throw new HttpError(409, 'No alert level exists for the approval alert: add one in Alert levels', { severityLevel: 'No alert level exists' });
    const alert = approvalAlert(approved, level, now);
    await tx.insert(alerts).values(alert);
    return { note: approved, alert: { ...alert, remark: null, resolvedBy: null, resolvedAt: null, levelName: level.name } };
  });
}

/** The note changed between the read and the write: answer for what it is now. */
async function refuseChangedMeanwhile(db: Database, id: string, target: ThermographyStatusTarget): Promise<never> {
  const row = await editableNote(db, id);
  if (needsCompleteNote(target)) refuseIncomplete(row);
  throw readOnlyNote();
}
