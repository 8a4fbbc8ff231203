import { eq, getTableColumns } from 'drizzle-orm';
import { fileBytes } from '../../db/fileBytes';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import { currentUser } from '../../auth/authPlugin';
import { files, workOrders } from '../../db/schema';
import type { AuthUser } from '../../auth/access';
import { newId } from '../../db/ids';
import { HttpError, badRequest, forbidden, notFound } from '../../http/errors';
import { errorSchema, idParamsSchema } from '../../http/schemas';
import { INSPECTION_IMAGE_MAX_BYTES, THUMBNAIL_MAX_SIDE } from '../../../common/constants';
import { sniffFileType, sniffImageType } from './imageContent';
import { fileOwnerReaders, mayReadFile } from './fileAccess';
import { crudResources } from '../../crud/registry';
import type { DeclarationShape } from '../../crud/crudTypes';
import { declaredFileFields } from '../../fields/declaredFiles';
import { acceptedWords, acceptsContentType, type FileSettings } from '../../../common/fields/file';
import type { FieldMeta } from '../../../common/fields';
import { checkUploadQuota, withUserUploadLock } from './uploadQuota';
import { insertFiles } from './insertFiles';
import { hasControlCharacter } from './fileName';
import { wholePartOrNull } from './uploadPart';
import { checkImagePixels, IMAGE_MAX_MEGAPIXELS } from './imagePixels';
import { makeThumbnail, THUMBNAIL_CONTENT_TYPE } from './thumbnail';
import { attachmentDisposition } from '../reports/contentDisposition';
import { ACTIVITY_PHOTO_UPLOAD_TARGET } from '../../../common/resources/workOrder';

const tags = ['file'];

/** A stored file's name as a download's: the reports' RFC 6266 form (contentDisposition.ts). */
function attachment(name: string): string {
  const dot = name.lastIndexOf('.');
  // The extension reaches the header as it is: letters and digits only.
  const extension = dot > 0 ? name.slice(dot + 1).replace(/[^A-Za-z0-9]/g, '').slice(0, 10) : '';
  return attachmentDisposition(dot > 0 ? name.slice(0, dot) : name || 'file', extension || 'bin');
}
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

/** A declared resource's file or photo field an upload is for (`for=sparePart.photo`). */
interface UploadTarget {
  resource: DeclarationShape;
  field: string;
  meta: FieldMeta<FileSettings>;
}

const UPLOAD_FOR_MAX_LENGTH = 200;

/** Every `<entity>.<field>` an upload may be for, by that name. */
function uploadTargets(resources: readonly DeclarationShape[]): ReadonlyMap<string, UploadTarget> {
  return new Map(resources.flatMap((resource) => declaredFileFields(resource).map(({ field, meta }): [string, UploadTarget] => [`${resource.entity}.${field}`, { resource, field, meta }])));
}

const forOf = (request: FastifyRequest): unknown => (request.query as { for?: unknown } | undefined)?.for;

/** Who may upload a photo for a work order's activity (docs/work-orders.md "Photos"): whoever may record activity. */
const recordsActivity = (user: { permissions: ReadonlySet<string> }) => user.permissions.has('update-workorder') || user.permissions.has('manage-workorder');

/**
 * Image values of inspections, and the files of declared resources' file and photo fields: uploaded
 * before the record is saved, stored in the database (DESIGN §9). An upload no record has claimed
 * is its uploader's alone, and goes after a day (fileCleanup.ts).
 */
export async function fileRoutes(app: FastifyInstance, { resources = crudResources }: { resources?: readonly DeclarationShape[] }) {
  await app.register(multipart, { limits: { fileSize: INSPECTION_IMAGE_MAX_BYTES, files: 1, fields: 0, parts: 2 } });
  const db = () => app.services.db;
  const targets = uploadTargets(resources);
  const readers = fileOwnerReaders(resources);
  // A user who may write a resource with file fields may upload for them, whatever else they hold.
  const writesTarget = (request: FastifyRequest, user: { permissions: ReadonlySet<string> }) => {
    if (forOf(request) === ACTIVITY_PHOTO_UPLOAD_TARGET) return recordsActivity(user);
    const target = targets.get(String(forOf(request)));
    return target !== undefined && user.permissions.has(target.resource.write);
  };

  app.post(
    '/file',
    {
      config: {
        access: {
          permission: 'update-inspection',
          orIf: writesTarget,
          orIfDescription: "for=<entity>.<field> naming a file or photo field of a resource the user may write (that resource's permission); for=workOrder.activity with update-workorder or manage-workorder",
        },
      },
      schema: {
        tags,
        summary: `Upload a file (multipart part "file") within the hourly upload quota: an inspection's image or a work order's photo (for=workOrder.activity) — JPEG, PNG or WebP by content, of at most ${IMAGE_MAX_MEGAPIXELS} — or with for=<entity>.<field> what that file or photo field takes (a PDF document too)`,
        querystring: { type: 'object', properties: { for: { type: 'string', minLength: 1, maxLength: UPLOAD_FOR_MAX_LENGTH } } },
        response: { 400: errorSchema, 403: errorSchema, 413: errorSchema, 415: errorSchema, 429: errorSchema },
      },
    },
    async (request, reply) => {
      const named = forOf(request);
      // A work order's photo is an image as an inspection's is (no declared field holds it).
      const target = named === undefined || named === ACTIVITY_PHOTO_UPLOAD_TARGET ? null : targets.get(String(named));
      if (target === undefined) throw badRequest('for', `for: ${String(named).slice(0, UPLOAD_FOR_MAX_LENGTH)} is not a file or photo field (<entity>.<field>)`);
      if (target && !writesTarget(request, currentUser(request))) throw forbidden(`You may not change ${target.resource.label.toLowerCase()}s`);
      if (!request.isMultipart()) throw badRequest('file', 'file must be sent as multipart/form-data');
      const part = await request.file();
      if (!part) throw badRequest('file', 'file is required');
      if (part.fieldname !== 'file') throw badRequest(part.fieldname, `${part.fieldname} is not allowed; send the image as "file"`);
      if (hasControlCharacter(part.filename ?? '')) throw badRequest('file', 'file name must not contain control characters');
      const data = await wholePartOrNull(part);
      if (!data) throw new HttpError(413, `file is too large, the limit is ${INSPECTION_IMAGE_MAX_BYTES / 1_048_576} MB`, { file: 'file is too large' });
      if (data.length === 0) throw badRequest('file', 'file is empty');
      const contentType = target ? sniffFileType(data) : sniffImageType(data);
      const fits = contentType !== null && (!target || acceptsContentType(target.meta, contentType));
      if (!fits) {
        const message = `file must be ${target ? acceptedWords(target.meta) : 'a JPEG, PNG or WebP image'}`;
        throw new HttpError(415, message, { file: message });
      }
      if (contentType.startsWith('image/')) await checkImagePixels(data, 'file');
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
    const [file] = await db().select({ ...getTableColumns(files), data: fileBytes }).from(files).where(eq(files._id, request.params.id));
    if (!file) throw notFound('File not found');
    const user = currentUser(request);
    if (!mayReadFile(file, user, readers) && !(await mayReadOrderPhoto(file, user))) throw forbidden('You may not read this file');
    return file;
  };

  /** A work order's photo: to manage-workorder holders, and to the order's assignee while they hold read-workorder. */
  const mayReadOrderPhoto = async (file: { ownerType: string | null; ownerId: string | null }, user: AuthUser): Promise<boolean> => {
    if (file.ownerType !== 'workOrder' || file.ownerId === null) return false;
    if (user.permissions.has('manage-workorder')) return true;
    if (!user.permissions.has('read-workorder')) return false;
    const [order] = await db().select({ assignedTo: workOrders.assignedTo }).from(workOrders).where(eq(workOrders._id, file.ownerId));
    return order?.assignedTo === user._id;
  };

  app.get<{ Params: { id: string } }>(
    '/file/:id',
    { config: { access: { signedIn: true } }, schema: { tags, summary: 'A file, to users who may read its owner', params: idParamsSchema, response: { 403: errorSchema, 404: errorSchema } } },
    async (request, reply) => {
      const file = await readableFile(request);
      // A picture is shown where it is asked for; anything else (a PDF) is saved, never opened as a page of ours.
      const picture = file.contentType.startsWith('image/');
      if (!picture) reply.header('content-security-policy', 'sandbox');
      return reply
        .header('content-type', file.contentType)
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, max-age=86400')
        .header('content-disposition', picture ? 'inline' : attachment(file.name))
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
      if (!file.contentType.startsWith('image/')) throw new HttpError(415, 'file is not a picture: it has no thumbnail', { file: 'file is not a picture: it has no thumbnail' });
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
