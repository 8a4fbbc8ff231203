import type { Job } from '../../../common/resources/job';

export type JobRecord = Job & { id: string };
