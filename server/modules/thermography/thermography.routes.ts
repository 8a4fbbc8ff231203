import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { assets } from '../../db/schema';
import { badRequest, HttpError, notFound } from '../../http/errors';
import { errorSchema, idParamsSchema } from '../../http/schemas';
import { epochMsOf } from '../../http/period';
import { currentUser } from '../../auth/authPlugin';
import { loadReportImages } from '../../reports/reportImages';
import { DEFAULT_REPORT_TIME_ZONE, REPORT_FILES, ReportModelError } from '../../reports/reportTypes';
import { validateDocumentModel } from '../../../common/reports/documentModel';
import { isKnownTimeZone } from '../../../common/timeZone';
import { attachmentDisposition } from '../reports/contentDisposition';
import { notePictureSource } from './notePicture';
import { thermographyReportModel, type ReportScope } from './thermographyReport';
import { SEVERITY_LEVELS } from '../../../common/thermography/note';
import { NETA_MTS, NFPA_70B } from '../../../common/thermography/suggestedSeverity';
import { readThermographyConfig } from './thermographyConfig';
import { thermographyInfoDocument } from './thermographyInfo';
import { thermographyTrend } from './thermographyTrend';

const tags = ['thermography'];

const REPORT_FORMATS = ['pdf', 'doc'] as const;
type ThermographyReportQuery = Partial<Record<'reportFormat' | 'timeZone' | 'inspection' | 'asset' | 'from' | 'to', string>>;

/** What a report covers: one inspection, or a period (open at either end) of one asset or of every asset. */
function reportScopeOf(query: ThermographyReportQuery): ReportScope {
  const from = epochMsOf(query.from, 'from');
  const to = epochMsOf(query.to, 'to');
  if (query.inspection) {
    if (query.asset) throw badRequest('asset', 'Give inspection, or asset with a period, not both');
    if (from !== undefined || to !== undefined) throw badRequest(from !== undefined ? 'from' : 'to', 'An inspection report covers its inspection: from and to go with asset or alone');
    return { inspection: query.inspection };
  }
  if (from !== undefined && to !== undefined && to < from) throw badRequest('to', 'to must not be before from');
  const period = { ...(from === undefined ? {} : { from }), ...(to === undefined ? {} : { to }) };
  return query.asset ? { asset: query.asset, ...period } : period;
}

/** Thermography reads around the notes: the asset's trend, the settings the screens need, the info PDF, the report. */
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
  app.get(
    '/thermography/info.pdf',
    {
      // Opened in a new tab, which sends no token; it holds nothing but guidance.
      config: { access: { public: true } },
      schema: { tags, summary: 'The Thermography Info PDF (the default of the config entry thermography.infoUrl)' },
    },
    async (_request, reply) => {
      // A guide without times: no zone to state.
      infoPdf ??= app.services.reports.render('pdf', { model: thermographyInfoDocument(), images: [], timeZone: 'UTC' }).catch((error: unknown) => {
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

  app.get<{ Querystring: ThermographyReportQuery }>(
    '/thermography/report',
    {
      config: { access: { permission: 'read-thermography-note' } },
      schema: {
        tags,
        summary:
          'The thermography report (pdf or doc → .docx) of one inspection (inspection), or of a period (from, to: epoch ms, either optional) of one asset (asset) or of every asset: cover, findings by severity, then a page per note with its painted thermal picture and tools, visible picture, measurements, ΔT, load, criterion, severity, observations and recommendations; its times in timeZone (default UTC)',
        querystring: {
          type: 'object',
          properties: {
            reportFormat: { type: 'string', maxLength: 10 },
            timeZone: { type: 'string', maxLength: 100 },
            inspection: { type: 'string', maxLength: 64 },
            asset: { type: 'string', maxLength: 64 },
            from: { type: 'string', maxLength: 20 },
            to: { type: 'string', maxLength: 20 },
          },
          additionalProperties: false,
        },
        response: { 400: errorSchema, 404: errorSchema, 422: errorSchema, 503: errorSchema },
      },
    },
    async (request, reply) => {
      const { reportFormat, timeZone = DEFAULT_REPORT_TIME_ZONE } = request.query;
      const format = REPORT_FORMATS.find((known) => known === reportFormat);
      if (!format) throw badRequest('reportFormat', `reportFormat must be one of: ${REPORT_FORMATS.join(', ')}`);
      if (!isKnownTimeZone(timeZone)) throw badRequest('timeZone', 'timeZone must be a time zone name such as Europe/Berlin or UTC');
      const user = currentUser(request);
      const model = await thermographyReportModel(db(), user, reportScopeOf(request.query));
      const checked = validateDocumentModel(model);
      if (!checked.ok) throw new Error(`The thermography report's document is not renderable: ${checked.problem}`);
      let images;
      try {
        images = await loadReportImages(checked.model, db(), user, notePictureSource(db(), user));
      } catch (error) {
        // Pictures larger than a document holds together (edited visible pictures of many notes).
        if (error instanceof ReportModelError) throw new HttpError(422, `The report cannot hold these notes' pictures: ${error.message}; choose a shorter period or one inspection`, { report: error.message });
        throw error;
      }
      const file = await app.services.reports.render(format, { model: checked.model, images, timeZone });
      const { extension, contentType } = REPORT_FILES[format];
      return reply
        .header('content-type', contentType)
        .header('content-disposition', attachmentDisposition(checked.model.title, extension))
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store')
        .send(file);
    },
  );
}
