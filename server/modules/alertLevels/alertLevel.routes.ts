import { asc } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { alertLevels } from '../../db/schema';

/** Spec §7: GET /alertLevel — the seeded levels, most severe first. */
export async function alertLevelRoutes(app: FastifyInstance) {
  app.get(
    '/alertLevel',
    {
      config: { access: { signedIn: true } },
      schema: {
        tags: ['alert'],
        summary: 'Alert levels, most severe first',
        response: {
          200: {
            type: 'array',
            items: {
              type: 'object',
              properties: { _id: { type: 'string' }, name: { type: 'string' }, color: { type: 'string' }, technicalName: { type: 'string' }, rank: { type: 'integer' } },
            },
          },
        },
      },
    },
    () => app.services.db.select().from(alertLevels).orderBy(asc(alertLevels.rank)),
  );
}
