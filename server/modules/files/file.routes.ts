import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import { currentUser } from '../../auth/authPlugin';
import { files } from '../../db/schema';
import { newId } from '../../db/ids';
import { HttpError, badRequest, forbidden, notFound } from '../../http/errors';
import { errorSchema, idParamsSchema } from '../../http/schemas';
import { INSPECTION_IMAGE_MAX_BYTES } from '../../../common/constants';
import { sniffImageType } from './imageContent';
import { mayReadFile } from './fileAccess';

const tags = ['file'];
const MAX_NAME_LENGTH = 200;

/** Image values of inspections: uploaded before the submit, stored in the database (DESIGN §9). */
export async function fileRoutes(app: FastifyInstance) {
  await app.register(multipart, { limits: { fileSize: INSPECTION_IMAGE_MAX_BYTES, files: 1, fields: 0, parts: 2 } });
  const db = () => app.services.db;

  app.post(
    '/file',
    {
      config: { access: { permission: 'update-inspection' } },
      schema: { tags, summary: 'Upload an image (multipart part "file"): JPEG, PNG or WebP by content', response: { 400: errorSchema, 413: errorSchema, 415: errorSchema } },
    },
    async (request) => {
      if (!request.isMultipart()) throw badRequest('file', 'file must be sent as multipart/form-data');
      const part = await request.file();
      if (!part) throw badRequest('file', 'file is required');
      if (part.fieldname !== 'file') throw badRequest(part.fieldname, `${part.fieldname} is not allowed; send the image as "file"`);
      let data: Buffer;
      try {
        data = await part.toBuffer();
      } catch (error) {
        if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
          throw new HttpError(413, `file is too large, the limit is ${INSPECTION_IMAGE_MAX_BYTES / 1_048_576} MB`, { file: 'file is too large' });
        }
        throw error;
      }
      if (data.length === 0) throw badRequest('file', 'file is empty');
      const contentType = sniffImageType(data);
      if (!contentType) throw new HttpError(415, 'file must be a JPEG, PNG or WebP image', { file: 'file must be a JPEG, PNG or WebP image' });
      const row = { _id: newId(), name: (part.filename ?? '').slice(0, MAX_NAME_LENGTH), contentType, size: data.length, data: new Uint8Array(data), uploadedBy: currentUser(request)._id };
      await db().insert(files).values(row);
      return { _id: row._id, name: row.name, contentType, size: row.size };
    },
  );

  app.get<{ Params: { id: string } }>(
    '/file/:id',
    { config: { access: { signedIn: true } }, schema: { tags, summary: 'A file, to users who may read its owner', params: idParamsSchema, response: { 403: errorSchema, 404: errorSchema } } },
    async (request, reply) => {
      const [file] = await db().select().from(files).where(eq(files._id, request.params.id));
      if (!file) throw notFound('File not found');
      if (!mayReadFile(file, currentUser(request))) throw forbidden('You may not read this file');
      return reply
        .header('content-type', file.contentType)
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, max-age=86400')
        .header('content-disposition', 'inline')
        .send(Buffer.from(file.data));
    },
  );
}
