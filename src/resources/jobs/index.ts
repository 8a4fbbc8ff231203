import ScheduleIcon from '@mui/icons-material/Schedule';
import { NEW_JOB_CRON, type Job } from '../../../common/resources/job';
import { standardMessages, type ResourceDefinition } from '../generic/ResourceDefinition';
import { JobEditor } from './JobEditor';
import { useJobColumns } from './useJobColumns';

export type JobRecord = Job & { id: string };

/**
 * Job management (spec §2.9: Job, CRON Expression (GMT), Active, Script, Actions; New Job, Copy
 * Job). A new job starts inactive, hourly, without a script; the expanded row holds the editor
 * with the cron expression read in English, "Run now" and the run log.
 */
export const jobResource: ResourceDefinition<JobRecord> = {
  name: 'job',
  route: 'jobManagement',
  permission: 'manage-job',
  title: 'app.menu.job_management',
  icon: ScheduleIcon,
  useColumns: useJobColumns,
  defaultSort: [{ field: 'name', order: 'asc' }],
  messages: standardMessages('job'),
  create: { label: 'app.job.new', kind: 'prompt', body: (name) => ({ name, cronExpression: NEW_JOB_CRON, active: false, script: null }) },
  copy: { label: 'app.job.copy' },
  remove: {},
  Editor: JobEditor,
};
