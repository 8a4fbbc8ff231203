import type { FastifyInstance } from 'fastify';
import { APPLICATION_INFO_KEYS, DEFAULT_APPLICATION_NAME, type ApplicationInfo } from '../../../common/api';

export async function appInfoRoutes(app: FastifyInstance) {
  app.get(
    '/init/applicationInfo',
    {
      config: { access: { public: true } },
      schema: {
        tags: ['session'],
        summary: 'Application name and company logo, shown before sign-in',
        response: {
          200: {
            type: 'object',
            properties: { applicationName: { type: 'string' }, companyLogoURL: { type: 'string' } },
          },
        },
      },
    },
    async (): Promise<ApplicationInfo> => {
      const values = await app.services.configEntries.values(Object.values(APPLICATION_INFO_KEYS));
      return {
        applicationName: values.applicationName || DEFAULT_APPLICATION_NAME,
        companyLogoURL: values.companyLogoURL ?? '',
      };
    },
  );
}
