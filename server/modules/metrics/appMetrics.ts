import { Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { SandboxActivity } from '../../sandbox/sandboxTypes';
import { processMetrics } from './processMetrics';

/** Seconds; the upper ones catch script runs (SCRIPT_TIME_LIMIT_MS, default 2 s) and report builds. */
const HTTP_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export type JobRunKind = 'script' | 'system';
export type JobRunOutcome = 'ok' | 'error';
const JOB_RUN_KINDS: readonly JobRunKind[] = ['script', 'system'];
const JOB_RUN_OUTCOMES: readonly JobRunOutcome[] = ['ok', 'error'];

export type RequestDuration = Histogram<'method' | 'route' | 'status'>;

const idle: SandboxActivity = { workers: 0, running: 0, waiting: 0 };

/**
 * The metrics of one app instance (docs/operations.md "Metrics"), in a registry of its own: tests
 * build several apps in one process, and prom-client's global registry would refuse the second
 * app's metrics under the same names. Gauges read their source at scrape time, so nothing is
 * counted on the paths they describe.
 */
export function createAppMetrics() {
  const registry = new Registry();
  const registers = [registry];
  let socketCount = () => 0;
  let scriptActivity = () => idle;

  const requestDuration: RequestDuration = new Histogram({
    name: 'facilityops_http_request_duration_seconds',
    help: 'HTTP requests by method, route pattern (unmatched: no /api route; web app: the built pages and files) and status class, from arrival to the last byte',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: HTTP_BUCKETS,
    registers,
  });

  new Gauge({
    name: 'facilityops_sockets_connected',
    help: 'Signed-in socket.io connections held by this process',
    registers,
    collect() {
      this.set(socketCount());
    },
  });

  const poolGauge = (name: string, help: string, read: (activity: SandboxActivity) => number) =>
    new Gauge({
      name,
      help,
      registers,
      collect() {
        this.set(read(scriptActivity()));
      },
    });
  poolGauge('facilityops_script_pool_waiting', 'Script runs waiting for a sandbox worker (the queue)', (activity) => activity.waiting);
  poolGauge('facilityops_script_pool_running', 'Script runs holding a sandbox worker', (activity) => activity.running);
  poolGauge('facilityops_script_pool_workers', 'Sandbox worker threads alive (up to SCRIPT_WORKERS)', (activity) => activity.workers);

  const jobRuns = new Counter({
    name: 'facilityops_job_runs_total',
    help: 'Job runs this process ran to an end, by kind (script: an administrator\'s job; system: housekeeping) and outcome',
    labelNames: ['kind', 'outcome'] as const,
    registers,
  });
  // Every series from the start: a rate over a series that appears only at its first error misses that error.
  for (const kind of JOB_RUN_KINDS) for (const outcome of JOB_RUN_OUTCOMES) jobRuns.inc({ kind, outcome }, 0);

  return {
    requestDuration,
    /** The Content-Type of `scrape()`'s text (Prometheus text format 0.0.4). */
    contentType: registry.contentType,
    jobRunFinished(kind: JobRunKind, outcome: JobRunOutcome) {
      jobRuns.inc({ kind, outcome });
    },
    countSocketsWith(count: () => number) {
      socketCount = count;
    },
    watchScriptPool(activity: () => SandboxActivity) {
      scriptActivity = activity;
    },
    /** This app's metrics after the process's own (processMetrics.ts): one text, no name in both. */
    async scrape(): Promise<string> {
      const [processText, appText] = await Promise.all([processMetrics().metrics(), registry.metrics()]);
      return processText + appText;
    },
  };
}

export type AppMetrics = ReturnType<typeof createAppMetrics>;
