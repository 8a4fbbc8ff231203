import * as yup from 'yup';
import { cronProblem } from './cron';
import { described, field } from '../fields';
import { hasControlCharacters, strictObject } from './schemaParts';

export { describeCron } from './cron';

/** Spec §3 Job: its script runs on its cron expression, in GMT (DESIGN §9). */
export interface Job {
  _id: string;
  name: string;
  cronExpression: string;
  active: boolean;
  script: string | null;
}

/** One run of a job (GET /job/{id}/runs), newest first. */
export interface JobRun {
  _id: string;
  job: string;
  /** The scheduled minute (epoch ms); a run started by hand carries its start time. */
  tick: number;
  startedAt: number;
  durationMs: number | null;
  outcome: 'running' | 'ok' | 'error';
  error: string | null;
  /** What the run wrote through the job write API: ids per kind. */
  summary: JobRunSummary | null;
}

export interface JobRunSummary {
  inspectionSchedules?: string[];
  alerts?: string[];
  /** Orders the work order rule opened for the run's alerts (docs/work-orders.md). */
  workOrders?: string[];
}

/** What a new job starts with (the prompt only asks for the name). */
export const NEW_JOB_CRON = '0 * * * *';

export const jobSchema = strictObject({
  name: field.name(),
  cronExpression: described(
    yup
      .string()
      .required('cronExpression is required')
      .max(200, 'cronExpression must be at most 200 characters')
      .test('cron', (value, context) => {
        // One line (docs/scripts.md): croner would read past a line break or a tab, and what was typed is not what runs.
        if (typeof value === 'string' && hasControlCharacters(value)) return context.createError({ message: 'cronExpression must be one line without control characters' });
        const problem = typeof value === 'string' ? cronProblem(value) : null;
        return problem ? context.createError({ message: problem }) : true;
      }),
    { label: 'CRON Expression (GMT)', kind: 'text' },
  ),
  active: field.yesNo('Active'),
  script: field.reference('Script', 'script'),
}).test('active-needs-script', (value, context) =>
  value && value.active === true && !value.script ? context.createError({ path: 'script', message: 'script is required while the job is active' }) : true,
);
