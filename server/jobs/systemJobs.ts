import type { Database } from '../db/client';
import { deleteUnusedFiles } from '../modules/files/fileCleanup';
import { planSchedules } from '../modules/inspectionSchedules/schedulePlanner';
import { publishOpened, sweepAlertsWithoutOrders } from '../modules/workOrders/autoCreate';
import type { PushHub } from '../realtime/pushHub';
import { purgeIdempotencyKeys } from '../http/idempotency';
import { compactReadings } from '../modules/monitoring/compaction';

/** READINGS_RETENTION_DAYS' default (server/config.ts). */
const DEFAULT_RETENTION_DAYS = 90;

/** What a system job may use beyond the database. */
export interface SystemJobContext {
  pushes: PushHub;
  /** READINGS_RETENTION_DAYS (DESIGN §17). */
  readingsRetentionDays?: number;
}

/**
 * Housekeeping the server does on the job scheduler's ticks: no script, no author, not shown in Job
 * management. Each claims its tick through the same (job, tick) key of job_runs as administrators'
 * jobs, under a `system:` job id no jobs row has, so it runs once per tick across processes.
 */
export interface SystemJob {
  /** The job id of its runs in job_runs. */
  id: `system:${string}`;
  /** Five-field cron expression, UTC. */
  cronExpression: string;
  /** Does the work for the tick (epoch ms); answers the run log's summary. */
  run(db: Database, tick: number, context?: SystemJobContext): Promise<Record<string, unknown>>;
}

/** Issue 16 §6: uploads no inspection used within 24 h are deleted, hourly. */
export const FILE_CLEANUP_JOB: SystemJob = {
  id: 'system:file-cleanup',
  cronExpression: '0 * * * *',
  run: (db, tick) => deleteUnusedFiles(db, tick),
};

/**
 * Issue 17: schedules that plan themselves from their checklists' frequency, the next 8 weeks,
 * hourly (and once at start, server/main.ts). A run that changed any schedule pushes one
 * update-detail naming the first of them: open calendars reload their period on it (one per run,
 * not one per schedule — a run can plan hundreds).
 */
export const SCHEDULE_PLANNER_JOB: SystemJob = {
  id: 'system:schedule-planner',
  cronExpression: '7 * * * *',
  async run(db, tick, context) {
    const { planned, removed } = await planSchedules(db, tick);
    const first = planned[0] ?? removed[0];
    if (first !== undefined) context?.pushes.publish('update-detail', { type: 'inspectionSchedule', _id: first });
    return { plannedSchedules: planned.length, removedSchedules: removed.length };
  },
};

/**
 * DESIGN §11 (docs/work-orders.md): alerts are given their work orders as they are stored; this
 * sweep, every minute, opens the ones a crash (or a broken rule since corrected) left behind —
 * open alerts of the last 24 hours at the rule's levels without an order. The unique index on
 * the order's alert makes it and the store path once per alert between them.
 */
export const WORK_ORDER_SWEEP_JOB: SystemJob = {
  id: 'system:work-order-sweep',
  cronExpression: '* * * * *',
  async run(db, tick, context) {
    const outcome = await sweepAlertsWithoutOrders(db, tick);
    if (context) publishOpened(context.pushes, outcome);
    return { openedWorkOrders: outcome.opened.length, alertsWithoutAssignee: outcome.unassigned.length };
  },
};

/**
 * DESIGN §13 (docs/offline.md): Idempotency-Keys and their answers are kept 8 days
 * (IDEMPOTENCY_RETENTION_MS), then deleted, hourly.
 */
export const IDEMPOTENCY_PURGE_JOB: SystemJob = {
  id: 'system:idempotency-purge',
  cronExpression: '23 * * * *',
  run: (db, tick) => purgeIdempotencyKeys(db, tick),
};

/**
 * DESIGN §17 (docs/monitoring.md): hours that received readings get their aggregates, and raw
 * readings past READINGS_RETENTION_DAYS are deleted, every hour.
 */
export const READINGS_COMPACTION_JOB: SystemJob = {
  id: 'system:readings-compaction',
  cronExpression: '41 * * * *',
  run: (db, tick, context) => compactReadings(db, tick, context?.readingsRetentionDays ?? DEFAULT_RETENTION_DAYS),
};

export const SYSTEM_JOBS: readonly SystemJob[] = [FILE_CLEANUP_JOB, SCHEDULE_PLANNER_JOB, WORK_ORDER_SWEEP_JOB, IDEMPOTENCY_PURGE_JOB, READINGS_COMPACTION_JOB];

/** A system job's own run log is kept this long (it has no screen; its rows would pile up). */
export const SYSTEM_RUNS_KEPT_MS = 7 * 24 * 60 * 60 * 1000;
