import { eq } from 'drizzle-orm';
import { jobRuns, jobs, scripts } from '../../db/schema';
import { jobSchema } from '../../../common/resources/job';
import type { CrudResource } from '../../crud/crudResource';
import { requireIds } from '../../crud/references';

/** Spec §3 Job (DESIGN §9). Deleting one drops its run log. */
export const jobResource: CrudResource = {
  entity: 'job',
  label: 'Job',
  table: jobs,
  schema: jobSchema,
  write: 'manage-job',
  prepare: (input) => ({ ...input, cronExpression: String(input.cronExpression).trim() }),
  async checkReferences(db, input) {
    if (input.script) await requireIds(db, scripts, [String(input.script)], 'script', 'script');
  },
  async beforeDelete(tx, row) {
    await tx.delete(jobRuns).where(eq(jobRuns.job, row._id));
  },
};
