import type { Database } from '../db/client';
import { deleteUnusedFiles } from '../modules/files/fileCleanup';

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
  run(db: Database, tick: number): Promise<Record<string, unknown>>;
}

/** Issue 16 §6: uploads no inspection used within 24 h are deleted, hourly. */
export const FILE_CLEANUP_JOB: SystemJob = {
  id: 'system:file-cleanup',
  cronExpression: '0 * * * *',
  run: (db, tick) => deleteUnusedFiles(db, tick),
};

export const SYSTEM_JOBS: readonly SystemJob[] = [FILE_CLEANUP_JOB];

/** A system job's own run log is kept this long (it has no screen; its rows would pile up). */
export const SYSTEM_RUNS_KEPT_MS = 7 * 24 * 60 * 60 * 1000;
