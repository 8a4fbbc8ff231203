import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { jobs } from '../../db/schema';
import { HttpError, notFound } from '../../http/errors';
import { errorSchema, idParamsSchema } from '../../http/schemas';

const tags = ['job'];

/** A job's run log and "Run now" (DESIGN §9); the job records themselves are the generic CRUD. */
export async function jobRoutes(app: FastifyInstance) {
  app.get<{ Params: { id: string } }>(
    '/job/:id/runs',
    { config: { access: { permission: 'manage-job' } }, schema: { tags, summary: "The job's last 50 runs, newest first", params: idParamsSchema, response: { 404: errorSchema } } },
    async (request) => {
      const [job] = await app.services.db.select({ _id: jobs._id }).from(jobs).where(eq(jobs._id, request.params.id));
      if (!job) throw notFound('Job not found');
      return app.jobs.recentRuns(job._id);
    },
  );

  app.post<{ Params: { id: string } }>(
    '/job/:id/run',
    {
      config: { access: { permission: 'manage-job' } },
      schema: { tags, summary: "Runs the job's script now (tick = now), whatever its cron and active flag; answers the run", params: idParamsSchema, response: { 404: errorSchema, 409: errorSchema } },
    },
    async (request) => {
      const run = await app.jobs.runNow(request.params.id);
      if (run === null) throw notFound('Job not found');
      if (run === 'busy') throw new HttpError(409, 'The job was started this very millisecond already; try again');
      return run;
    },
  );
}
