import type { FastifyInstance } from 'fastify';

export async function docsRoutes(app: FastifyInstance) {
  app.get(
    '/docs',
    { config: { access: { public: true } }, schema: { hide: true } },
    async () => app.swagger(),
  );
}
