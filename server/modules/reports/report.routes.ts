import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { currentUser } from '../../auth/authPlugin';
import { reports, scripts } from '../../db/schema';
import { badRequest, HttpError, notFound } from '../../http/errors';
import { errorSchema, idParamsSchema } from '../../http/schemas';
import { scriptFailure } from '../../sandbox/scriptHttp';
import { loadReportImages } from '../../reports/reportImages';
import { DEFAULT_REPORT_TIME_ZONE, REPORT_FILES, ReportModelError } from '../../reports/reportTypes';
import { validateDocumentModel } from '../../../common/reports/documentModel';
import { isReportFormat, REPORT_FORMATS } from '../../../common/resources/report';
import { isKnownTimeZone } from '../../../common/timeZone';
import { attachmentDisposition } from './contentDisposition';
import { notePictureSource } from '../thermography/notePicture';

const tags = ['report'];

type Filters = Record<string, string | string[] | undefined>;

const unrenderable = (problem: string) => {
  const message = `The report script returned a document that cannot be rendered: ${problem}`;
  return new HttpError(422, message, { script: message });
};

/**
 * GET /report/{id}/download?reportFormat=pdf|xls|doc&timeZone=<IANA zone>&<filters> (spec §7):
 * runs the report's script as the caller with the filter values, checks the document model it
 * returns, renders it off the event loop — its times in `timeZone`, the requester's (the web app
 * sends the device's) — and answers the file (spec §9: pdf, xlsx, docx) as an attachment.
 */
export async function reportRoutes(app: FastifyInstance) {
  app.get<{ Params: { id: string }; Querystring: Filters }>(
    '/report/:id/download',
    {
      config: { access: { anyPermission: ['read-report', 'manage-report'] } },
      schema: {
        tags,
        summary: 'Run the report script with the filter params and download the result in reportFormat (pdf, xls → .xlsx, doc → .docx), its times in timeZone (default UTC)',
        params: idParamsSchema,
        querystring: { type: 'object', properties: { reportFormat: { type: 'string' }, timeZone: { type: 'string' } }, additionalProperties: true },
        response: { 400: errorSchema, 404: errorSchema, 422: errorSchema, 429: errorSchema, 503: errorSchema, 504: errorSchema },
      },
    },
    async (request, reply) => {
      const { reportFormat, timeZone = DEFAULT_REPORT_TIME_ZONE, ...filters } = request.query;
      if (reportFormat === undefined || reportFormat === '') throw badRequest('reportFormat', `reportFormat is required (one of: ${REPORT_FORMATS.join(', ')})`);
      if (!isReportFormat(reportFormat)) throw badRequest('reportFormat', `reportFormat must be one of: ${REPORT_FORMATS.join(', ')}`);
      if (typeof timeZone !== 'string' || !isKnownTimeZone(timeZone)) throw badRequest('timeZone', 'timeZone must be a time zone name such as Europe/Berlin or UTC');
      const db = app.services.db;
      const [report] = await db.select().from(reports).where(eq(reports._id, request.params.id));
      if (!report) throw notFound('Report not found');
      if (!report.formats.includes(reportFormat)) {
        throw badRequest('reportFormat', `reportFormat ${reportFormat} is not offered by report "${report.name}" (formats: ${report.formats.join(', ') || 'none'})`);
      }
      const [script] = report.script ? await db.select().from(scripts).where(eq(scripts._id, report.script)) : [];
      if (!script) throw badRequest('script', `Report "${report.name}" has no script to build its document`);

      const user = currentUser(request);
      const result = await app.services.scripts.run({ code: script.code, kind: 'report', input: filters, user });
      if (!result.ok) throw scriptFailure(result.error);
      const checked = validateDocumentModel(result.value);
      if (!checked.ok) throw unrenderable(checked.problem);
      let images;
      try {
        images = await loadReportImages(checked.model, db, user, notePictureSource(db, user));
      } catch (error) {
        if (error instanceof ReportModelError) throw unrenderable(error.message);
        throw error;
      }
      const file = await app.services.reports.render(reportFormat, { model: checked.model, images, timeZone });
      const { extension, contentType } = REPORT_FILES[reportFormat];
      return reply
        .header('content-type', contentType)
        .header('content-disposition', attachmentDisposition(report.name, extension))
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store')
        .send(file);
    },
  );
}
