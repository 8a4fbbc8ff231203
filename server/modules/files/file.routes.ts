import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import { currentUser } from '../../auth/authPlugin';
import { files } from '../../db/schema';
import { newId } from '../../db/ids';
import { HttpError, badRequest, forbidden, notFound } from '../../http/errors';
import { errorSchema, idParamsSchema } from '../../http/schemas';
import { INSPECTION_IMAGE_MAX_BYTES, THUMBNAIL_MAX_SIDE } from '../../../common/constants';
import { sniffImageType } from './imageContent';
import { mayReadFile } from './fileAccess';
import { checkUploadQuota, withUserUploadLock } from './uploadQuota';
import { insertFiles } from './insertFiles';
import { hasControlCharacter } from './fileName';
import { wholePartOrNull } from './uploadPart';
import { checkImagePixels, IMAGE_MAX_MEGAPIXELS } from './imagePixels';
import { makeThumbnail, THUMBNAIL_CONTENT_TYPE } from './thumbnail';

const tags = ['file'];
const MAX_NAME_LENGTH = 200;
const megabytes = (bytes: number) => Math.round((bytes / 1_048_576) * 10) / 10;
const clockTime = (at: number) => new Date(at).toISOString().slice(11, 16);

/** 429 for an upload past the user's hourly quota: how much, and when there is room again. */
function quotaReached(quotaBytes: number, usedBytes: number, fitsAt: number, now: number): HttpError {
  const when = Number.isFinite(fitsAt)
    ? `; room frees up at ${clockTime(fitsAt)} UTC (in ${Math.max(1, Math.ceil((fitsAt - now) / 60_000))} min)`
    : '';
  const message = `Upload quota reached: ${megabytes(usedBytes)} MB of ${megabytes(quotaBytes)} MB uploaded in the last hour${when}`;
  return new HttpError(429, message, { file: message });
}

/** Image values of inspections: uploaded before the submit, stored in the database (DESIGN §9). */
export async function fileRoutes(app: FastifyInstance) {
  await app.register(multipart, { limits: { fileSize: INSPECTION_IMAGE_MAX_BYTES, files: 1, fields: 0, parts: 2 } });
  const db = () => app.services.db;

  app.post(
    '/file',
    {
      config: { access: { permission: 'update-inspection' } },
      schema: {
        tags,
        summary: `Upload an image (multipart part "file"): JPEG, PNG or WebP by content, of at most ${IMAGE_MAX_MEGAPIXELS}, within the hourly upload quota`,
        response: { 400: errorSchema, 413: errorSchema, 415: errorSchema, 429: errorSchema },
      },
    },
    async (request, reply) => {
      if (!request.isMultipart()) throw badRequest('file', 'file must be sent as multipart/form-data');
      const part = await request.file();
      if (!part) throw badRequest('file', 'file is required');
      if (part.fieldname !== 'file') throw badRequest(part.fieldname, `${part.fieldname} is not allowed; send the image as "file"`);
      if (hasControlCharacter(part.filename ?? '')) throw badRequest('file', 'file name must not contain control characters');
      const data = await wholePartOrNull(part);
      if (!data) throw new HttpError(413, `file is too large, the limit is ${INSPECTION_IMAGE_MAX_BYTES / 1_048_576} MB`, { file: 'file is too large' });
      if (data.length === 0) throw badRequest('file', 'file is empty');
      const contentType = sniffImageType(data);
      if (!contentType) throw new HttpError(415, 'file must be a JPEG, PNG or WebP image', { file: 'file must be a JPEG, PNG or WebP image' });
      await checkImagePixels(data, 'file');
      const row = { _id: newId(), name: (part.filename ?? '').slice(0, MAX_NAME_LENGTH), contentType, size: data.length, data: new Uint8Array(data), uploadedBy: currentUser(request)._id };
      const quotaBytes = app.services.config.uploadQuotaBytesPerHour;
      await withUserUploadLock(db(), row.uploadedBy, async (tx) => {
        const now = Date.now();
        const quota = await checkUploadQuota(tx, row.uploadedBy, row.size, quotaBytes, now);
        if (quota.fitsAt !== null) {
          if (Number.isFinite(quota.fitsAt)) reply.header('retry-after', String(Math.max(1, Math.ceil((quota.fitsAt - now) / 1000))));
          throw quotaReached(quotaBytes, quota.usedBytes, quota.fitsAt, now);
        }
        await insertFiles(tx, [{ ...row, createdAt: now }]);
      });
      return { _id: row._id, name: row.name, contentType, size: row.size };
    },
  );

  /** The file row a caller may read: 404 when there is none, 403 when its owner is not theirs to read (DESIGN §9). */
  const readableFile = async (request: FastifyRequest<{ Params: { id: string } }>) => {
    const [file] = await db().select().from(files).where(eq(files._id, request.params.id));
    if (!file) throw notFound('File not found');
    if (!mayReadFile(file, currentUser(request))) throw forbidden('You may not read this file');
    return file;
  };

  app.get<{ Params: { id: string } }>(
    '/file/:id',
    { config: { access: { signedIn: true } }, schema: { tags, summary: 'A file, to users who may read its owner', params: idParamsSchema, response: { 403: errorSchema, 404: errorSchema } } },
    async (request, reply) => {
      const file = await readableFile(request);
      return reply
        .header('content-type', file.contentType)
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, max-age=86400')
        .header('content-disposition', 'inline')
        .send(Buffer.from(file.data));
    },
  );

  app.get<{ Params: { id: string } }>(
    '/file/:id/thumbnail',
    {
      config: { access: { signedIn: true } },
      schema: {
        tags,
        summary: `An image file scaled to fit ${THUMBNAIL_MAX_SIDE} × ${THUMBNAIL_MAX_SIDE} pixels (WebP), for small renders; to users who may read the file`,
        params: idParamsSchema,
        response: { 400: errorSchema, 403: errorSchema, 404: errorSchema, 413: errorSchema, 415: errorSchema },
      },
    },
    async (request, reply) => {
      const file = await readableFile(request);
      const thumbnail = await makeThumbnail(file.data);
      return reply
        .header('content-type', THUMBNAIL_CONTENT_TYPE)
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, max-age=86400')
        .header('content-disposition', 'inline')
        .send(thumbnail);
    },
  );
}
