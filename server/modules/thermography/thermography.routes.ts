import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { assets } from '../../db/schema';
import { notFound } from '../../http/errors';
import { errorSchema, idParamsSchema } from '../../http/schemas';
import { createReportRenderer } from '../../reports/renderQueue';
import { SEVERITY_LEVELS } from '../../../common/thermography/note';
import { NETA_MTS, NFPA_70B } from '../../../common/thermography/suggestedSeverity';
import { readThermographyConfig } from './thermographyConfig';
import { thermographyInfoDocument } from './thermographyInfo';
import { thermographyTrend } from './thermographyTrend';

const tags = ['thermography'];

/** Thermography reads around the notes: the asset's trend, the settings the screens need, the info PDF. */
export async function thermographyRoutes(app: FastifyInstance) {
  const db = () => app.services.db;

  app.get<{ Params: { id: string } }>(
    '/asset/:id/thermographyTrend',
    {
      config: { access: { permission: 'read-thermography-note' } },
      schema: { tags: [...tags, 'asset'], summary: "Each approved note's hottest spot over time, for the asset's chart", params: idParamsSchema, response: { 404: errorSchema } },
    },
    async (request) => {
      const [asset] = await db().select({ _id: assets._id }).from(assets).where(eq(assets._id, request.params.id));
      if (!asset) throw notFound('Asset not found');
      return thermographyTrend(db(), asset._id);
    },
  );

  app.get(
    '/thermography/config',
    {
      // The drawer's Thermography Info entry and the severity chips: any signed-in user's screens.
      config: { access: { signedIn: true } },
      schema: {
        tags,
        summary: "The Thermography Info PDF's address, the alert level (name, colour) of each severity A–D and the severity criteria a note may be graded by (NETA MTS, NFPA 70B, the site's own)",
      },
    },
    async () => {
      const config = await readThermographyConfig(db());
      return {
        infoUrl: config.infoUrl,
        severityLevels: Object.fromEntries(
          SEVERITY_LEVELS.map((severity) => {
            const level = config.severityLevels[severity];
            return [severity, level ? { _id: level._id, name: level.name, color: level.color, technicalName: level.technicalName } : null];
          }),
        ),
        criteria: [NETA_MTS, NFPA_70B, config.siteCriterion],
      };
    },
  );

  // Rendered once per process, on the first request, off the event loop.
  let infoPdf: Promise<Buffer> | null = null;
  const renderer = createReportRenderer({ maxMemoryMb: 256 });
  app.addHook('onClose', () => renderer.close());
  app.get(
    '/thermography/info.pdf',
    {
      // Opened in a new tab, which sends no token; it holds nothing but guidance.
      config: { access: { public: true } },
      schema: { tags, summary: 'The Thermography Info PDF (the default of the config entry thermography.infoUrl)' },
    },
    async (_request, reply) => {
      // A guide without times: no zone to state.
      infoPdf ??= renderer.render('pdf', { model: thermographyInfoDocument(), images: [], timeZone: 'UTC' }).catch((error: unknown) => {
        infoPdf = null;
        throw error;
      });
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', 'inline; filename="thermography-info.pdf"')
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'public, max-age=3600')
        .send(await infoPdf);
    },
  );
}
