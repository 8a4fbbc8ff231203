import ScheduleIcon from '@mui/icons-material/Schedule';
import { jobSchema, NEW_JOB_CRON } from '../../../common/resources/job';
import { declareResource } from '../mechanism/declareResource';
import { JobEditor } from './JobEditor';
import type { JobRecord } from './types';

/**
 * Job management (spec §2.9: Job, CRON Expression (GMT), Active, Script, Actions; New Job, Copy
 * Job), the columns derived from the schema. A new job starts inactive, hourly, without a script;
 * the expanded row holds the editor with the cron expression read in English, "Run now" and the run log.
 */
export const jobResource = declareResource<JobRecord>({
  name: 'job', label: 'Job', schema: jobSchema, icon: ScheduleIcon, permission: 'manage-job',
  create: { body: (name) => ({ name, cronExpression: NEW_JOB_CRON, active: false, script: null }) },
  copy: true,
  Editor: JobEditor,
});
