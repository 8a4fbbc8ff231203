import { asc, eq, inArray } from 'drizzle-orm';
import type { Database } from '../db/client';
import { newId } from '../db/ids';
import { alertLevels, alerts, assets, checklists, inspectionSchedules, inspections } from '../db/schema';
import type { PushHub } from '../realtime/pushHub';
import { ScriptQueryError } from '../sandbox/queryApi';
import type { ScriptWriteApi } from '../sandbox/sandboxTypes';
import type { JobRunSummary } from '../../common/resources/job';
import { MAX_SCHEDULE_DAYS, planSpanProblem, planTimeProblem } from '../../common/resources/planTimes';
import { openWorkOrdersAfterAlerts } from '../modules/workOrders/autoCreate';

/** A script that writes more than this in one run is stopped with an error (no runaway floods). */
export const MAX_WRITES_PER_RUN = 1000;
const MAX_MESSAGE_LENGTH = 10_000;

/** A job script's mistake: the sandbox hands its message to the script as is (and so to the run log). */
export class JobWriteError extends ScriptQueryError {}

function fail(call: string, message: string): never {
  throw new JobWriteError(`${call}: ${message}`);
}

function objectInput(call: string, input: unknown): Record<string, unknown> {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) fail(call, 'expects one object argument');
  return input as Record<string, unknown>;
}

function idField(call: string, input: Record<string, unknown>, field: string): string {
  const value = input[field];
  if (typeof value !== 'string' || value.trim() === '') fail(call, `${field} must be an id (a non-empty string)`);
  return value;
}

function timeField(call: string, input: Record<string, unknown>, field: string): number {
  const value = input[field];
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0) fail(call, `${field} must be a time in epoch milliseconds`);
  return value;
}

const ALLOWED = {
  createInspectionSchedule: ['asset', 'checklists', 'start', 'end'],
  createAlert: ['asset', 'level', 'message', 'inspection'],
} as const;

function noUnknown(call: keyof typeof ALLOWED, input: Record<string, unknown>) {
  const unknown = Object.keys(input).find((key) => !(ALLOWED[call] as readonly string[]).includes(key));
  if (unknown) fail(call, `${unknown} is not allowed`);
}

const logWorkOrderFailure = (error: unknown) => console.error('work orders could not be opened for a job alert:', error);

/**
 * The small write API a job script gets (DESIGN §7): every call is validated like a request body
 * (the script is the administrator's input) and counted in the run's summary.
 */
export function createJobWriteApi(
  db: Database,
  pushes: PushHub,
  now: () => number = Date.now,
  onError: (error: unknown) => void = logWorkOrderFailure,
): { api: ScriptWriteApi; summary: JobRunSummary } {
  const summary: JobRunSummary = {};
  let writes = 0;
  const count = (call: string) => {
    writes += 1;
    if (writes > MAX_WRITES_PER_RUN) fail(call, `a run may write at most ${MAX_WRITES_PER_RUN} records`);
  };

  async function assetName(call: string, id: string): Promise<string> {
    const [asset] = await db.select({ name: assets.name }).from(assets).where(eq(assets._id, id));
    if (!asset) fail(call, `unknown asset ${id}`);
    return asset.name;
  }

  const api: ScriptWriteApi = {
    async createInspectionSchedule(raw) {
      const call = 'createInspectionSchedule';
      const input = objectInput(call, raw);
      noUnknown(call, input);
      const asset = idField(call, input, 'asset');
      const list = input.checklists;
      if (!Array.isArray(list) || list.length === 0 || !list.every((id) => typeof id === 'string' && id !== '')) fail(call, 'checklists must be a non-empty list of ids');
      const checklistIds = [...new Set(list as string[])];
      const start = timeField(call, input, 'start');
      const end = timeField(call, input, 'end');
      if (start > end) fail(call, 'start must not be after end');
      // The bounds every schedule keeps (common/resources/planTimes.ts, docs/schedules-calendar.md).
      const bound = planTimeProblem('start', start) ?? planTimeProblem('end', end) ?? planSpanProblem({ start: 'start', end: 'end' }, start, end, MAX_SCHEDULE_DAYS);
      if (bound) fail(call, bound);
      // A schedule is new work: archived assets and checklists take none (docs/administration.md).
      const [scheduled] = await db.select({ archivedAt: assets.archivedAt }).from(assets).where(eq(assets._id, asset));
      if (!scheduled) fail(call, `unknown asset ${asset}`);
      if (scheduled.archivedAt !== null) fail(call, `asset ${asset} is archived`);
      const found = await db.select({ _id: checklists._id, archivedAt: checklists.archivedAt }).from(checklists).where(inArray(checklists._id, checklistIds));
      const known = new Map(found.map((c) => [c._id, c.archivedAt]));
      const missing = checklistIds.find((id) => !known.has(id));
      if (missing) fail(call, `unknown checklist ${missing}`);
      const archived = checklistIds.find((id) => known.get(id) !== null);
      if (archived) fail(call, `checklist ${archived} is archived`);
      count(call);
      const _id = newId();
      await db.insert(inspectionSchedules).values({ _id, asset, checklists: checklistIds, start, end });
      (summary.inspectionSchedules ??= []).push(_id);
      return { _id };
    },

    async createAlert(raw) {
      const call = 'createAlert';
      const input = objectInput(call, raw);
      noUnknown(call, input);
      const asset = idField(call, input, 'asset');
      const message = input.message;
      if (typeof message !== 'string' || message.trim() === '') fail(call, 'message must be a non-empty string');
      if (message.length > MAX_MESSAGE_LENGTH) fail(call, `message must be at most ${MAX_MESSAGE_LENGTH} characters`);
      // An alert a job raises may stand alone (an overdue schedule) or name an inspection of its asset.
      const inspectionId = input.inspection === undefined || input.inspection === null ? null : idField(call, input, 'inspection');
      const level = input.level;
      if (level !== undefined && level !== null && (typeof level !== 'string' || level.trim() === '')) fail(call, 'level must be an alert level id or name');

      const name = await assetName(call, asset);
      let checklist: string | null = null;
      if (inspectionId !== null) {
        const [inspection] = await db.select({ asset: inspections.asset, checklist: inspections.checklist }).from(inspections).where(eq(inspections._id, inspectionId));
        if (!inspection) fail(call, `unknown inspection ${inspectionId}`);
        if (inspection.asset !== asset) fail(call, `inspection ${inspectionId} is not an inspection of asset ${asset}`);
        checklist = inspection.checklist;
      }
      const levels = await db.select().from(alertLevels).orderBy(asc(alertLevels.rank));
      const wanted = typeof level === 'string' ? level.trim().toLowerCase() : null;
      const chosen = wanted === null ? levels[0] : levels.find((l) => l._id === level || l.technicalName.toLowerCase() === wanted || l.name.toLowerCase() === wanted);
      if (!chosen) fail(call, wanted === null ? 'no alert levels are configured' : `unknown alert level ${String(level)}`);
      count(call);

      const row = {
        _id: newId(),
        inspection: inspectionId,
        asset,
        checklist,
        attribute: null,
        level: chosen._id,
        message,
        timestamp: now(),
        severityLevel: { text: chosen.name, color: chosen.color },
      };
      await db.insert(alerts).values(row);
      (summary.alerts ??= []).push(row._id);
      pushes.publish('new-alert', {
        _id: row._id,
        asset,
        inspection: inspectionId,
        level: chosen._id,
        timestamp: row.timestamp,
        assetName: name,
        levelName: chosen.name,
        color: chosen.color,
      });
      // A job's alert is an alert like any other to the work order rule (DESIGN §11); the script
      // is not failed when that goes wrong: its alert is stored, and the sweep opens the order later.
      const { opened } = await openWorkOrdersAfterAlerts(db, pushes, [row._id], onError);
      if (opened.length > 0) (summary.workOrders ??= []).push(...opened.map((order) => order._id));
      return { _id: row._id };
    },
  };
  return { api, summary };
}
