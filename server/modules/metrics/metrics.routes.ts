import type { FastifyInstance } from 'fastify';
import { metricsGuard } from './metricsAccess';

/** Prometheus text of this process (DESIGN §14); for a scraper, not for users, so no user token. */
export async function metricsRoutes(app: FastifyInstance) {
  app.get(
    '/metrics',
    {
      config: { access: { public: true, note: 'no user token: METRICS_TOKEN or this host (docs/operations.md)' } },
      onRequest: metricsGuard(app.services.config.metricsToken ?? null),
      schema: {
        tags: ['health'],
        summary: 'Prometheus metrics of this process: "Authorization: Bearer <METRICS_TOKEN>", or a request from this host',
        response: { 200: { type: 'string' } },
      },
    },
    async (_request, reply) => {
      const text = await app.services.metrics.scrape();
      return reply.header('cache-control', 'no-store').type(app.services.metrics.contentType).send(text);
    },
  );
}
