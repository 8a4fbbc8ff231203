import type { FastifyInstance } from 'fastify';
import { checkReadiness } from './readiness';

declare module 'fastify' {
  interface FastifyInstance {
    /** Set on SIGTERM (server/main.ts): readiness answers 'draining' so the proxy stops sending new work here. */
    lifecycle: { draining: boolean };
  }
}

const readinessSchema = {
  type: 'object',
  properties: {
    status: { type: 'string', enum: ['ready', 'degraded', 'draining', 'not ready'] },
    checks: {
      type: 'object',
      properties: {
        database: { type: 'string' },
        migrations: { type: 'string' },
        redis: { type: 'string' },
      },
    },
  },
} as const;

/** For the proxy and orchestrators (DESIGN §14): public, cheap, never cached. */
export async function healthRoutes(app: FastifyInstance) {
  app.get(
    '/health/live',
    {
      config: { access: { public: true } },
      schema: {
        tags: ['health'],
        summary: 'The process is up (liveness)',
        response: { 200: { type: 'object', properties: { status: { type: 'string', enum: ['live'] } } } },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return { status: 'live' };
    },
  );

  app.get(
    '/health/ready',
    {
      config: { access: { public: true } },
      schema: {
        tags: ['health'],
        summary: 'Whether this process should get traffic: database reachable, migrations applied, Redis when configured',
        response: { 200: readinessSchema, 503: readinessSchema },
      },
    },
    async (_request, reply) => {
      const readiness = await checkReadiness(app.services.db, app.services.bus, app.lifecycle.draining);
      const serving = readiness.status === 'ready' || readiness.status === 'degraded';
      return reply.header('cache-control', 'no-store').status(serving ? 200 : 503).send(readiness);
    },
  );
}
