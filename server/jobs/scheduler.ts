import { and, desc, eq, isNotNull, lt } from 'drizzle-orm';
import type { AuthUser } from '../auth/access';
import type { Database } from '../db/client';
import { newId } from '../db/ids';
import { jobRuns, jobs, scripts } from '../db/schema';
import type { PushHub } from '../realtime/pushHub';
import type { ScriptSandbox } from '../sandbox/sandboxTypes';
import { cronMatches, parseCron } from '../../common/resources/cron';
import type { JobRun } from '../../common/resources/job';
import { createJobWriteApi } from './jobWriteApi';
import { SYSTEM_JOBS, SYSTEM_RUNS_KEPT_MS, type SystemJob } from './systemJobs';

export const MINUTE_MS = 60_000;
/** The run log a job's expanded row shows (GET /job/{id}/runs). */
export const RUNS_SHOWN = 50;
const MAX_ERROR_LENGTH = 2000;
/**
 * A run still marked running this long after it started belongs to a process that died mid-run
 * (the sandbox's time limit ends any live run in seconds); it is closed as an error so the log
 * does not show it running forever.
 */
export const STALE_RUN_MS = 15 * MINUTE_MS;
export const STALE_RUN_ERROR = 'The server stopped during this run';

/** What a job's script may read through `query` (docs/scripts.md, "Jobs"). */
export const JOB_PERMISSIONS = ['read-asset', 'read-checklist', 'read-inspection', 'read-alert', 'read-inspection-schedule'] as const;

type JobRow = typeof jobs.$inferSelect;

/** The identity a job's script runs under: its own, not its author's. */
export function jobIdentity(job: Pick<JobRow, '_id' | 'name'>): AuthUser {
  return { _id: `job:${job._id}`, name: `Job ${job.name}`, username: `job:${job._id}`, roleName: null, permissions: new Set(JOB_PERMISSIONS) };
}

/** Time and timers, injectable so tests do not wait for real minutes. */
export interface Clock {
  now(): number;
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export const systemClock: Clock = {
  now: () => Date.now(),
  setTimeout: (callback, ms) => {
    const handle = setTimeout(callback, ms);
    // A pending tick never keeps a process (or a test run) alive.
    handle.unref();
    return handle;
  },
  clearTimeout: (handle) => clearTimeout(handle as NodeJS.Timeout),
};

export interface SchedulerDeps {
  db: Database;
  /** The sandbox, looked up at run time (null while none is configured: runs end in an error). */
  sandbox: () => ScriptSandbox | null;
  pushes: PushHub;
  /** READINGS_RETENTION_DAYS, for the readings' compaction. */
  readingsRetentionDays?: number;
  clock?: Clock;
  onError?: (error: unknown) => void;
  /** The server's own housekeeping (systemJobs.ts); default all of it. */
  systemJobs?: readonly SystemJob[];
  /** A run this process claimed has ended (the job-run metric), counted even when saving its record failed. */
  onRunFinished?: (kind: 'script' | 'system', outcome: 'ok' | 'error') => void;
}

const toRun = (row: typeof jobRuns.$inferSelect): JobRun => ({ ...row, outcome: row.outcome as JobRun['outcome'], summary: row.summary ?? null });

/**
 * Runs active jobs on their cron, in UTC, once per minute tick across every process (DESIGN §9):
 * each process wakes at the start of every minute and, for each job due then, tries to insert the
 * run row keyed by (job, tick); only the process whose insert succeeded runs the script. The
 * server's system jobs (systemJobs.ts) take their ticks the same way.
 */
export function createJobScheduler(deps: SchedulerDeps) {
  const { db } = deps;
  const clock = deps.clock ?? systemClock;
  const onError = deps.onError ?? (() => undefined);
  const systemJobs = deps.systemJobs ?? SYSTEM_JOBS;
  let timer: unknown = null;
  let running = false;
  const inFlight = new Set<Promise<unknown>>();

  const track = <T>(work: Promise<T>): Promise<T> => {
    inFlight.add(work);
    void work.finally(() => inFlight.delete(work)).catch(() => undefined);
    return work;
  };

  /** Inserts the run row; null when another process (or an earlier call) already claimed the tick. */
  async function claim(jobId: string, tick: number): Promise<typeof jobRuns.$inferSelect | null> {
    const [row] = await db
      .insert(jobRuns)
      .values({ _id: newId(), job: jobId, tick, startedAt: clock.now(), outcome: 'running' })
      .onConflictDoNothing({ target: [jobRuns.job, jobRuns.tick] })
      .returning();
    return row ?? null;
  }

  async function execute(job: JobRow, run: typeof jobRuns.$inferSelect): Promise<JobRun> {
    const { api, summary } = createJobWriteApi(db, deps.pushes, clock.now, onError);
    let outcome: 'ok' | 'error' = 'error';
    let error: string | null = null;
    try {
      const [script] = job.script ? await db.select({ code: scripts.code }).from(scripts).where(eq(scripts._id, job.script)) : [];
      const sandbox = deps.sandbox();
      if (!script) error = 'The job has no script';
      else if (!sandbox) error = 'The script sandbox is not available';
      else {
        const result = await sandbox.run({ code: script.code, kind: 'job', input: { tick: run.tick }, user: jobIdentity(job), write: api });
        if (result.ok) outcome = 'ok';
        else error = result.error.message;
      }
    } catch (thrown) {
      error = thrown instanceof Error ? thrown.message : String(thrown);
    }
    try {
      return await finish(run, outcome, error, { ...summary });
    } finally {
      deps.onRunFinished?.('script', outcome);
    }
  }

  async function finish(run: typeof jobRuns.$inferSelect, outcome: 'ok' | 'error', error: string | null, summary: Record<string, unknown>): Promise<JobRun> {
    const [saved] = await db
      .update(jobRuns)
      .set({
        durationMs: Math.max(0, Math.round(clock.now() - run.startedAt)),
        outcome,
        error: error === null ? null : error.slice(0, MAX_ERROR_LENGTH),
        summary: Object.keys(summary).length > 0 ? { ...summary } : null,
      })
      .where(eq(jobRuns._id, run._id))
      .returning();
    return toRun(saved ?? run);
  }

  /** A system job's tick: its work, then its runs older than a week go. */
  async function executeSystem(job: SystemJob, run: typeof jobRuns.$inferSelect): Promise<JobRun> {
    // Counted once, as what the run ends as: an ok run whose record cannot be saved is retried as an error.
    let outcome: 'ok' | 'error' = 'ok';
    try {
      const summary = await job.run(db, run.tick, { pushes: deps.pushes, ...(deps.readingsRetentionDays ? { readingsRetentionDays: deps.readingsRetentionDays } : {}) });
      await db.delete(jobRuns).where(and(eq(jobRuns.job, job.id), lt(jobRuns.tick, run.tick - SYSTEM_RUNS_KEPT_MS)));
      return await finish(run, 'ok', null, summary);
    } catch (thrown) {
      outcome = 'error';
      onError(thrown);
      return await finish(run, 'error', thrown instanceof Error ? thrown.message : String(thrown), {});
    } finally {
      deps.onRunFinished?.('system', outcome);
    }
  }

  const dueAt = (cronExpression: string, tick: number) => {
    const parsed = parseCron(cronExpression);
    return 'cron' in parsed && cronMatches(parsed.cron, tick);
  };

  async function closeStaleRuns(now: number): Promise<void> {
    await db
      .update(jobRuns)
      .set({ outcome: 'error', error: STALE_RUN_ERROR })
      .where(and(eq(jobRuns.outcome, 'running'), lt(jobRuns.startedAt, now - STALE_RUN_MS)));
  }

  /** Every active job due at this minute (epoch ms, UTC) whose tick this process claims, run. */
  async function runTick(minute: number): Promise<JobRun[]> {
    const tick = Math.floor(minute / MINUTE_MS) * MINUTE_MS;
    await closeStaleRuns(clock.now());
    const candidates = await db.select().from(jobs).where(and(eq(jobs.active, true), isNotNull(jobs.script)));
    const due = candidates.filter((job) => dueAt(job.cronExpression, tick));
    const runs = await Promise.all([
      ...due.map(async (job) => {
        const run = await claim(job._id, tick);
        return run ? execute(job, run) : null;
      }),
      ...systemJobs
        .filter((job) => dueAt(job.cronExpression, tick))
        .map(async (job) => {
          const run = await claim(job.id, tick);
          return run ? executeSystem(job, run) : null;
        }),
    ]);
    return runs.filter((run): run is JobRun => run !== null);
  }

  /**
   * A system job now (tick = now), e.g. at start; it claims its tick like any other, so a process
   * starting in the same millisecond as another does not run it twice. Null for an unknown id.
   */
  async function runSystemNow(jobId: string): Promise<JobRun | null> {
    const job = systemJobs.find((j) => j.id === jobId);
    if (!job) return null;
    const run = await claim(job.id, clock.now());
    return run ? track(executeSystem(job, run)) : null;
  }

  /** POST /job/{id}/run: now, whatever the cron and the active flag say; null for an unknown job. */
  async function runNow(jobId: string): Promise<JobRun | 'busy' | null> {
    const [job] = await db.select().from(jobs).where(eq(jobs._id, jobId));
    if (!job) return null;
    const run = await claim(job._id, clock.now());
    return run ? track(execute(job, run)) : 'busy';
  }

  function arm(nextMinute: number) {
    timer = clock.setTimeout(() => {
      timer = null;
      if (!running) return;
      const now = clock.now();
      // A timer that fires early waits for the rest of the minute; a late one runs the minute it is in.
      if (now < nextMinute) return arm(nextMinute);
      const minute = Math.floor(now / MINUTE_MS) * MINUTE_MS;
      track(runTick(minute)).catch(onError);
      arm(minute + MINUTE_MS);
    }, Math.max(0, nextMinute - clock.now()));
  }

  return {
    runTick: (minute: number) => track(runTick(minute)),
    runNow,
    runSystemNow,
    async recentRuns(jobId: string): Promise<JobRun[]> {
      const rows = await db.select().from(jobRuns).where(eq(jobRuns.job, jobId)).orderBy(desc(jobRuns.startedAt), desc(jobRuns.tick)).limit(RUNS_SHOWN);
      return rows.map(toRun);
    },
    isRunning: () => running,
    /** Wakes at the start of every following minute (wall clock, UTC). */
    start() {
      if (running) return;
      running = true;
      arm(Math.floor(clock.now() / MINUTE_MS) * MINUTE_MS + MINUTE_MS);
    },
    /** Stops the timer and waits for runs in progress. */
    async stop() {
      running = false;
      if (timer !== null) clock.clearTimeout(timer);
      timer = null;
      await Promise.allSettled([...inFlight]);
    },
  };
}

export type JobScheduler = ReturnType<typeof createJobScheduler>;

declare module 'fastify' {
  interface FastifyInstance {
    jobs: JobScheduler;
  }
}
